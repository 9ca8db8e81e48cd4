import { randomUUID } from 'node:crypto';
import { MAX_MONEY_CENTS } from '@royal/shared';
import { eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { request, startTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { balanceOf, expectLedgerConsistent, fundWallet, moneyPost } from '../../../test/money';
import { type StripeStandIn, startStripeStandIn } from '../../../test/stripe-standin';
import type { App } from '../../app';
import { checkouts, profiles, reconciliationFlags, subscriptions, withdrawals } from '../../db/schema';
import { cancelReplacedPlans, RENEWAL_GRACE_MS } from '../billing';
import { reconcilePayments } from '../webhooks';

// The Stripe adapter against a local stand-in of the Stripe API (the SDK's host/port/protocol), with
// webhooks signed by the SDK's own test helper.

const WEBHOOK_SECRET = 'whsec_test_standin_secret';
const signer = new Stripe('sk_test_signer');
let standIn: StripeStandIn;
let app: App;
let dispose: () => Promise<void>;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  const started = await startTestApp({
    payments: {
      provider: 'stripe',
      stripeSecretKey: 'sk_test_standin',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiUrl: standIn.url,
    },
  });
  app = started.app;
  dispose = started.dispose;
});
afterAll(async () => {
  await dispose?.();
  await standIn?.close();
});

function stripeEvent(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  return JSON.stringify({
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type,
    created,
    data: { object },
  });
}

/** Stripe's `checkout.session.completed` for our checkout, paid (subscription and customer for plans). */
function checkoutCompleted(
  sessionId: string | null,
  checkoutId: string,
  amountTotal: number,
  plan: { subscription: string; customer: string } | null = null,
) {
  return stripeEvent('checkout.session.completed', {
    id: sessionId,
    object: 'checkout.session',
    metadata: { checkout_id: checkoutId },
    payment_status: 'paid',
    amount_total: amountTotal,
    subscription: plan?.subscription ?? null,
    customer: plan?.customer ?? null,
  });
}

/** A renewal: Stripe's `invoice.paid` for a subscription's next period, ending `periodEnd` (seconds). */
function renewal(invoiceId: string, subscription: string, amountPaid: number, periodEnd: number) {
  return stripeEvent('invoice.paid', {
    id: invoiceId,
    object: 'invoice',
    billing_reason: 'subscription_cycle',
    subscription,
    amount_paid: amountPaid,
    period_end: periodEnd,
    lines: { data: [{ period: { end: periodEnd } }] },
  });
}

