import type { SubscriptionStatus } from '@royal/shared';
import Stripe from 'stripe';
import type { PaymentEvent, PaymentProvider, ProviderPayoutRecord } from '../../ports/payments';
import { WEBHOOK_TOLERANCE_SECONDS, WebhookRejected } from '../../ports/payments';

// The Stripe adapter: Checkout Sessions (one-time payments and monthly plans), the billing portal and
// payouts, with webhooks verified by the SDK on the raw body (300 s tolerance). Our checkout id rides
// in the session's metadata and is its idempotency key; our withdrawal id is the payout's.

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  publicOrigin: string;
  /** Another API base, e.g. the local stand-in the tests run (host, port and protocol of the SDK). */
  apiUrl?: string;
};

const PLAN_STATUS: Readonly<Record<string, SubscriptionStatus>> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'expired',
  paused: 'past_due',
};

const PAYOUT_STATUS: Readonly<Record<string, ProviderPayoutRecord['status']>> = {
  paid: 'paid',
  failed: 'failed',
  canceled: 'failed',
  pending: 'pending',
  in_transit: 'pending',
};

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  const returnUrl = (path: string) => `${settings.publicOrigin}${path}`;

  return {
    name: 'stripe',
    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: request.recurring ? 'subscription' : 'payment',
          client_reference_id: request.checkoutId,
          customer_email: request.email,
          metadata: { checkout_id: request.checkoutId, user_id: request.userId },
          ...(request.recurring
            ? {
                subscription_data: { metadata: { checkout_id: request.checkoutId, user_id: request.userId } },
              }
            : { payment_intent_data: { metadata: { checkout_id: request.checkoutId } } }),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: request.amountCents,
                product_data: { name: request.description },
                ...(request.recurring ? { recurring: { interval: 'month' as const } } : {}),
              },
            },
          ],
          success_url: returnUrl(request.recurring ? '/subscription?checkout=success' : '/more?wallet=open'),
          cancel_url: returnUrl(request.recurring ? '/subscription' : '/more'),
        },
        { idempotencyKey: `checkout-${request.checkoutId}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    async createPortal({ customerId }) {
      if (!customerId) throw new Error('no Stripe customer for this plan');
      const portal = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl('/subscription'),
      });
      return { url: portal.url };
    },
    async cancelSubscription({ subscriptionId }) {
      try {
        await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel-${subscriptionId}` });
      } catch (error) {
        // Already gone at Stripe: nothing left to cancel.
        if ((error as { code?: string }).code === 'resource_missing') return;
        throw error;
      }
    },
    async requestPayout({ withdrawalId, amountCents, userId }) {
      const payout = await stripe.payouts.create(
        { amount: amountCents, currency: 'usd', metadata: { withdrawal_id: withdrawalId, user_id: userId } },
        { idempotencyKey: `withdrawal-${withdrawalId}` },
      );
      return { payoutId: payout.id };
    },
    verifyWebhook(rawBody, signatureHeader) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader ?? '',
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new WebhookRejected((error as Error).message);
      }
      return mapStripeEvent(event);
    },
    async listPayouts(since) {
      const records: ProviderPayoutRecord[] = [];
      for await (const payout of stripe.payouts.list({
        created: { gte: Math.floor(since.getTime() / 1000) },
        limit: 100,
      })) {
        records.push({
          payoutId: payout.id,
          withdrawalId: payout.metadata?.withdrawal_id ?? null,
          status: PAYOUT_STATUS[payout.status] ?? 'pending',
          amountCents: payout.amount,
        });
      }
      return records;
    },
    async lookupCheckout(sessionId) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        return { paid: session.payment_status === 'paid', amountCents: session.amount_total };
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },
  };
}

/** Unix seconds of a plan's current period end (on the plan in older API versions, on its items in newer). */
function periodEndOf(subscription: Stripe.Subscription): number | null {
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  return legacy ?? subscription.items?.data?.[0]?.current_period_end ?? null;
}

function subscriptionIdOf(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  const fromParent = invoice.parent?.subscription_details?.subscription;
  const value = legacy ?? fromParent ?? null;
  return typeof value === 'string' ? value : (value?.id ?? null);
}

export function mapStripeEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, created: event.created };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const checkoutId = session.metadata?.checkout_id;
      if (!checkoutId || session.payment_status !== 'paid')
        return { ...base, type: 'ignored', providerType: event.type };
      const subscription =
        typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
      const customer =
        typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
      return {
        ...base,
        type: 'checkout.paid',
        checkoutId,
        amountCents: session.amount_total ?? 0,
        // The period end is provisional (a month from now) until the plan's own events say more.
        ...(subscription
          ? {
              subscription: {
                id: subscription,
                customerId: customer,
                periodEnd: event.created + 31 * 86_400,
              },
            }
          : {}),
      };
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const checkoutId = event.data.object.metadata?.checkout_id;
      if (!checkoutId) return { ...base, type: 'ignored', providerType: event.type };
      return {
        ...base,
        type: 'checkout.failed',
        checkoutId,
        outcome: event.type === 'checkout.session.expired' ? 'expired' : 'declined',
      };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = subscriptionIdOf(invoice);
      // The first invoice is the checkout itself; only renewals extend a plan here.
      if (!subscriptionId || invoice.billing_reason !== 'subscription_cycle')
        return { ...base, type: 'ignored', providerType: event.type };
      const periodEnd = invoice.lines?.data?.[0]?.period?.end ?? invoice.period_end;
      return {
        ...base,
        type: 'subscription.renewed',
        subscriptionId,
        periodEnd,
        amountCents: invoice.amount_paid,
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return {
        ...base,
        type: 'subscription.updated',
        subscriptionId: subscription.id,
        status:
          event.type === 'customer.subscription.deleted'
            ? 'canceled'
            : (PLAN_STATUS[subscription.status] ?? 'past_due'),
        periodEnd: periodEndOf(subscription),
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
      };
    }
    case 'payout.paid':
    case 'payout.failed': {
      const payout = event.data.object;
      const withdrawalId = payout.metadata?.withdrawal_id;
      if (!withdrawalId) return { ...base, type: 'ignored', providerType: event.type };
      return { ...base, type: event.type, withdrawalId, payoutId: payout.id };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      return {
        ...base,
        type: 'payment.reversed',
        reason: 'disputed',
        chargeId: idOf(dispute.charge),
        paymentIntentId: dispute.payment_intent ? idOf(dispute.payment_intent) : null,
        amountCents: dispute.amount,
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        ...base,
        type: 'payment.reversed',
        reason: 'refunded',
        chargeId: charge.id,
        paymentIntentId: charge.payment_intent ? idOf(charge.payment_intent) : null,
        amountCents: charge.amount_refunded,
      };
    }
    default:
      return { ...base, type: 'ignored', providerType: event.type };
  }
}

/** An expandable Stripe reference: the id, whether it came as a string or as the object. */
const idOf = (reference: string | { id: string }) =>
  typeof reference === 'string' ? reference : reference.id;
