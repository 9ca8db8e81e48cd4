import {
  formatCents,
  hasPaidAccess,
  PLAN_ALREADY_HELD_TEXT,
  PLAN_BELOW_CURRENT_TEXT,
  planPurchaseRefusal,
  TIERS,
  type TierLevel,
} from '@royal/shared';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { type checkouts, subscriptions } from '../../db/schema';
import type { Work } from '../../db/transaction';
import { notify } from '../notifications';
import type { PaymentEvent } from '../payments';
import { creditDeposit } from '../wallet';
import { bookRevenue } from './book-revenue';
import { lockedPlanRules, setMemberPlan } from './member-plan';
import { planAccess } from './plan-access';

// A plan checkout the provider says is paid: a webhook effect (the caller recorded the event id and
// runs it in its transaction).

type Checkout = typeof checkouts.$inferSelect;
type PlanPaid = Extract<PaymentEvent, { type: 'checkout.paid' }>;

/**
 * A paid plan checkout. Returns how many of the member's plans are now to be cancelled at the
 * provider (cancelReplacedPlans, once this commits).
 */
export async function applyPlanPaid(work: Work, checkout: Checkout, event: PlanPaid, eventId: string) {
  const tier = checkout.tierLevel as TierLevel | null;
  if (tier === null || tier < 1 || !event.subscription)
    throw new Error(`plan checkout ${checkout.id} without a tier or plan`);
  // The rule the checkout was sold under, asked again now that it is paid: a checkout opened beside
  // another may be paid after the member came to hold this plan or a higher one. The member's row
  // is locked first, so two such payments arriving together are decided one after the other.
  const holding = await lockedPlanRules(work.tx, checkout.userId);
  const held = holding
    ? planPurchaseRefusal(tier, { tier_level: holding.tier_level, active: hasPaidAccess(holding) })
    : null;
  if (held) {
    await creditRedundantPlan(work, { checkout, tier, held, event, eventId });
    return { plansToCancel: 1 };
  }
  await bookRevenue(work, 'subscription', checkout.amountCents, eventId);
  const periodEnd = new Date(event.subscription.periodEnd * 1000);
  // A new plan replaces the member's previous one (an upgrade or downgrade). A replaced plan still
  // running at the provider is marked for cancellation there (cancelReplacedPlans, after commit).
  const replaced = await work.tx
    .update(subscriptions)
    .set({ status: 'canceled', replacedAt: sql`now()` })
    .where(
      and(
        eq(subscriptions.userId, checkout.userId),
        inArray(subscriptions.status, ['active', 'past_due', 'incomplete']),
        or(
          isNull(subscriptions.providerSubscriptionId),
          ne(subscriptions.providerSubscriptionId, event.subscription.id),
        ),
      ),
    )
    .returning({ id: subscriptions.id });
  await work.tx
    .insert(subscriptions)
    .values({
      userId: checkout.userId,
      tierLevel: tier,
      status: 'active',
      provider: checkout.provider,
      providerSubscriptionId: event.subscription.id,
      providerCustomerId: event.subscription.customerId,
      currentPeriodEnd: periodEnd,
      lastEventAt: new Date(event.created * 1000),
    })
    .onConflictDoUpdate({
      target: subscriptions.providerSubscriptionId,
      set: { status: 'active', tierLevel: tier, currentPeriodEnd: periodEnd },
    });
  await setMemberPlan(work, checkout.userId, {
    tierLevel: tier,
    ...planAccess('active', periodEnd, { renews: true }),
  });
  return { plansToCancel: replaced.length };
}

/**
 * A plan paid for while the member already holds it or a higher one (decision 028). The payment is
 * credited to their escrow wallet (the provider port refunds nothing), they are told, and the plan
 * the provider opened for it is recorded as replaced from the start, so that it is cancelled there
 * once like any replaced plan and its own later events never touch the member's plan.
 */
async function creditRedundantPlan(
  work: Work,
  input: { checkout: Checkout; tier: TierLevel; held: 'current' | 'lower'; event: PlanPaid; eventId: string },
) {
  const { checkout, tier, event } = input;
  const plan = event.subscription;
  if (!plan) throw new Error(`plan checkout ${checkout.id} without a plan`);
  await creditDeposit(work, {
    userId: checkout.userId,
    amountCents: checkout.amountCents,
    checkoutId: checkout.id,
    eventId: input.eventId,
  });
  await work.tx
    .insert(subscriptions)
    .values({
      userId: checkout.userId,
      tierLevel: tier,
      status: 'canceled',
      provider: checkout.provider,
      providerSubscriptionId: plan.id,
      providerCustomerId: plan.customerId,
      currentPeriodEnd: new Date(plan.periodEnd * 1000),
      lastEventAt: new Date(event.created * 1000),
      replacedAt: sql`now()`,
    })
    .onConflictDoNothing({ target: subscriptions.providerSubscriptionId });
  const reason = input.held === 'current' ? PLAN_ALREADY_HELD_TEXT : PLAN_BELOW_CURRENT_TEXT;
  await notify(work, [
    {
      userId: checkout.userId,
      type: 'system',
      title: 'Plan payment credited to your wallet',
      message: `${reason}, so your payment of ${formatCents(checkout.amountCents)} for ${TIERS[tier].name} went to your escrow wallet.`,
      link: '/more?wallet=open',
      dedupeKey: `plan-credit:${checkout.id}`,
    },
  ]);
}
