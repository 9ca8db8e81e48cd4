import { formatMonthlyPrice, TIERS, type TierLevel } from '@royal/shared';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { TierBadge } from './tier-badge';

/** A plan at a glance, from the shared tier table: its badge and name, monthly price and what it unlocks. */
export function TierPlan({ tier, className }: { tier: TierLevel; className?: string }) {
  const plan = TIERS[tier];
  return (
    <div
      data-plan={tier}
      className={cn(
        'rounded-2xl border border-gold-400/40 bg-gradient-to-b from-royal-50 to-surface p-4 text-left dark:from-royal-900/70 dark:to-surface',
        className,
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <TierBadge tier={tier} label="full" />
        <p className="font-semibold text-foreground">
          <span className="font-display text-xl">{formatMonthlyPrice(plan.monthlyPriceCents)}</span>
        </p>
      </div>
      <p className="mt-3 font-semibold text-muted-foreground text-xs uppercase tracking-[0.15em]">
        {plan.name} unlocks
      </p>
      <ul className="mt-2 grid gap-1.5 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-center gap-2">
            <Check aria-hidden="true" className="size-4 shrink-0 text-gold-600 dark:text-gold-300" />
            {feature}
          </li>
        ))}
      </ul>
    </div>
  );
}
