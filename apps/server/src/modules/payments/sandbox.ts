import { createHmac } from 'node:crypto';
import { type SandboxPlanAction, SUBSCRIPTION_STATUSES } from '@royal/shared';
import { z } from 'zod';
import type { PaymentEvent, PaymentProvider } from '../../ports/payments';
import { WebhookRejected } from '../../ports/payments';
import { signPayload, verifyPayload } from './signature';

// The built-in payment sandbox, the default provider: its checkout is a page of this app marked TEST
// MODE (Pay / Decline / Cancel) and every result arrives as a signed webhook through the same route
// and the same verification as Stripe's. Event ids are derived from what they describe, so pressing
// Pay twice, or a payout asked for twice, yields the same event and is applied once.

/** A sandbox payout of an amount ending in 13 cents fails, like a provider's test numbers. */
export const SANDBOX_FAILING_PAYOUT_CENTS = 13;
const PLAN_PERIOD_SECONDS = 30 * 86_400;

/** The sandbox's webhook secret, derived from the auth secret (never configured separately). */
export function sandboxWebhookSecret(authSecret: string) {
  return `whsec_sandbox_${createHmac('sha256', authSecret).update('payments-sandbox-webhook').digest('base64url')}`;
}

const idSchema = z.string().min(1).max(200);
// Any JSON number: one that is not bounded cents is the webhook path's to flag (outOfRangeAmount), as
// it is for Stripe's events, rather than a refusal the sender would retry.
const providerAmount = z.number();
const sandboxEventSchema = z.discriminatedUnion('type', [
  z.object({
    id: idSchema,
    created: z.number().int(),
    type: z.literal('checkout.paid'),
    checkoutId: z.uuid(),
    amountCents: providerAmount,
    subscription: z
      .object({ id: idSchema, customerId: idSchema.nullable(), periodEnd: z.number().int() })
      .optional(),
  }),
  z.object({
    id: idSchema,
    created: z.number().int(),
    type: z.literal('checkout.failed'),
    checkoutId: z.uuid(),
    outcome: z.enum(['declined', 'cancelled', 'expired']),
  }),
  z.object({
    id: idSchema,
    created: z.number().int(),
    type: z.literal('subscription.renewed'),
    subscriptionId: idSchema,
    periodEnd: z.number().int(),
    amountCents: providerAmount,
  }),
  z.object({
    id: idSchema,
    created: z.number().int(),
    type: z.literal('subscription.updated'),
    subscriptionId: idSchema,
    status: z.enum(SUBSCRIPTION_STATUSES),
    periodEnd: z.number().int().nullable(),
    cancelAtPeriodEnd: z.boolean(),
  }),
  z.object({
    id: idSchema,
    created: z.number().int(),
    type: z.enum(['payout.paid', 'payout.failed']),
    withdrawalId: z.uuid(),
    payoutId: idSchema,
  }),
]);

export type SandboxDelivery = (rawBody: string, signatureHeader: string) => Promise<unknown>;

export type SandboxProvider = PaymentProvider & {
  readonly name: 'sandbox';
  /** A signed webhook body and header for an event, as the sandbox sends them. */
  sign(event: PaymentEvent, timestamp?: number): { body: string; signature: string };
  /** The member changed their plan on the TEST MODE portal page: deliver the provider's update. */
  changePlan(input: {
    subscriptionId: string;
    action: SandboxPlanAction;
    periodEnd: number | null;
  }): Promise<void>;
  /** The member pressed Pay, Decline or Cancel on the TEST MODE page: deliver the result. */
  completeCheckout(input: {
    checkoutId: string;
    amountCents: number;
    recurring: boolean;
    userId: string;
    outcome: 'pay' | 'decline' | 'cancel';
  }): Promise<void>;
};

export function createSandboxProvider(options: {
  publicOrigin: string;
  authSecret: string;
  /** Hands a signed webhook to the app's webhook route handler. */
  deliver: SandboxDelivery;
}): SandboxProvider {
  const secret = sandboxWebhookSecret(options.authSecret);
  const now = () => Math.floor(Date.now() / 1000);

  function sign(event: PaymentEvent, timestamp?: number) {
    const body = JSON.stringify(event);
    return { body, signature: signPayload(body, secret, timestamp) };
  }
  async function deliver(event: PaymentEvent) {
    const { body, signature } = sign(event);
    await options.deliver(body, signature);
  }

  return {
    name: 'sandbox',
    sign,
    async createCheckout(request) {
      return {
        sessionId: `cs_sandbox_${request.checkoutId}`,
        url: `${options.publicOrigin}/sandbox/checkout/${request.checkoutId}`,
      };
    },
    async createPortal() {
      return { url: `${options.publicOrigin}/sandbox/portal` };
    },
    async changePlan({ subscriptionId, action, periodEnd }) {
      const created = now();
      await deliver({
        id: `evt_sandbox_plan_${subscriptionId}_${action}_${created}`,
        created,
        type: 'subscription.updated',
        subscriptionId,
        status: action === 'cancel_now' ? 'canceled' : 'active',
        periodEnd,
        cancelAtPeriodEnd: action === 'cancel_at_period_end',
      });
    },
    async cancelSubscription({ subscriptionId }) {
      // One event id per plan: a second request is a duplicate the webhook path ignores.
      await deliver({
        id: `evt_sandbox_plan_${subscriptionId}_replaced`,
        created: now(),
        type: 'subscription.updated',
        subscriptionId,
        status: 'canceled',
        periodEnd: null,
        cancelAtPeriodEnd: false,
      });
    },
    async requestPayout({ withdrawalId, amountCents }) {
      const payoutId = `po_sandbox_${withdrawalId}`;
      const failed = amountCents % 100 === SANDBOX_FAILING_PAYOUT_CENTS;
      await deliver({
        id: `evt_sandbox_payout_${withdrawalId}`,
        created: now(),
        type: failed ? 'payout.failed' : 'payout.paid',
        withdrawalId,
        payoutId,
      });
      return { payoutId };
    },
    async completeCheckout({ checkoutId, amountCents, recurring, userId, outcome }) {
      const created = now();
      if (outcome === 'pay') {
        await deliver({
          id: `evt_sandbox_paid_${checkoutId}`,
          created,
          type: 'checkout.paid',
          checkoutId,
          amountCents,
          ...(recurring
            ? {
                subscription: {
                  id: `sub_sandbox_${checkoutId}`,
                  customerId: `cus_sandbox_${userId}`,
                  periodEnd: created + PLAN_PERIOD_SECONDS,
                },
              }
            : {}),
        });
        return;
      }
      await deliver({
        id: `evt_sandbox_${outcome}_${checkoutId}`,
        created,
        type: 'checkout.failed',
        checkoutId,
        outcome: outcome === 'decline' ? 'declined' : 'cancelled',
      });
    },
    verifyWebhook(rawBody, signatureHeader) {
      verifyPayload(rawBody, signatureHeader, secret);
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new WebhookRejected('body is not JSON');
      }
      const parsed = sandboxEventSchema.safeParse(json);
      if (!parsed.success) throw new WebhookRejected('unknown event');
      return parsed.data;
    },
    async lookupCheckout() {
      // The sandbox has no records of its own: its webhooks are its only word, so nothing to compare.
      return null;
    },
    async listPayouts() {
      return null;
    },
  };
}
