import type { SubscriptionStatus } from '@royal/shared';

// The payment provider port. Two adapters: the built-in sandbox (the default, with its own TEST MODE
// checkout page) and Stripe. Both deliver their results as signed webhooks in the same header scheme
// (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`), verified on the raw body with a 300 s
// tolerance, and both map their events to PaymentEvent — the only thing the rest of the app reads.

export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type CheckoutRequest = {
  checkoutId: string;
  userId: string;
  email: string;
  description: string;
  amountCents: number;
  /** A monthly plan (subscription) rather than a one-time payment. */
  recurring: boolean;
  /** The tier a plan grants (metadata only). */
  tierLevel?: number;
};

type EventBase = { id: string /** Unix seconds at the provider. */; created: number };

/** A provider's webhook event, mapped to what our ledger and plans need. */
export type PaymentEvent = EventBase &
  (
    | {
        type: 'checkout.paid';
        checkoutId: string;
        amountCents: number;
        /** For a plan: the provider's subscription, customer and the paid period's end (unix s). */
        subscription?: { id: string; customerId: string | null; periodEnd: number };
      }
    | { type: 'checkout.failed'; checkoutId: string; outcome: 'declined' | 'cancelled' | 'expired' }
    | { type: 'subscription.renewed'; subscriptionId: string; periodEnd: number; amountCents: number }
    | {
        type: 'subscription.updated';
        subscriptionId: string;
        status: SubscriptionStatus;
        periodEnd: number | null;
        cancelAtPeriodEnd: boolean;
      }
    | { type: 'payout.paid' | 'payout.failed'; withdrawalId: string; payoutId: string }
    | {
        /** A card payment taken back: the cardholder disputed it, or it was refunded at the provider. */
        type: 'payment.reversed';
        reason: 'disputed' | 'refunded';
        chargeId: string;
        paymentIntentId: string | null;
        amountCents: number;
      }
    | { type: 'ignored'; providerType: string }
  );

/** The provider's own record of a checkout, for reconciliation. */
export type ProviderCheckoutRecord = { paid: boolean; amountCents: number | null };

/** The provider's own record of a payout, for reconciliation (`withdrawalId`: our id in its metadata). */
export type ProviderPayoutRecord = {
  payoutId: string;
  withdrawalId: string | null;
  status: 'paid' | 'failed' | 'pending';
  amountCents: number;
};

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** The plan management page (cancel, card): a URL opened in a new tab. */
  createPortal(input: { userId: string; customerId: string | null }): Promise<{ url: string }>;
  /** Our withdrawal id is the provider's idempotency key: asking twice pays once. */
  requestPayout(input: { withdrawalId: string; userId: string; amountCents: number }): Promise<{
    payoutId: string;
  }>;
  /**
   * Cancels a plan at once (a newer plan replaced it). Idempotent: asking again for the same plan
   * cancels nothing more (Stripe: an idempotency key per plan; the sandbox: one event id per plan).
   */
  cancelSubscription(input: { subscriptionId: string }): Promise<void>;
  /** Verifies the signature on the raw body (300 s tolerance) and maps the event; throws WebhookRejected. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): PaymentEvent;
  /** What the provider recorded for one checkout session (null: it does not know it). */
  lookupCheckout(sessionId: string): Promise<ProviderCheckoutRecord | null>;
  /** Every payout the provider made since `since` (null: it keeps no records to compare, the sandbox). */
  listPayouts(since: Date): Promise<ProviderPayoutRecord[] | null>;
}

/** A webhook that is not provably from the provider (bad or missing signature, stale, malformed). */
export class WebhookRejected extends Error {
  override readonly name = 'WebhookRejected';
}
