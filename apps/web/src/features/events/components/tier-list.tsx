import type { TierLevel } from '@royal/shared';
import { TierBadge } from '@/components/ui/tier-badge';

/** The tiers an event admits, as tier pills. */
export function TierList({ tiers }: { tiers: readonly TierLevel[] }) {
  return (
    <ul aria-label="Tiers admitted" className="flex flex-wrap gap-1.5">
      {tiers.map((tier) => (
        <li key={tier}>
          <TierBadge tier={tier} label="short" />
        </li>
      ))}
    </ul>
  );
}
