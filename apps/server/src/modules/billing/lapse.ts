import { and, eq, lte, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { profiles, subscriptions } from '../../db/schema';
import { setMemberPlan } from './member-plan';
import { PAST_DUE_GRACE_MS, RENEWAL_GRACE_MS } from './plan-access';

// The lapse job: plans nobody paid for by their end (and its grace) expire, and paid access ends on
// its own end date.

/** The job: plans whose paid period has ended without a renewal lapse, and the member's flag with them. */
export async function lapseEndedSubscriptions(ctx: AppContext, now = new Date()) {
  return ctx.transact(async (work) => {
    // A plan set to end ends at its period's end; one that renews keeps a day past it while the
    // provider charges the card, and one whose renewal failed keeps its grace (as the member's
    // access does, planAccess), so the card can still be fixed at the portal.
    const expired = await work.tx
      .update(subscriptions)
      .set({ status: 'expired' })
      .where(
        or(
          and(
            eq(subscriptions.status, 'active'),
            eq(subscriptions.cancelAtPeriodEnd, true),
            lte(subscriptions.currentPeriodEnd, now),
          ),
          and(
            eq(subscriptions.status, 'active'),
            eq(subscriptions.cancelAtPeriodEnd, false),
            lte(subscriptions.currentPeriodEnd, new Date(now.getTime() - RENEWAL_GRACE_MS)),
          ),
          and(
            eq(subscriptions.status, 'past_due'),
            lte(subscriptions.currentPeriodEnd, new Date(now.getTime() - PAST_DUE_GRACE_MS)),
          ),
        ),
      )
      .returning({ userId: subscriptions.userId });
    // The member's access ends at its own end date, whatever became of the plan row (it expired
    // earlier, or there never was one): profiles_paid_until_idx finds them.
    const lapsed = await setMemberPlan(
      work,
      and(eq(profiles.tierSubscriptionActive, true), lte(profiles.tierSubscriptionEndsAt, now)) as SQL,
      { tierSubscriptionActive: false },
    );
    return new Set([...expired.map((row) => row.userId), ...lapsed]).size;
  });
}
