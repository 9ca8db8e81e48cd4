import {
  AppError,
  apiErrorBodySchema,
  BOOSTS,
  checkoutStateSchema,
  ErrorCode,
  idParamSchema,
  okSchema,
  sandboxCheckoutSchema,
  sandboxOutcomeBodySchema,
  sandboxPlanActionBodySchema,
  sandboxPlanSchema,
  TIERS,
  type TierLevel,
} from '@royal/shared';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkouts, reconciliationFlags, subscriptions } from '../../db/schema';
import { actorOf } from '../../plugins/access';
import type { SandboxProvider } from '../payments';
import { receiveWebhook } from './dispatch';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payments'];

  // Signatures are over the exact bytes the provider sent: this route keeps the body as text.
  const rawBodyRoutes: FastifyPluginAsyncZod = async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    raw.post(
      '/payments/webhooks/:provider',
      {
        // Public: the provider's signature, not a session, is what authenticates it.
        config: { access: 'public', signedRawBody: true },
        schema: {
          tags,
          summary: 'Payment provider webhooks (Stripe or the sandbox), signed; each event applies once',
          params: z.object({ provider: z.string().max(32) }),
          response: {
            200: z.object({ received: z.literal(true), outcome: z.string() }),
            400: apiErrorBodySchema,
            404: apiErrorBodySchema,
          },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = typeof request.body === 'string' ? request.body : '';
        const outcome = await receiveWebhook(
          app.ctx,
          request.params.provider,
          body,
          Array.isArray(signature) ? signature[0] : signature,
        );
        return { received: true as const, outcome };
      },
    );
  };
  await app.register(rawBodyRoutes);

  // The tab that sent the member to pay asks here whether the checkout closed without payment
  // (declined, cancelled, expired), so it stops waiting instead of waiting for a plan or balance
  // that will not change. Any provider; only the member's own checkouts (else 404).
  app.get(
    '/payments/checkouts/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'The state of one of your checkouts',
        params: idParamSchema,
        response: { 200: checkoutStateSchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema },
      },
    },
    async (request) => {
      const [row] = await app.ctx.db
        .select({ id: checkouts.id, status: checkouts.status })
        .from(checkouts)
        .where(and(eq(checkouts.id, request.params.id), eq(checkouts.userId, actorOf(request).id)));
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'Checkout not found');
      return row;
    },
  );

  /** The sandbox checkout of the member, or 404 (also when the sandbox is not the provider). */
  async function ownSandboxCheckout(userId: string, id: string) {
    if (app.ctx.payments.name !== 'sandbox') throw new AppError(ErrorCode.NOT_FOUND, 'Checkout not found');
    const [row] = await app.ctx.db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.id, id), eq(checkouts.userId, userId), eq(checkouts.provider, 'sandbox')));
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'Checkout not found');
    return row;
  }

  app.get(
    '/payments/sandbox/checkouts/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'One of your sandbox checkouts, for the TEST MODE payment page',
        params: idParamSchema,
        response: { 200: sandboxCheckoutSchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema },
      },
    },
    async (request) => {
      const row = await ownSandboxCheckout(actorOf(request).id, request.params.id);
      const description =
        row.purpose === 'deposit'
          ? 'Escrow wallet deposit'
          : row.purpose === 'subscription'
            ? `${TIERS[(row.tierLevel ?? 1) as TierLevel].name} — monthly plan`
            : row.boostType
              ? BOOSTS[row.boostType].name
              : 'Boost';
      return {
        id: row.id,
        purpose: row.purpose,
        description,
        amount_cents: row.amountCents,
        status: row.status,
      };
    },
  );

  app.post(
    '/payments/sandbox/checkouts/:id/complete',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Pay, decline or cancel a sandbox checkout: the sandbox sends its signed webhook',
        params: idParamSchema,
        body: sandboxOutcomeBodySchema,
        response: {
          200: okSchema,
          401: apiErrorBodySchema,
          404: apiErrorBodySchema,
          409: apiErrorBodySchema,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const row = await ownSandboxCheckout(actor.id, request.params.id);
      if (row.status !== 'open') throw new AppError(ErrorCode.CONFLICT, 'This checkout is already closed');
      await (app.ctx.payments as SandboxProvider).completeCheckout({
        checkoutId: row.id,
        amountCents: row.amountCents,
        recurring: row.purpose === 'subscription',
        userId: actor.id,
        outcome: request.body.outcome,
      });
      return { ok: true as const };
    },
  );

  /** The member's live sandbox plan, or 404 (also when the sandbox is not the provider). */
  async function ownSandboxPlan(userId: string) {
    if (app.ctx.payments.name !== 'sandbox')
      throw new AppError(ErrorCode.NOT_FOUND, 'You have no subscription to manage');
    const [plan] = await app.ctx.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.provider, 'sandbox'),
          inArray(subscriptions.status, ['active', 'past_due']),
        ),
      )
      .orderBy(desc(subscriptions.updatedAt))
      .limit(1);
    if (!plan?.providerSubscriptionId)
      throw new AppError(ErrorCode.NOT_FOUND, 'You have no subscription to manage');
    return plan;
  }

  app.get(
    '/payments/sandbox/portal',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Your sandbox plan, for the TEST MODE plan management page',
        response: { 200: sandboxPlanSchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema },
      },
    },
    async (request) => {
      const plan = await ownSandboxPlan(actorOf(request).id);
      return {
        tier_level: plan.tierLevel as TierLevel,
        status: plan.status,
        current_period_end: plan.currentPeriodEnd?.toISOString() ?? null,
        cancel_at_period_end: plan.cancelAtPeriodEnd,
      };
    },
  );

  app.post(
    '/payments/sandbox/portal',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'Cancel (at the period end or now) or resume your sandbox plan: the sandbox sends its signed webhook',
        body: sandboxPlanActionBodySchema,
        response: { 200: okSchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema },
      },
    },
    async (request) => {
      const plan = await ownSandboxPlan(actorOf(request).id);
      await (app.ctx.payments as SandboxProvider).changePlan({
        subscriptionId: plan.providerSubscriptionId as string,
        action: request.body.action,
        periodEnd: plan.currentPeriodEnd ? Math.floor(plan.currentPeriodEnd.getTime() / 1000) : null,
      });
      return { ok: true as const };
    },
  );

  app.get(
    '/admin/payments/flags',
    {
      config: { access: { role: 'admin' } },
      schema: {
        tags,
        summary: 'Open reconciliation flags: where our ledger and the provider disagree',
        response: {
          200: z.object({
            items: z.array(
              z.object({
                id: z.uuid(),
                kind: z.string(),
                reference: z.string(),
                detail: z.unknown(),
                created_at: z.string(),
              }),
            ),
          }),
          401: apiErrorBodySchema,
          403: apiErrorBodySchema,
        },
      },
    },
    async () => {
      const rows = await app.ctx.db
        .select()
        .from(reconciliationFlags)
        .where(isNull(reconciliationFlags.resolvedAt))
        .orderBy(desc(reconciliationFlags.createdAt))
        .limit(200);
      return {
        items: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          reference: r.reference,
          detail: r.detail,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  );
};
