import { randomUUID } from 'node:crypto';
import type { App } from '../src/app';
import { checkouts } from '../src/db/schema';
import { applyPaymentEvent } from '../src/modules/webhooks';

// Without vitest's imports: the browser journeys' setup funds its members with it too.

/**
 * Money going in the way production sends it: a deposit checkout, then the provider's "paid" event
 * through the webhook handler (signature verification aside, which the webhook tests cover).
 */
export async function fundWallet(app: App, userId: string, amountCents: number) {
  const [checkout] = await app.ctx.db
    .insert(checkouts)
    .values({ userId, purpose: 'deposit', amountCents, provider: 'sandbox' })
    .returning({ id: checkouts.id });
  if (!checkout) throw new Error('no checkout');
  await applyPaymentEvent(app.ctx, 'sandbox', {
    id: `evt_test_${randomUUID()}`,
    created: Math.floor(Date.now() / 1000),
    type: 'checkout.paid',
    checkoutId: checkout.id,
    amountCents,
  });
}
