import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import type { Work } from '../../db/transaction';
import type { PaymentEvent } from '../payments';
import { bookRevenue } from './book-revenue';
import { setMemberPlan } from './member-plan';
import { planAccess } from './plan-access';

// The provider's events about a running plan, renewed and updated: webhook effects (the caller
// recorded the event id and runs them in its transaction). Events arrive in any order, so each is
// weighed against the plan's last applied one (decision 028).

export async function applySubscriptionRenewed(
  work: Work,
  event: Extract<PaymentEvent, { type: 'subscription.renewed' }>,
  eventId: string,
) {
  const [plan] = await work.tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, event.subscriptionId))
    .for('update');
  if (!plan) throw new Error(`renewal of an unknown plan ${event.subscriptionId}`);
  // What the provider took is booked whatever becomes of the plan (a renewal a coupon paid took nothing).
  if (event.amountCents > 0) await bookRevenue(work, 'subscription', event.amountCents, eventId);
  // The provider charged a plan a newer one replaced (its cancellation had not reached the provider):
  // the money is booked, the member's current plan stays, and the caller flags it for admins.
  if (plan.replacedAt) return 'replaced' as const;
  // Events arrive in any order (Stripe's invoice.paid among its plan updates). A renewal newer than
  // the plan's last applied event makes it active; an older one leaves the plan's state to that
  // later event (a cancellation above all) and only adds the period it paid for.
  const created = new Date(event.created * 1000);
  const newer = !plan.lastEventAt || created >= plan.lastEventAt;
  // A plan the provider ended stays ended; if it charged it after saying so, an admin looks (the caller).
  if (plan.status === 'canceled') return newer ? ('canceled' as const) : ('stale' as const);
  // 'expired' is the lapse job's word (no payment seen by the paid end), not the provider's: a
  // payment answers it whatever its time.
  const status = newer || plan.status === 'expired' ? 'active' : plan.status;
  const paidThrough = new Date(Math.max(event.periodEnd * 1000, plan.currentPeriodEnd?.getTime() ?? 0));
  await work.tx
    .update(subscriptions)
    .set({ status, currentPeriodEnd: paidThrough, lastEventAt: newer ? created : plan.lastEventAt })
    .where(eq(subscriptions.id, plan.id));
  await setMemberPlan(work, plan.userId, {
    tierLevel: plan.tierLevel,
    ...planAccess(status, paidThrough, { renews: !plan.cancelAtPeriodEnd }),
  });
  return newer ? ('renewed' as const) : ('stale' as const);
}

export async function applySubscriptionUpdated(
  work: Work,
  event: Extract<PaymentEvent, { type: 'subscription.updated' }>,
) {
  const [plan] = await work.tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, event.subscriptionId))
    .for('update');
  if (!plan) return;
  const created = new Date(event.created * 1000);
  // Events arrive in any order: an older state never overwrites a newer one.
  if (plan.lastEventAt && created < plan.lastEventAt) return;
  // The plan stays paid through the end of the last period paid for: an update may bring that end
  // earlier, never later. Stripe moves a plan on to its next period (still "active") about an hour
  // before it charges the card, and a plan whose renewal failed (past_due) has moved on to a period
  // nobody paid for. Only a payment (the plan's checkout, subscription.renewed) moves the end
  // forward, so a card that keeps failing lapses once past_due's grace is over (planAccess).
  const periodEnd = earlierOf(
    plan.currentPeriodEnd,
    event.periodEnd === null ? null : event.periodEnd * 1000,
  );
  await work.tx
    .update(subscriptions)
    .set({
      status: event.status,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: event.cancelAtPeriodEnd,
      lastEventAt: created,
    })
    .where(eq(subscriptions.id, plan.id));
  // A replaced plan's own events (its cancellation, above all) never touch the member's current plan.
  if (plan.replacedAt) return;
  await setMemberPlan(
    work,
    plan.userId,
    planAccess(event.status, periodEnd, { renews: !event.cancelAtPeriodEnd }),
  );
}

/** The earlier of a stored end and a provider's (ms); either may be missing. */
function earlierOf(stored: Date | null, providerMs: number | null): Date | null {
  if (providerMs === null) return stored;
  return stored && stored.getTime() <= providerMs ? stored : new Date(providerMs);
}
