import type { PaymentEvent } from '../../ports/payments';

/**
 * What counts as a failed payment for the operator: a card declined or a checkout that ran out, a
 * payout the provider could not make, money taken back. A member who cancels at the checkout has
 * not failed to pay, and is not counted.
 */
export const PAYMENT_FAILURE_KINDS = [
  'checkout_declined',
  'checkout_expired',
  'payout_failed',
  'payment_disputed',
  'payment_refunded',
] as const;
export type PaymentFailureKind = (typeof PAYMENT_FAILURE_KINDS)[number];

export function paymentFailureKind(event: PaymentEvent): PaymentFailureKind | null {
  switch (event.type) {
    case 'checkout.failed':
      return event.outcome === 'cancelled' ? null : `checkout_${event.outcome}`;
    case 'payout.failed':
      return 'payout_failed';
    case 'payment.reversed':
      return event.reason === 'disputed' ? 'payment_disputed' : 'payment_refunded';
    default:
      return null;
  }
}
