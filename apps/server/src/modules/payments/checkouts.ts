import type { BoostType, CheckoutReply, TierLevel } from '@royal/shared';
import { AppError, ErrorCode } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { checkouts } from '../../db/schema';

export type CheckoutInput = {
  userId: string;
  email: string;
  purpose: 'deposit' | 'subscription' | 'boost';
  amountCents: number;
  description: string;
  tierLevel?: TierLevel;
  boostType?: BoostType;
};

/**
 * Records a checkout and asks the provider for its payment page, in the caller's transaction (our
 * checkout id is the provider's idempotency key and rides in its metadata). Nothing is credited
 * here: only the provider's verified webhook does that.
 */
export async function openCheckout(ctx: AppContext, tx: Db, input: CheckoutInput): Promise<CheckoutReply> {
  const [row] = await tx
    .insert(checkouts)
    .values({
      userId: input.userId,
      purpose: input.purpose,
      amountCents: input.amountCents,
      tierLevel: input.tierLevel,
      boostType: input.boostType,
      provider: ctx.payments.name,
    })
    .returning({ id: checkouts.id });
  if (!row) throw new Error('checkout not written');
  let session: { sessionId: string; url: string };
  try {
    session = await ctx.payments.createCheckout({
      checkoutId: row.id,
      userId: input.userId,
      email: input.email,
      description: input.description,
      amountCents: input.amountCents,
      recurring: input.purpose === 'subscription',
      tierLevel: input.tierLevel,
    });
  } catch (error) {
    ctx.log.error({ err: error }, 'payment provider refused a checkout');
    throw new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR);
  }
  await tx.update(checkouts).set({ providerSessionId: session.sessionId }).where(eq(checkouts.id, row.id));
  return { checkout_id: row.id, url: session.url };
}
