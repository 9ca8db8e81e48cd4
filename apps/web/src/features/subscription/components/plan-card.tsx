import {
  escrowRangeLabel,
  formatMonthlyPrice,
  MOST_POPULAR_LABEL,
  MOST_POPULAR_TIER,
  type PlanHolding,
  planPurchaseRefusal,
  TIERS,
  type TierLevel,
} from '@royal/shared';
import { Check, Crown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TierBadge } from '@/components/ui/tier-badge';
import { cn } from '@/lib/cn';

/** The four states of a plan card (part 2 §4): the member's own, below it, the free tier, or to buy. */
export type PlanState = 'current' | 'lower' | 'free' | 'subscribe';

/** A card's state: the server refuses exactly the plans shown as Current and Lower Tier. */
export function planState(tier: TierLevel, holding: PlanHolding): PlanState {
  if (tier === 0) return holding.active && holding.tier_level > 0 ? 'free' : 'current';
  return planPurchaseRefusal(tier, holding) ?? 'subscribe';
}

const ACTION_LABELS: Record<PlanState, string> = {
  current: 'Current',
  lower: 'Lower Tier',
  free: 'Free Plan',
  subscribe: 'Subscribe Now',
};

/** One plan from the shared tier table with its action; used by More → Tier Management and /subscription. */
export function PlanCard({
  tier,
  state,
  pending,
  blockedBy,
  onSubscribe,
}: {
  tier: TierLevel;
  state: PlanState;
  pending?: boolean;
  /** The id of the note saying why the member may not pay yet: Subscribe shows disabled, naming it. */
  blockedBy?: string | undefined;
  onSubscribe: (tier: TierLevel) => void;
}) {
  const plan = TIERS[tier];
  // One plan is the popular one on every page that lists plans.
  const popular = tier === MOST_POPULAR_TIER;
  return (
    <article
      aria-label={plan.name}
      data-plan={tier}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-surface p-4 text-left shadow-[0_12px_32px_-22px_rgba(44,20,80,0.5)]',
        state === 'current' ? 'border-gold-400 ring-2 ring-gold-400/50' : 'border-border',
        popular && state !== 'current' && 'border-royal-500',
      )}
    >
      {popular && (
        <span className="absolute -top-3 right-4 inline-flex items-center gap-1 rounded-full bg-gradient-to-r from-gold-300 to-gold-500 px-3 py-0.5 font-bold text-royal-950 text-xs">
          <Crown aria-hidden="true" className="size-3.5" />
          {MOST_POPULAR_LABEL}
        </span>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <TierBadge tier={tier} label="full" />
        <p className="font-display text-foreground text-xl">{formatMonthlyPrice(plan.monthlyPriceCents)}</p>
      </div>
      <p className="mt-2 text-muted-foreground text-xs">Escrow: {escrowRangeLabel(tier)}</p>
      <ul className="mt-3 grid flex-1 content-start gap-1.5 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-center gap-2 text-foreground">
            <Check aria-hidden="true" className="size-4 shrink-0 text-gold-600 dark:text-gold-300" />
            {feature}
          </li>
        ))}
      </ul>
      <Button
        className="mt-4 w-full"
        variant={state === 'subscribe' ? 'gold' : 'outline'}
        disabled={state !== 'subscribe' || pending || blockedBy !== undefined}
        aria-describedby={state === 'subscribe' ? blockedBy : undefined}
        onClick={() => onSubscribe(tier)}
      >
        {ACTION_LABELS[state]}
      </Button>
    </article>
  );
}