function deliver(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

async function checkoutRow(id: string) {
  const [row] = await app.ctx.db.select().from(checkouts).where(eq(checkouts.id, id));
  if (!row?.providerSessionId) throw new Error('no session');
  return row;
}

describe('the Stripe adapter', () => {
  it('opens a Checkout Session and credits the deposit once from the signed webhook', async () => {
    const { member, session } = await signedInMember(app, { tier: 2 });
    const res = await moneyPost(app, '/api/wallet/deposits', session, { amount_cents: 5000 });
    expect(res.statusCode, res.body).toBe(200);
    const { checkout_id, url } = res.json();
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\/cs_test_/);
    const call = standIn.calls.find(
      (c) => c.path === '/v1/checkout/sessions' && c.form.get('metadata[checkout_id]') === checkout_id,
    );
    expect(call?.form.get('mode')).toBe('payment');
    expect(call?.form.get('line_items[0][price_data][unit_amount]')).toBe('5000');
    expect(call?.idempotencyKey).toBe(`checkout-${checkout_id}`);

    const row = await checkoutRow(checkout_id);
    const completed = checkoutCompleted(row.providerSessionId, checkout_id, 5000);
    expect((await deliver(completed)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await deliver(completed)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await balanceOf(app.ctx.db, member.id)).toEqual({ balance: 5000, held: 0 });

    // Wrong secret, stale, tampered: refused, nothing credited.
    const again = stripeEvent('checkout.session.completed', { ...JSON.parse(completed).data.object });
    expect((await deliver(again, { secret: 'whsec_wrong' })).statusCode).toBe(400);
    expect((await deliver(again, { timestamp: Math.floor(Date.now() / 1000) - 301 })).statusCode).toBe(400);
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({
          payload: again,
          secret: WEBHOOK_SECRET,
        }),
      },
      payload: again.replace('5000', '500000'),
    });
    expect(tampered.statusCode).toBe(400);
    // The sandbox route does not exist in Stripe mode.
    const sandboxRoute = await app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(sandboxRoute.statusCode).toBe(404);
    expect(await balanceOf(app.ctx.db, member.id)).toEqual({ balance: 5000, held: 0 });
    await expectLedgerConsistent(app.ctx.db);
  });

  it('runs a plan: checkout, renewal by invoice, end by deletion; the portal opens', async () => {
    const { member, session } = await signedInMember(app, { tier: 0 });
    const res = await moneyPost(app, '/api/subscription/checkout', session, { tier_level: 3 });
    const { checkout_id } = res.json();
    const call = standIn.calls.find((c) => c.form.get('metadata[checkout_id]') === checkout_id);
    expect(call?.form.get('mode')).toBe('subscription');
    expect(call?.form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    const row = await checkoutRow(checkout_id);
    await deliver(
      checkoutCompleted(row.providerSessionId, checkout_id, 15999, {
        subscription: 'sub_standin_1',
        customer: 'cus_standin_1',
      }),
    );
    const [p] = await app.ctx.db.select().from(profiles).where(eq(profiles.userId, member.id));
    expect(p).toMatchObject({ tierLevel: 3, tierSubscriptionActive: true });

    const periodEnd = Math.floor(Date.now() / 1000) + 62 * 86_400;
    await deliver(renewal('in_1', 'sub_standin_1', 15999, periodEnd));
    const [renewed] = await app.ctx.db.select().from(profiles).where(eq(profiles.userId, member.id));
    // Access runs a day past the paid end while the next renewal is charged.
    expect(renewed?.tierSubscriptionEndsAt?.getTime()).toBe(periodEnd * 1000 + RENEWAL_GRACE_MS);

    const portal = await request(app, 'POST', '/api/subscription/portal', { session });
    expect(portal.json()).toEqual({ url: 'https://billing.stripe.test/p/session' });
    expect(standIn.calls.find((c) => c.path === '/v1/billing_portal/sessions')?.form.get('customer')).toBe(
      'cus_standin_1',
    );

    await deliver(
      stripeEvent(
        'customer.subscription.deleted',
        {
          id: 'sub_standin_1',
          object: 'subscription',
          status: 'canceled',
          cancel_at_period_end: false,
          items: { data: [{ current_period_end: periodEnd }] },
        },
        Math.floor(Date.now() / 1000) + 1,
      ),
    );
    const [ended] = await app.ctx.db.select().from(profiles).where(eq(profiles.userId, member.id));
    expect(ended?.tierSubscriptionActive).toBe(false);
    await expectLedgerConsistent(app.ctx.db);
  });

  it('cancels the earlier plan at Stripe exactly once when a new plan’s webhook is applied', async () => {
    const { member, session } = await signedInMember(app, { tier: 0 });
    const subscribe = async (tier: number, subscription: string, amount: number) => {
      const { checkout_id } = (
        await moneyPost(app, '/api/subscription/checkout', session, { tier_level: tier })
      ).json();
      const row = await checkoutRow(checkout_id);
      const completed = checkoutCompleted(row.providerSessionId, checkout_id, amount, {
        subscription,
        customer: 'cus_switch',
      });
      expect((await deliver(completed)).json()).toEqual({ received: true, outcome: 'applied' });
      return completed;
    };
    const cancels = () =>
      standIn.calls.filter((c) => c.method === 'DELETE' && c.path === '/v1/subscriptions/sub_switch_old');

    await subscribe(2, 'sub_switch_old', 4999);
    expect(cancels()).toHaveLength(0);
    const second = await subscribe(3, 'sub_switch_new', 15999);
    expect(cancels()).toHaveLength(1);
    expect(cancels()[0]?.idempotencyKey).toBe('cancel-sub_switch_old');
    expect(
      standIn.calls.some((c) => c.method === 'DELETE' && c.path === '/v1/subscriptions/sub_switch_new'),
    ).toBe(false);

    // The same webhook again, and the retry job: nothing more is asked of Stripe.
    expect((await deliver(second)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await cancelReplacedPlans(app.ctx)).toBe(0);
    expect(cancels()).toHaveLength(1);
    const plans = await app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    const old = plans.find((p) => p.providerSubscriptionId === 'sub_switch_old');
    expect(old).toMatchObject({ status: 'canceled' });
    expect(old?.providerCanceledAt).not.toBeNull();

    // Stripe then reports the old plan deleted: the member keeps the new plan.
    await deliver(
      stripeEvent(
        'customer.subscription.deleted',
        { id: 'sub_switch_old', object: 'subscription', status: 'canceled', cancel_at_period_end: false },
        Math.floor(Date.now() / 1000) + 1,
      ),
    );
    const [p] = await app.ctx.db.select().from(profiles).where(eq(profiles.userId, member.id));
    expect(p).toMatchObject({ tierLevel: 3, tierSubscriptionActive: true });

    // Had Stripe charged the old plan once more, the money is booked, the tier stays, an admin is told.
    const periodEnd = Math.floor(Date.now() / 1000) + 40 * 86_400;
    await deliver(renewal('in_switch_old', 'sub_switch_old', 4999, periodEnd));
    const [still] = await app.ctx.db.select().from(profiles).where(eq(profiles.userId, member.id));
    expect(still).toMatchObject({ tierLevel: 3, tierSubscriptionActive: true });
    const flagged = await app.ctx.db
      .select()
      .from(reconciliationFlags)
      .where(eq(reconciliationFlags.reference, 'sub_switch_old'));
    expect(flagged.map((f) => f.kind)).toEqual(['replaced_plan_renewed']);
    await expectLedgerConsistent(app.ctx.db);
  });

  it('retries a plan cancellation Stripe refused, from the job', async () => {
    const { member, session } = await signedInMember(app, { tier: 0 });
    for (const [tier, subscription] of [
      [1, 'sub_refused_old'],
      [2, 'sub_refused_new'],
    ] as const) {
      if (tier === 2) standIn.failNext.set('/v1/subscriptions/sub_refused_old', 3);
      const { checkout_id } = (
        await moneyPost(app, '/api/subscription/checkout', session, { tier_level: tier })
      ).json();
      const row = await checkoutRow(checkout_id);
      await deliver(
        checkoutCompleted(row.providerSessionId, checkout_id, row.amountCents, {
          subscription,
          customer: 'cus_refused',
        }),
      );
    }
    const [old] = await app.ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, 'sub_refused_old'));
    expect(old).toMatchObject({ userId: member.id, providerCanceledAt: null, providerCancelClaimedAt: null });
    expect(await cancelReplacedPlans(app.ctx)).toBe(1);
    expect(await cancelReplacedPlans(app.ctx)).toBe(0);
  });

  it('pays a withdrawal out with our id as the idempotency key, and settles it from payout.paid', async () => {
    const { member, session } = await signedInMember(app, { tier: 4 });
    await fundWallet(app, member.id, 9000);
    const res = await moneyPost(app, '/api/wallet/withdrawals', session, { amount_cents: 3000 });
    const { withdrawal } = res.json();
    const payout = standIn.calls.find(
      (c) => c.path === '/v1/payouts' && c.form.get('metadata[withdrawal_id]') === withdrawal.id,
    );
    expect(payout?.idempotencyKey).toBe(`withdrawal-${withdrawal.id}`);
    expect(await balanceOf(app.ctx.db, member.id)).toEqual({ balance: 6000, held: 3000 });
    const [row] = await app.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
    await deliver(
      stripeEvent('payout.paid', {
        id: row?.providerPayoutId,
        object: 'payout',
        metadata: { withdrawal_id: withdrawal.id },
      }),
    );
    expect(await balanceOf(app.ctx.db, member.id)).toEqual({ balance: 6000, held: 0 });
    const history = (await request(app, 'GET', '/api/wallet/transactions', { session })).json();
    expect(history.items[0]).toMatchObject({ transaction_type: 'withdrawal', status: 'completed' });
    await expectLedgerConsistent(app.ctx.db);
  });

  it('flags a payout that fails after it was reported paid, at once, and leaves the ledger alone', async () => {
    const { member, session } = await signedInMember(app, { tier: 4 });
    await fundWallet(app, member.id, 9000);
    const { withdrawal } = (
      await moneyPost(app, '/api/wallet/withdrawals', session, { amount_cents: 3000 })
    ).json();
    const [row] = await app.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
    const payout = {
      id: row?.providerPayoutId,
      object: 'payout',
      metadata: { withdrawal_id: withdrawal.id },
    };
    await deliver(stripeEvent('payout.paid', payout));
    await deliver(stripeEvent('payout.failed', payout));
    expect(await balanceOf(app.ctx.db, member.id)).toEqual({ balance: 6000, held: 0 });
    const flags = await app.ctx.db
      .select()
      .from(reconciliationFlags)
      .where(eq(reconciliationFlags.reference, withdrawal.id));
    expect(flags.map((f) => f.kind)).toEqual(['payout_posted_but_failed']);
    await expectLedgerConsistent(app.ctx.db);
  });

  it('flags a disputed or refunded card payment for admins, once each', async () => {
    await deliver(
      stripeEvent('charge.dispute.created', {
        id: 'dp_standin_1',
        object: 'dispute',
        charge: 'ch_standin_disputed',
        payment_intent: 'pi_standin_1',
        amount: 700,
      }),
    );
    const refund = stripeEvent('charge.refunded', {
      id: 'ch_standin_refunded',
      object: 'charge',
      payment_intent: 'pi_standin_2',
      amount_refunded: 1500,
    });
    await deliver(refund);
    await deliver(refund);
    const flags = await app.ctx.db
      .select()
      .from(reconciliationFlags)
      .where(inArray(reconciliationFlags.reference, ['ch_standin_disputed', 'ch_standin_refunded']));
    expect(flags.map((f) => [f.kind, f.reference]).sort()).toEqual([
      ['payment_disputed', 'ch_standin_disputed'],
      ['payment_refunded', 'ch_standin_refunded'],
    ]);
  });

  it('reconciliation flags a payment Stripe took that we never credited, once', async () => {
    const { session } = await signedInMember(app, { tier: 2 });
    const { checkout_id } = (
      await moneyPost(app, '/api/wallet/deposits', session, { amount_cents: 700 })
    ).json();
    const row = await checkoutRow(checkout_id);
    standIn.sessions.set(row.providerSessionId as string, { payment_status: 'paid', amount_total: 700 });
    expect(await reconcilePayments(app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await reconcilePayments(app.ctx)).toBe(0);
    const flags = await app.ctx.db
      .select()
      .from(reconciliationFlags)
      .where(eq(reconciliationFlags.reference, checkout_id));
    expect(flags.map((f) => f.kind)).toEqual(['provider_paid_not_credited']);
    const admin = await signedInMember(app, { roles: ['user', 'admin'] });
    const listed = await request(app, 'GET', '/api/admin/payments/flags', { session: admin.session });
    expect(listed.json().items.map((f: { reference: string }) => f.reference)).toContain(checkout_id);
    expect((await request(app, 'GET', '/api/admin/payments/flags', { session })).statusCode).toBe(403);
  });

  it('reconciliation flags each payout our ledger and Stripe disagree on, once, for admins', async () => {
    const { member, session } = await signedInMember(app, { tier: 4 });
    await fundWallet(app, member.id, 20_000);
    const withdraw = async (amount_cents: number) => {
      const res = await moneyPost(app, '/api/wallet/withdrawals', session, { amount_cents });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().withdrawal.id as string;
      const [row] = await app.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id));
      return { id, payoutId: row?.providerPayoutId as string };
    };
    const settle = (w: { id: string; payoutId: string }, type: 'payout.paid' | 'payout.failed') =>
      deliver(stripeEvent(type, { id: w.payoutId, object: 'payout', metadata: { withdrawal_id: w.id } }));
    const setStatus = (payoutId: string, status: 'paid' | 'failed') => {
      const payout = standIn.payouts.get(payoutId);
      if (!payout) throw new Error('no payout at the stand-in');
      payout.status = status;
    };

    // Stripe paid it, our ledger still holds it (the webhook was lost).
    const held = await withdraw(3000);
    setStatus(held.payoutId, 'paid');
    // Our ledger posted it, Stripe says it failed.
    const posted = await withdraw(2000);
    await settle(posted, 'payout.paid');
    setStatus(posted.payoutId, 'failed');
    // Both agree: nothing to flag.
    const agreed = await withdraw(1000);
    await settle(agreed, 'payout.paid');
    setStatus(agreed.payoutId, 'paid');
    // A payout we never asked for.
    standIn.payouts.set('po_unknown_standin', {
      id: 'po_unknown_standin',
      object: 'payout',
      amount: 4200,
      status: 'paid',
      created: Math.floor(Date.now() / 1000),
      metadata: {},
    });

    expect(await reconcilePayments(app.ctx)).toBe(3);
    expect(await reconcilePayments(app.ctx)).toBe(0);
    const flags = await app.ctx.db.select().from(reconciliationFlags);
    const kindOf = (reference: string) => flags.filter((f) => f.reference === reference).map((f) => f.kind);
    expect(kindOf(held.id)).toEqual(['payout_paid_still_held']);
    expect(kindOf(posted.id)).toEqual(['payout_posted_but_failed']);
    expect(kindOf(agreed.id)).toEqual([]);
    expect(kindOf('po_unknown_standin')).toEqual(['unknown_payout']);

    const admin = await signedInMember(app, { roles: ['user', 'admin'] });
    const listed = await request(app, 'GET', '/api/admin/payments/flags', { session: admin.session });
    const references = listed.json().items.map((f: { reference: string }) => f.reference);
    expect(references).toEqual(expect.arrayContaining([held.id, posted.id, 'po_unknown_standin']));
    expect((await request(app, 'GET', '/api/admin/payments/flags', { session })).statusCode).toBe(403);
    await expectLedgerConsistent(app.ctx.db);
  });

  it('a late invoice.paid after the plan was deleted books its money and leaves the plan ended', async () => {
    const { member, session } = await signedInMember(app, { tier: 0 });
    const { checkout_id } = (
      await moneyPost(app, '/api/subscription/checkout', session, { tier_level: 2 })
    ).json();
    const row = await checkoutRow(checkout_id);
    await deliver(
      checkoutCompleted(row.providerSessionId, checkout_id, 2499, {
        subscription: 'sub_late_renewal',
        customer: 'cus_late_renewal',
      }),
    );
    const now = Math.floor(Date.now() / 1000);
    await deliver(
      stripeEvent(
        'customer.subscription.deleted',
        { id: 'sub_late_renewal', object: 'subscription', status: 'canceled', cancel_at_period_end: false },
        now + 10,
      ),
    );
    // The renewal Stripe charged before the member cancelled, delivered after the deletion.
    const late = JSON.parse(renewal('in_late', 'sub_late_renewal', 2499, now + 40 * 86_400));
    late.created = now + 5;
    expect((await deliver(JSON.stringify(late))).json()).toEqual({ received: true, outcome: 'applied' });
    const [p] = await app.ctx.db.select().from(profiles).where(eq(profiles.userId, member.id));
    expect(p?.tierSubscriptionActive).toBe(false);
    const [plan] = await app.ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, 'sub_late_renewal'));
    expect(plan?.status).toBe('canceled');
    await expectLedgerConsistent(app.ctx.db);
  });

  it('a second payment for the plan a member holds goes to their wallet; its Stripe plan is cancelled once', async () => {
    const { member, session } = await signedInMember(app, { tier: 0 });
    const open = async () =>
      (await moneyPost(app, '/api/subscription/checkout', session, { tier_level: 2 })).json()
        .checkout_id as string;
    const [first, second] = [await open(), await open()];
    const pay = async (checkoutId: string, subscription: string) =>
      deliver(
        checkoutCompleted((await checkoutRow(checkoutId)).providerSessionId, checkoutId, 2499, {
          subscription,
          customer: 'cus_twice',
        }),
      );
    await pay(first, 'sub_twice_first');
    const again = await pay(second, 'sub_twice_second');
    expect(again.json()).toEqual({ received: true, outcome: 'applied' });
    const cancels = () =>
      standIn.calls.filter((c) => c.method === 'DELETE' && c.path.startsWith('/v1/subscriptions/sub_twice_'));
    expect(cancels().map((c) => c.path)).toEqual(['/v1/subscriptions/sub_twice_second']);
    expect(await balanceOf(app.ctx.db, member.id)).toEqual({ balance: 2499, held: 0 });
    const [p] = await app.ctx.db.select().from(profiles).where(eq(profiles.userId, member.id));
    expect(p).toMatchObject({ tierLevel: 2, tierSubscriptionActive: true });
    // Stripe then reports the second plan deleted: the member keeps the first.
    await deliver(
      stripeEvent(
        'customer.subscription.deleted',
        { id: 'sub_twice_second', object: 'subscription', status: 'canceled', cancel_at_period_end: false },
        Math.floor(Date.now() / 1000) + 1,
      ),
    );
    const [still] = await app.ctx.db.select().from(profiles).where(eq(profiles.userId, member.id));
    expect(still).toMatchObject({ tierLevel: 2, tierSubscriptionActive: true });
    expect(await cancelReplacedPlans(app.ctx)).toBe(0);
    expect(cancels()).toHaveLength(1);
    await expectLedgerConsistent(app.ctx.db);
  });

  it('credits no amount that is not bounded whole cents (above 2^53, past the ceiling, none): flagged, logged', async () => {
    const { member, session } = await signedInMember(app, { tier: 4 });
    const errors = vi.spyOn(app.ctx.log, 'error');
    try {
      // Each as Stripe's JSON would spell it; the first is rounded by JSON.parse before anyone reads it.
      for (const amount of ['9007199254740993', String(MAX_MONEY_CENTS + 1), 'null']) {
        const { checkout_id } = (
          await moneyPost(app, '/api/wallet/deposits', session, { amount_cents: 1000 })
        ).json();
        const row = await checkoutRow(checkout_id);
        const completed = checkoutCompleted(row.providerSessionId, checkout_id, 1000).replace(
          '"amount_total":1000',
          `"amount_total":${amount}`,
        );
        const res = await deliver(completed);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
        const flags = await app.ctx.db
          .select()
          .from(reconciliationFlags)
          .where(eq(reconciliationFlags.reference, checkout_id));
        expect(flags.map((f) => f.kind)).toEqual(['provider_amount_out_of_range']);
      }
      expect(errors).toHaveBeenCalledTimes(3);
      expect(await balanceOf(app.ctx.db, member.id)).toEqual({ balance: 0, held: 0 });
      await expectLedgerConsistent(app.ctx.db);
    } finally {
      errors.mockRestore();
    }
  });

  it('reconciliation flags a Stripe amount it cannot compare exactly, and still flags what it can', async () => {
    const { member, session } = await signedInMember(app, { tier: 4 });
    const { checkout_id } = (
      await moneyPost(app, '/api/wallet/deposits', session, { amount_cents: 800 })
    ).json();
    const row = await checkoutRow(checkout_id);
    standIn.sessions.set(row.providerSessionId as string, { payment_status: 'paid', amount_total: 2 ** 60 });
    await fundWallet(app, member.id, 5000);
    const { withdrawal } = (
      await moneyPost(app, '/api/wallet/withdrawals', session, { amount_cents: 3000 })
    ).json();
    const [held] = await app.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
    const payout = standIn.payouts.get(held?.providerPayoutId as string);
    if (!payout) throw new Error('no payout at the stand-in');
    payout.amount = 2 ** 53 + 2;
    payout.status = 'paid';
    const errors = vi.spyOn(app.ctx.log, 'error');
    try {
      await reconcilePayments(app.ctx);
      const flags = await app.ctx.db
        .select()
        .from(reconciliationFlags)
        .where(inArray(reconciliationFlags.reference, [checkout_id, payout.id, withdrawal.id]));
      expect(flags.map((f) => [f.kind, f.reference, f.detail]).sort()).toEqual([
        ['payout_paid_still_held', withdrawal.id, expect.anything()],
        ['provider_amount_out_of_range', checkout_id, { provider: String(2 ** 60) }],
        ['provider_amount_out_of_range', payout.id, { provider: String(2 ** 53 + 2) }],
        ['provider_paid_not_credited', checkout_id, { amount_cents: null }],
      ]);
      expect(errors).toHaveBeenCalledTimes(2);
      // Flagged once: a second run raises nothing and logs nothing more.
      await reconcilePayments(app.ctx);
      expect(errors).toHaveBeenCalledTimes(2);
    } finally {
      errors.mockRestore();
    }
  });
});
