import {
  escrowRangeLabel,
  hasPaidAccess,
  isSubscriptionActive,
  SUBSCRIBE_EMAIL_UNCONFIRMED_TEXT,
  TIER_LEVELS,
  TIERS,
} from '@royal/shared';
import { EyeOff, TrendingUp } from 'lucide-react';
import { TierBadge } from '@/components/ui/tier-badge';
import { useCurrentMember, usePaymentButton } from '@/features/auth';
import { dateLabel } from '../date-label';
import { PlanCard, planState } from './plan-card';
import { SponsorSection } from './sponsor-section';
import { useCheckoutActions } from './use-checkout-actions';

const TOP_TEN_PERCENT = 90;

/** More → Tier Management (part 2 §2): status, the five plans, Vault features, the top-10% note. */
export function TierManagement() {
  const me = useCurrentMember();
  const actions = useCheckoutActions();
  // Buying a plan is a payment: held back while the e-mail is unconfirmed (decision 056).
  const payment = usePaymentButton(SUBSCRIBE_EMAIL_UNCONFIRMED_TEXT);
  const active = isSubscriptionActive(me) || me.is_sponsored;
  return (
    <div className="flex flex-col gap-5">
      <section aria-label="Tier Status" className="rounded-3xl border border-border bg-surface p-5">
        <h2 className="font-semibold text-foreground">Tier Status</h2>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <TierBadge tier={me.tier_level} label="full" />
          <span className="text-muted-foreground text-sm">
            {active
              ? me.tier_subscription_ends_at
                ? `Active until ${dateLabel(me.tier_subscription_ends_at)}`
                : 'Active'
              : 'Not active'}
          </span>
        </div>
        <p className="mt-2 text-muted-foreground text-sm">Escrow range: {escrowRangeLabel(me.tier_level)}</p>
        {me.popularity_score >= TOP_TEN_PERCENT && (
          <p className="mt-3 flex items-center gap-2 rounded-xl bg-gold-100 px-3 py-2 font-medium text-gold-900 text-sm dark:bg-gold-900/30 dark:text-gold-100">
            <TrendingUp aria-hidden="true" className="size-4" />
            {/* Vault is the top plan: there is nothing above it to upgrade to for free. */}
            {me.tier_level === 4
              ? "You're in the top 10%!"
              : "You're in the top 10%! Eligible for free tier upgrade."}
          </p>
        )}
      </section>

      {payment.note}
      <div className="grid gap-5 pt-2 sm:grid-cols-2 xl:grid-cols-3">
        {TIER_LEVELS.map((tier) => (
          <PlanCard
            key={tier}
            tier={tier}
            state={planState(tier, { tier_level: me.tier_level, active: hasPaidAccess(me) })}
            pending={actions.pending}
            blockedBy={payment.describedBy}
            onSubscribe={actions.subscribe}
          />
        ))}
      </div>

      {me.tier_level === 4 && (
        <section
          aria-label="Vault Verified Features"
          className="rounded-3xl border border-gold-400/50 bg-gradient-to-br from-royal-800 to-royal-950 p-5 text-white"
        >
          <h2 className="font-display text-gold-200 text-xl">{TIERS[4].name} Features</h2>
          <p className="mt-3 flex items-center gap-2 text-sm">
            <EyeOff aria-hidden="true" className="size-4 text-gold-300" />
            Ghost Mode: <strong>{me.ghost_mode ? 'On' : 'Off'}</strong>
          </p>
          <SponsorSection />
        </section>
      )}
    </div>
  );
}
