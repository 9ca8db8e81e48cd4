import type { AppConfig } from '../../config';
import type { PaymentProvider } from '../../ports/payments';
import { createSandboxProvider, type SandboxDelivery } from './sandbox';
import { createStripeProvider } from './stripe';

/** The configured provider: the sandbox unless Stripe keys are set (config.payments). */
export function createPaymentProvider(
  config: AppConfig,
  deliverSandboxWebhook: SandboxDelivery,
): PaymentProvider {
  const { payments } = config;
  if (payments.provider === 'stripe') {
    if (!payments.stripeSecretKey || !payments.stripeWebhookSecret)
      throw new Error('Stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    return createStripeProvider({
      secretKey: payments.stripeSecretKey,
      webhookSecret: payments.stripeWebhookSecret,
      publicOrigin: config.publicOrigin,
      apiUrl: payments.stripeApiUrl,
    });
  }
  return createSandboxProvider({
    publicOrigin: config.publicOrigin,
    authSecret: config.authSecret,
    deliver: deliverSandboxWebhook,
  });
}
