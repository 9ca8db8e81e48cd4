import { AppError, ErrorCode } from '@royal/shared';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { subscriptions } from '../../db/schema';
import type { MemberActor } from '../auth';

// The provider's own page where a member manages their plan (card, cancellation): a URL for it.

export async function openPortal(ctx: AppContext, { actor }: { actor: MemberActor }) {
  const [plan] = await ctx.db
    .select({ customerId: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, actor.id), ne(subscriptions.status, 'expired')))
    .orderBy(desc(subscriptions.updatedAt))
    .limit(1);
  if (!plan) throw new AppError(ErrorCode.NOT_FOUND, 'You have no subscription to manage');
  try {
    return await ctx.payments.createPortal({ userId: actor.id, customerId: plan.customerId });
  } catch (error) {
    ctx.log.error({ err: error }, 'payment provider refused a portal session');
    throw new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR);
  }
}
