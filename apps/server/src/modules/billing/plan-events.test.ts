import { randomUUID } from 'node:crypto';
import { PLAN_ALREADY_HELD_TEXT, PLAN_BELOW_CURRENT_TEXT, type TierLevel } from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { onPostgres } from '../../../test/database';
import { signedInMember } from '../../../test/factories';
import { balanceOf, expectLedgerConsistent, openCheckoutAs, paySandboxCheckout } from '../../../test/money';
import {
  ledgerEntries,
  notifications,
  paymentEvents,
  profiles,
  reconciliationFlags,
  subscriptions,
} from '../../db/schema';
import type { PaymentEvent, SandboxProvider } from '../payments';
import { applyPaymentEvent, reconcilePayments } from '../webhooks';
import { lapseEndedSubscriptions } from './lapse';
import { RENEWAL_GRACE_MS } from './plan-access';
import { cancelReplacedPlans } from './replaced-plans';

// Provider events about plans arrive in any order and more than once; a plan checkout opened
// beside another may be paid after the member already holds what it sells. Decision 028.

const t = useTestApp();
const DAY = 86_400;
const sandbox = () => t.app.ctx.payments as SandboxProvider;

async function profileOf(userId: string) {
  const [row] = await t.app.ctx.db.select().from(profiles).where(eq(profiles.userId, userId));
  if (!row) throw new Error('no profile');
  return row;
}

async function planOf(providerId: string) {
  const [row] = await t.app.ctx.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerId));
  if (!row) throw new Error('no plan');
  return row;
}

/** A member who paid a sandbox plan of `tier`, with its provider id and its paid end. */
async function memberWithPlan(tier: TierLevel) {
  const { member, session } = await signedInMember(t.app, { tier: 0 });
  const checkoutId = await openCheckoutAs(t.app, session, '/api/subscription/checkout', { tier_level: tier });
  await paySandboxCheckout(t.app, session, checkoutId);
  const [plan] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
  if (!plan?.providerSubscriptionId || !plan.currentPeriodEnd) throw new Error('no plan');
  return { member, session, providerId: plan.providerSubscriptionId, paidThrough: plan.currentPeriodEnd };
}

type PlanEvent =
  | Omit<Extract<PaymentEvent, { type: 'subscription.renewed' }>, 'id'>
  | Omit<Extract<PaymentEvent, { type: 'subscription.updated' }>, 'id'>;

/** Applies a plan event as the webhook would; its id, as recorded. */
async function deliver(event: PlanEvent) {
  const id = `evt_${randomUUID()}`;
  await applyPaymentEvent(t.app.ctx, 'sandbox', { id, ...event } as PaymentEvent);
  return `sandbox:${id}`;
}

const seconds = () => Math.floor(Date.now() / 1000);
/** The member's access end for a plan that renews, paid through `paidEnd` (RENEWAL_GRACE_MS past it). */
const renewingUntil = (paidEnd: Date | number) => new Date(new Date(paidEnd).getTime() + RENEWAL_GRACE_MS);

