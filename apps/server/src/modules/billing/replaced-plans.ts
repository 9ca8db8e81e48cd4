import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { subscriptions } from '../../db/schema';

// Plans a newer plan replaced (plan-paid.ts) are cancelled at the provider after the payment commits:
// right after the webhook for that member, and as a job for any left over.

const CANCEL_CLAIM_MS = 5 * 60_000;

/**
 * Cancels at the provider, once each, the plans a newer plan replaced while they were still running.
 * Runs after the webhook that applied the new plan has committed (for that member), and as a job for
 * any left over (a crash, a provider outage). A plan is claimed first (a claim older than five
 * minutes is taken to be lost), then cancelled with the provider's idempotency, then marked done; a
 * refusal releases the claim for the next run. Returns how many were cancelled.
 */
export async function cancelReplacedPlans(
  ctx: AppContext,
  { userId, now = new Date() }: { userId?: string; now?: Date } = {},
): Promise<number> {
  const claimed = await ctx.db
    .update(subscriptions)
    .set({ providerCancelClaimedAt: now })
    .where(
      and(
        isNotNull(subscriptions.replacedAt),
        isNull(subscriptions.providerCanceledAt),
        isNotNull(subscriptions.providerSubscriptionId),
        eq(subscriptions.provider, ctx.payments.name),
        userId ? eq(subscriptions.userId, userId) : undefined,
        or(
          isNull(subscriptions.providerCancelClaimedAt),
          lt(subscriptions.providerCancelClaimedAt, new Date(now.getTime() - CANCEL_CLAIM_MS)),
        ),
      ),
    )
    .returning({ id: subscriptions.id, providerSubscriptionId: subscriptions.providerSubscriptionId });
  let cancelled = 0;
  for (const plan of claimed) {
    try {
      await ctx.payments.cancelSubscription({ subscriptionId: plan.providerSubscriptionId as string });
      await ctx.db
        .update(subscriptions)
        .set({ providerCanceledAt: new Date() })
        .where(eq(subscriptions.id, plan.id));
      cancelled += 1;
    } catch (error) {
      ctx.log.error({ err: error, planId: plan.id }, 'payment provider refused to cancel a replaced plan');
      await ctx.db
        .update(subscriptions)
        .set({ providerCancelClaimedAt: null })
        .where(eq(subscriptions.id, plan.id));
    }
  }
  return cancelled;
}
