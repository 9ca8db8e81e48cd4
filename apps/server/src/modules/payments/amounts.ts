import { MAX_MONEY_CENTS } from '@royal/shared';
import type { PaymentEvent } from '../../ports/payments';

// Money a provider reports is bounded where it enters (decision 028). A JSON number above 2^53 has
// already been rounded by JSON.parse, and sums of amounts near it round again in the ledger's
// arithmetic, so a wallet would stop equalling its ledger. No payment, renewal, refund or payout of
// ours is larger than the one-operation ceiling members are held to, so nothing larger is credited.

/** The largest amount one provider payment, renewal, refund or payout of ours can carry. */
export const MAX_PROVIDER_CENTS = MAX_MONEY_CENTS;

/**
 * Whether a provider's amount is a whole number of cents we can add exactly: a safe integer from
 * `min` (1 for a payment; 0 where the provider may charge nothing, e.g. a renewal paid by a coupon)
 * to MAX_PROVIDER_CENTS.
 */
export function isProviderCents(value: unknown, min: 0 | 1 = 1): value is number {
  return (
    typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= MAX_PROVIDER_CENTS
  );
}

/**
 * The first amount of a provider event that is not bounded cents, with what it is about (the
 * checkout, plan or charge, for the admins' flag), or null when the event may be applied.
 */
export function outOfRangeAmount(event: PaymentEvent): { reference: string; amount: string } | null {
  switch (event.type) {
    case 'checkout.paid':
      return isProviderCents(event.amountCents) ? null : outOfRange(event.checkoutId, event.amountCents);
    case 'subscription.renewed':
      return isProviderCents(event.amountCents, 0)
        ? null
        : outOfRange(event.subscriptionId, event.amountCents);
    case 'payment.reversed':
      return isProviderCents(event.amountCents) ? null : outOfRange(event.chargeId, event.amountCents);
    default:
      return null;
  }
}

// As text: the number as JSON.parse left it, never re-read as a float by whoever looks at the flag.
const outOfRange = (reference: string, amount: unknown) => ({ reference, amount: String(amount) });