describe('plan events in any order', () => {
  it('a renewal older than the cancellation books its money and leaves the plan ended', async () => {
    const { member, session, providerId } = await memberWithPlan(2);
    const now = seconds();
    await deliver({
      created: now + 10,
      type: 'subscription.updated',
      subscriptionId: providerId,
      status: 'canceled',
      periodEnd: null,
      cancelAtPeriodEnd: false,
    });
    // Stripe's invoice.paid of the period before the cancellation, delivered after it.
    const late = await deliver({
      created: now + 5,
      type: 'subscription.renewed',
      subscriptionId: providerId,
      periodEnd: now + 60 * DAY,
      amountCents: 2499,
    });
    expect(await profileOf(member.id)).toMatchObject({ tierSubscriptionActive: false });
    expect((await request(t.app, 'GET', '/api/subscription', { session })).json()).toMatchObject({
      active: false,
      status: 'canceled',
    });
    expect((await planOf(providerId)).lastEventAt?.getTime()).toBe((now + 10) * 1000);
    // The money the provider took is booked once all the same.
    const booked = await t.app.ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.providerEventId, late));
    expect(booked.map((e) => e.transactionType)).toEqual(['subscription']);
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('a late "past due" older than a paid renewal does not undo it', async () => {
    const { member, providerId } = await memberWithPlan(2);
    const now = seconds();
    await deliver({
      created: now + 20,
      type: 'subscription.renewed',
      subscriptionId: providerId,
      periodEnd: now + 60 * DAY,
      amountCents: 2499,
    });
    await deliver({
      created: now + 15,
      type: 'subscription.updated',
      subscriptionId: providerId,
      status: 'past_due',
      periodEnd: now + 60 * DAY,
      cancelAtPeriodEnd: false,
    });
    expect(await planOf(providerId)).toMatchObject({
      status: 'active',
      currentPeriodEnd: new Date((now + 60 * DAY) * 1000),
    });
    expect(await profileOf(member.id)).toMatchObject({
      tierSubscriptionActive: true,
      tierSubscriptionEndsAt: renewingUntil((now + 60 * DAY) * 1000),
    });
  });

  it('a period the provider moved the plan on to is not access until it is paid', async () => {
    const { member, providerId, paidThrough } = await memberWithPlan(2);
    const now = seconds();
    // Stripe moves a plan to its next period (customer.subscription.updated, still "active") about
    // an hour before it charges the card; a card that then fails must not have bought that month.
    await deliver({
      created: now + 5,
      type: 'subscription.updated',
      subscriptionId: providerId,
      status: 'active',
      periodEnd: now + 60 * DAY,
      cancelAtPeriodEnd: false,
    });
    expect((await profileOf(member.id)).tierSubscriptionEndsAt).toEqual(renewingUntil(paidThrough));
    expect((await planOf(providerId)).currentPeriodEnd).toEqual(paidThrough);
    await deliver({
      created: now + 10,
      type: 'subscription.renewed',
      subscriptionId: providerId,
      periodEnd: now + 60 * DAY,
      amountCents: 2499,
    });
    expect((await profileOf(member.id)).tierSubscriptionEndsAt).toEqual(
      renewingUntil((now + 60 * DAY) * 1000),
    );
    // And a cancellation at the period's end keeps what was paid, without the renewal's grace.
    await deliver({
      created: now + 15,
      type: 'subscription.updated',
      subscriptionId: providerId,
      status: 'active',
      periodEnd: now + 60 * DAY,
      cancelAtPeriodEnd: true,
    });
    expect(await profileOf(member.id)).toMatchObject({
      tierSubscriptionActive: true,
      tierSubscriptionEndsAt: new Date((now + 60 * DAY) * 1000),
    });
  });

  it('a plan that renews keeps its access and Ghost Mode while the provider charges the card', async () => {
    const { member, session, providerId, paidThrough } = await memberWithPlan(4);
    const ghost = await request(t.app, 'PATCH', '/api/me/settings', { session, body: { ghost_mode: true } });
    expect(ghost.statusCode, ghost.body).toBe(200);
    const paidEnd = Math.floor(paidThrough.getTime() / 1000);
    // Stripe moves the plan on to its next period an hour before its end, and charges the card (its
    // invoice.paid, our subscription.renewed) an hour after: the lapse job runs in between.
    await deliver({
      created: paidEnd - 3600,
      type: 'subscription.updated',
      subscriptionId: providerId,
      status: 'active',
      periodEnd: paidEnd + 30 * DAY,
      cancelAtPeriodEnd: false,
    });
    const between = new Date((paidEnd + 1800) * 1000);
    expect(await lapseEndedSubscriptions(t.app.ctx, between)).toBe(0);
    expect(await profileOf(member.id)).toMatchObject({ tierSubscriptionActive: true, ghostMode: true });
    expect((await planOf(providerId)).status).toBe('active');
    await deliver({
      created: paidEnd + 3600,
      type: 'subscription.renewed',
      subscriptionId: providerId,
      periodEnd: paidEnd + 30 * DAY,
      amountCents: 34999,
    });
    expect(await profileOf(member.id)).toMatchObject({
      tierSubscriptionActive: true,
      tierSubscriptionEndsAt: renewingUntil((paidEnd + 30 * DAY) * 1000),
      ghostMode: true,
    });
    // The member reads the plan's own paid end, not the grace.
    expect((await request(t.app, 'GET', '/api/subscription', { session })).json()).toMatchObject({
      active: true,
      ends_at: new Date((paidEnd + 30 * DAY) * 1000).toISOString(),
    });
  });

  it('a plan that renews but is never paid lapses a day after its end; one set to end, at its end', async () => {
    const renewing = await memberWithPlan(2);
    const ending = await memberWithPlan(2);
    await deliver({
      created: seconds() + 5,
      type: 'subscription.updated',
      subscriptionId: ending.providerId,
      status: 'active',
      periodEnd: Math.floor(ending.paidThrough.getTime() / 1000),
      cancelAtPeriodEnd: true,
    });
    const justAfter = new Date(
      Math.max(renewing.paidThrough.getTime(), ending.paidThrough.getTime()) + 60_000,
    );
    await lapseEndedSubscriptions(t.app.ctx, justAfter);
    expect((await planOf(renewing.providerId)).status).toBe('active');
    expect((await planOf(ending.providerId)).status).toBe('expired');
    expect((await profileOf(ending.member.id)).tierSubscriptionActive).toBe(false);
    const dayAfter = new Date(justAfter.getTime() + RENEWAL_GRACE_MS);
    await lapseEndedSubscriptions(t.app.ctx, dayAfter);
    expect((await planOf(renewing.providerId)).status).toBe('expired');
    expect((await profileOf(renewing.member.id)).tierSubscriptionActive).toBe(false);
  });

  it('a renewal charged after the provider said the plan was cancelled is booked, flagged, and ends nothing', async () => {
    const { member, providerId } = await memberWithPlan(2);
    const now = seconds();
    await deliver({
      created: now + 10,
      type: 'subscription.updated',
      subscriptionId: providerId,
      status: 'canceled',
      periodEnd: null,
      cancelAtPeriodEnd: false,
    });
    await deliver({
      created: now + 20,
      type: 'subscription.renewed',
      subscriptionId: providerId,
      periodEnd: now + 60 * DAY,
      amountCents: 2499,
    });
    expect(await profileOf(member.id)).toMatchObject({ tierSubscriptionActive: false });
    expect((await planOf(providerId)).status).toBe('canceled');
    const flags = await t.app.ctx.db
      .select()
      .from(reconciliationFlags)
      .where(eq(reconciliationFlags.reference, providerId));
    expect(flags.map((f) => f.kind)).toEqual(['canceled_plan_renewed']);
    await expectLedgerConsistent(t.app.ctx.db);
  });
});

