export {
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderCheckoutRecord,
  type ProviderPayoutRecord,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookRejected,
} from '../../ports/payments';
export { isProviderCents, MAX_PROVIDER_CENTS, outOfRangeAmount } from './amounts';
export { type CheckoutInput, openCheckout } from './checkouts';
export { createPaymentProvider } from './provider';
export {
  createSandboxProvider,
  SANDBOX_FAILING_PAYOUT_CENTS,
  type SandboxDelivery,
  type SandboxProvider,
  sandboxWebhookSecret,
} from './sandbox';
export { signPayload } from './signature';
export { createStripeProvider, mapStripeEvent, type StripeSettings } from './stripe';
