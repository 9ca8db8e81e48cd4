import type { SubscriptionStatus } from '@royal/shared';
import type { PlanValues } from './member-plan';

// The access a plan grants and its graces, shared by the webhook effects that set it (plan-paid.ts,
// plan-events.ts) and the lapse job that ends it (lapse.ts), so the three agree on when it ends.

const HOUR_MS = 3_600_000;

/** How long a member keeps a plan whose renewal failed, past its last paid day, while the card is retried. */
export const PAST_DUE_GRACE_MS = 3 * 24 * HOUR_MS;
/**
 * A plan that renews keeps its access this long past its paid end while the provider charges the
 * card. Stripe moves a plan on to its next period about an hour before it charges it, and only the
 * payment (subscription.renewed) moves the paid end forward: without this day every monthly renewal
 * lapsed the plan for that hour, turning Ghost Mode off and pausing the member's sponsorships. A
 * failed charge turns the plan past_due (its own grace); a plan set to end at its period's end, none.
 */
export const RENEWAL_GRACE_MS = 24 * HOUR_MS;

/**
 * The member's access a plan grants in `status`, paid through `paidThrough`: while it is active, to
 * that end, and a day past it while it renews (RENEWAL_GRACE_MS); with a short grace past it while
 * the provider retries a failed renewal (past_due; the provider's "unpaid" and "paused" too); none
 * once it is cancelled, expired or not yet paid.
 */
export function planAccess(
  status: SubscriptionStatus,
  paidThrough: Date | null,
  { renews }: { renews: boolean },
): PlanValues {
  const after = (graceMs: number) => paidThrough && new Date(paidThrough.getTime() + graceMs);
  if (status === 'past_due')
    return { tierSubscriptionActive: true, tierSubscriptionEndsAt: after(PAST_DUE_GRACE_MS) };
  if (status === 'active' && renews)
    return { tierSubscriptionActive: true, tierSubscriptionEndsAt: after(RENEWAL_GRACE_MS) };
  return { tierSubscriptionActive: status === 'active', tierSubscriptionEndsAt: paidThrough };
}