describe('a renewal the provider charged nothing for', () => {
  it('(a coupon, a customer balance) extends the plan and books nothing', async () => {
    const { member, providerId } = await memberWithPlan(1);
    const now = seconds();
    const free = await deliver({
      created: now + 5,
      type: 'subscription.renewed',
      subscriptionId: providerId,
      periodEnd: now + 60 * DAY,
      amountCents: 0,
    });
    expect((await profileOf(member.id)).tierSubscriptionEndsAt).toEqual(
      renewingUntil((now + 60 * DAY) * 1000),
    );
    expect(
      await t.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.providerEventId, free)),
    ).toEqual([]);
    await expectLedgerConsistent(t.app.ctx.db);
  });
});

describe('a plan checkout paid while the member already holds what it sells', () => {
  async function noticesOf(userId: string) {
    return t.app.ctx.db
      .select({ title: notifications.title, message: notifications.message, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.userId, userId));
  }

  /** Two plan checkouts opened side by side (neither paid yet, so the route sells both). */
  async function openTwo(session: Session, tiers: [TierLevel, TierLevel]) {
    const ids: string[] = [];
    for (const tier_level of tiers) {
      ids.push(await openCheckoutAs(t.app, session, '/api/subscription/checkout', { tier_level }));
    }
    return ids as [string, string];
  }

  it('is credited to the wallet once, with a notice; its plan is cancelled at the provider once', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 0 });
    const [first, second] = await openTwo(session, [2, 2]);
    await paySandboxCheckout(t.app, session, first);
    await paySandboxCheckout(t.app, session, second);

    expect(await profileOf(member.id)).toMatchObject({ tierLevel: 2, tierSubscriptionActive: true });
    const kept = await planOf(`sub_sandbox_${first}`);
    expect(kept).toMatchObject({ status: 'active', replacedAt: null });
    const redundant = await planOf(`sub_sandbox_${second}`);
    expect(redundant).toMatchObject({ status: 'canceled', tierLevel: 2 });
    expect(redundant.replacedAt).not.toBeNull();
    expect(redundant.providerCanceledAt).not.toBeNull();
    const cancelled = await t.app.ctx.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, `sandbox:evt_sandbox_plan_sub_sandbox_${second}_replaced`));
    expect(cancelled).toHaveLength(1);

    expect(await balanceOf(t.app.ctx.db, member.id)).toEqual({ balance: 2499, held: 0 });
    const history = (await request(t.app, 'GET', '/api/wallet/transactions', { session })).json();
    expect(history.items).toMatchObject([{ amount_cents: 2499 }]);
    expect(await noticesOf(member.id)).toEqual([
      {
        title: 'Plan payment credited to your wallet',
        message: `${PLAN_ALREADY_HELD_TEXT}, so your payment of $24.99 for Verified Viber went to your escrow wallet.`,
        link: '/more?wallet=open',
      },
    ]);

    // The provider reports the payment again, and the retry job runs: nothing more.
    await sandbox().completeCheckout({
      checkoutId: second,
      amountCents: 2499,
      recurring: true,
      userId: member.id,
      outcome: 'pay',
    });
    expect(await cancelReplacedPlans(t.app.ctx)).toBe(0);
    expect(await balanceOf(t.app.ctx.db, member.id)).toEqual({ balance: 2499, held: 0 });
    expect(await noticesOf(member.id)).toHaveLength(1);
    expect(await profileOf(member.id)).toMatchObject({ tierLevel: 2, tierSubscriptionActive: true });
    // Revenue once (the plan kept), the wallet credit once; the reconciliation finds nothing.
    await expectLedgerConsistent(t.app.ctx.db);
    await reconcilePayments(t.app.ctx);
    const flags = await t.app.ctx.db
      .select()
      .from(reconciliationFlags)
      .where(eq(reconciliationFlags.reference, member.id));
    expect(flags).toEqual([]);
  });

  it('a lower plan paid after a higher one is credited too; a higher one after a lower replaces it', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 0 });
    const [higher, lower] = await openTwo(session, [3, 2]);
    await paySandboxCheckout(t.app, session, higher);
    await paySandboxCheckout(t.app, session, lower);
    expect(await profileOf(member.id)).toMatchObject({ tierLevel: 3, tierSubscriptionActive: true });
    expect(await balanceOf(t.app.ctx.db, member.id)).toEqual({ balance: 2499, held: 0 });
    expect((await noticesOf(member.id)).map((n) => n.message)).toEqual([
      `${PLAN_BELOW_CURRENT_TEXT}, so your payment of $24.99 for Verified Viber went to your escrow wallet.`,
    ]);

    const other = await signedInMember(t.app, { tier: 0 });
    const [low, high] = await openTwo(other.session, [2, 3]);
    await paySandboxCheckout(t.app, other.session, low);
    await paySandboxCheckout(t.app, other.session, high);
    expect(await profileOf(other.member.id)).toMatchObject({ tierLevel: 3, tierSubscriptionActive: true });
    expect(await balanceOf(t.app.ctx.db, other.member.id)).toEqual({ balance: 0, held: 0 });
    expect(await planOf(`sub_sandbox_${low}`)).toMatchObject({ status: 'canceled' });
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it.skipIf(!onPostgres)('two payments for the same plan at once: one plan, one credit', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 0 });
    const checkoutIds = await openTwo(session, [2, 2]);
    await Promise.all(checkoutIds.map((id) => paySandboxCheckout(t.app, session, id)));
    const live = await t.app.ctx.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, member.id), eq(subscriptions.status, 'active')));
    expect(live).toHaveLength(1);
    expect(await profileOf(member.id)).toMatchObject({ tierLevel: 2, tierSubscriptionActive: true });
    expect(await balanceOf(t.app.ctx.db, member.id)).toEqual({ balance: 2499, held: 0 });
    expect(await noticesOf(member.id)).toHaveLength(1);
    await expectLedgerConsistent(t.app.ctx.db);
  });
});
