import {
  BOOST_TYPES,
  BOOSTS,
  boostUnavailableReason,
  boostUselessReason,
  formatCents,
  packBlock,
  SUBSCRIBE_EMAIL_UNCONFIRMED_TEXT,
  TIER_LEVELS,
  TIERS,
} from '@royal/shared';
import { CalendarClock, Rocket, Sparkles } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Spinner } from '@/components/ui/spinner';
import { TierBadge } from '@/components/ui/tier-badge';
import { useCurrentMember, usePaymentButton } from '@/features/auth';
import { useMemberSettings } from '@/features/settings';
import { cn } from '@/lib/cn';
import { useSubscription } from '../api/subscription';
import { dateLabel } from '../date-label';
import { PlanCard, planState } from './plan-card';
import { useCheckoutActions } from './use-checkout-actions';

/** /subscription (part 2 §2): the current plan with Manage, then plans and one-time boosts. */
export function SubscriptionScreen() {
  const state = useSubscription();
  const actions = useCheckoutActions();
  const me = useCurrentMember();
  const settings = useMemberSettings();
  // Plans and boosts are payments: held back while the e-mail is unconfirmed (decision 056).
  const payment = usePaymentButton(SUBSCRIBE_EMAIL_UNCONFIRMED_TEXT);
  // A boost the member could not use now (a Profile Boost while their profile is hidden): the server
  // refuses it too, so the card says why instead of offering it.
  const reasonNotToBuy = (type: (typeof BOOST_TYPES)[number]) =>
    (payment.blocked ? SUBSCRIBE_EMAIL_UNCONFIRMED_TEXT : null) ??
    boostUnavailableReason(type) ??
    packBlock(type, me)?.message ??
    (settings.data
      ? boostUselessReason(type, {
          ghostMode: me.ghost_mode,
          profileVisibility: settings.data.profile_visibility,
        })
      : null);
  // `?tab=boosts` (the Super Likes Pack offer) opens One-Time Boosts.
  const [searchParams] = useSearchParams();
  const initialTab = searchParams.get('tab') === 'boosts' ? 'boosts' : 'tiers';
  if (state.isPending) return <Spinner className="mx-auto mt-16" />;
  if (state.isError)
    return (
      <LoadErrorPanel
        title="Failed to load your subscription"
        message={state.error.message}
        onRetry={() => void state.refetch()}
        retrying={state.isFetching}
      />
    );
  const plan = state.data;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="font-display text-3xl text-foreground">Subscription</h1>
      <section
        aria-label="Current plan"
        className="flex flex-wrap items-center gap-4 rounded-3xl bg-gradient-to-br from-royal-700 via-royal-900 to-royal-950 p-5 text-white ring-1 ring-gold-400/40"
      >
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-gold-200/90 text-xs uppercase tracking-[0.18em]">Current plan</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <TierBadge tier={plan.tier_level} label="full" />
          </div>
          <p className="mt-2 text-sm text-white/85" data-testid="plan-status">
            {plan.active && plan.ends_at
              ? `Active until ${dateLabel(plan.ends_at)}`
              : plan.active
                ? 'Active'
                : 'Not active'}
          </p>
          {actions.awaitingPayment && (
            <p role="status" className="mt-1 text-gold-200 text-sm">
              Waiting for your payment…
            </p>
          )}
          {plan.sponsored_by && (
            <p className="mt-1 text-sm text-gold-200">
              Sponsored by {plan.sponsored_by.name} until {dateLabel(plan.sponsored_by.until)}
            </p>
          )}
          {plan.cancel_at_period_end && (
            <p className="mt-1 text-sm text-white/70">Ends at the close of this period</p>
          )}
        </div>
        {plan.active && plan.manageable && (
          <Button variant="glass" onClick={actions.manage} disabled={actions.pending}>
            Manage
          </Button>
        )}
      </section>

      <Tabs.Root defaultValue={initialTab} className="flex flex-col gap-4">
        <Tabs.List
          aria-label="Plans"
          className="grid grid-cols-2 gap-1 rounded-2xl border border-border bg-surface-muted p-1"
        >
          <Tabs.Trigger
            value="tiers"
            className="min-h-11 cursor-pointer rounded-xl font-semibold text-muted-foreground text-sm data-[state=active]:bg-surface data-[state=active]:text-foreground data-[state=active]:shadow-sm"
          >
            Tier Subscriptions
          </Tabs.Trigger>
          <Tabs.Trigger
            value="boosts"
            className="min-h-11 cursor-pointer rounded-xl font-semibold text-muted-foreground text-sm data-[state=active]:bg-surface data-[state=active]:text-foreground data-[state=active]:shadow-sm"
          >
            One-Time Boosts
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="tiers">
          {payment.note}
          {/* Four paid plans: two by two, never three and one alone. */}
          <div className="grid gap-5 pt-2 sm:grid-cols-2">
            {TIER_LEVELS.filter((t) => t > 0).map((tier) => (
              <PlanCard
                key={tier}
                tier={tier}
                state={planState(tier, plan)}
                pending={actions.pending}
                blockedBy={payment.describedBy}
                onSubscribe={actions.subscribe}
              />
            ))}
          </div>
          {/* About the plans only: boosts are one-time purchases. */}
          <p className="mt-4 text-muted-foreground text-xs">
            Prices per month for {TIERS[1].name} and above; cancel any time from Manage.
          </p>
        </Tabs.Content>
        <Tabs.Content value="boosts">
          <ul className="grid gap-4 sm:grid-cols-2">
            {BOOST_TYPES.map((type) => {
              const owned = plan.boosts
                .filter((b) => b.boost_type === type)
                .reduce((n, b) => n + b.remaining, 0);
              const unavailable = reasonNotToBuy(type);
              return (
                <li
                  key={type}
                  data-boost={type}
                  aria-disabled={unavailable ? true : undefined}
                  className={cn(
                    'flex flex-col gap-2 rounded-2xl border border-border bg-surface p-4',
                    unavailable && 'bg-surface-muted',
                  )}
                >
                  <p className="flex items-center gap-2 font-semibold text-foreground">
                    {type === 'profile_boost' ? (
                      <Rocket aria-hidden="true" className="size-5 text-gold-500" />
                    ) : (
                      <Sparkles aria-hidden="true" className="size-5 text-gold-500" />
                    )}
                    {BOOSTS[type].name}
                  </p>
                  <p className="text-muted-foreground text-sm">{BOOSTS[type].description}</p>
                  {owned > 0 && (
                    <p className="text-emerald-700 text-xs dark:text-emerald-300">You have {owned} left</p>
                  )}
                  {unavailable && (
                    <p className="flex items-center gap-1.5 text-muted-foreground text-xs">
                      <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
                      {unavailable}
                    </p>
                  )}
                  <div className="mt-auto flex items-center justify-between gap-2 pt-2">
                    <span
                      className={cn(
                        'font-display text-xl',
                        unavailable ? 'text-muted-foreground' : 'text-foreground',
                      )}
                    >
                      {formatCents(BOOSTS[type].priceCents)}
                    </span>
                    <Button
                      variant={unavailable ? 'outline' : 'gold'}
                      disabled={actions.pending || unavailable !== null}
                      onClick={() => actions.buyBoost(type)}
                      aria-label={`Buy ${BOOSTS[type].name}`}
                    >
                      Buy
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
