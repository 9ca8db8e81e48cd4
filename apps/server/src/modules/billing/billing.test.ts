import { randomUUID } from 'node:crypto';
import { PLAN_ALREADY_HELD_TEXT, PLAN_BELOW_CURRENT_TEXT } from '@royal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { expectLedgerConsistent, moneyPost, openCheckoutAs, paySandboxCheckout } from '../../../test/money';
import { boosts, checkouts, paymentEvents, profiles, subscriptions } from '../../db/schema';
import type { SandboxProvider } from '../payments';
import { applyPaymentEvent } from '../webhooks';
import { lapseEndedSubscriptions } from './lapse';
import { PAST_DUE_GRACE_MS, RENEWAL_GRACE_MS } from './plan-access';
import { cancelReplacedPlans } from './replaced-plans';

const t = useTestApp();
const DAY = 86_400;

/** Opens a checkout through the member's route and pays it at the sandbox: its id. */
async function payCheckout(session: Session, url: string, body: object) {
  const checkoutId = await openCheckoutAs(t.app, session, url, body);
  await paySandboxCheckout(t.app, session, checkoutId);
  return checkoutId;
}

const setGhostMode = (session: Session, ghost_mode: boolean) =>
  request(t.app, 'PATCH', '/api/me/settings', { session, body: { ghost_mode } });

async function profileOf(userId: string) {
  const [row] = await t.app.ctx.db.select().from(profiles).where(eq(profiles.userId, userId));
  if (!row) throw new Error('no profile');
  return row;
}

describe('subscriptions', () => {
  it('apply a paid tier on the member’s very next request (the cached actor is dropped)', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 0, userType: 'men' });
    const target = await signedInMember(t.app, { tier: 2, userType: 'women' });
    const swipe = () =>
      request(t.app, 'POST', '/api/swipes', {
        session,
        body: { target_id: target.member.id, direction: 'left' },
      });
    // Resolve (and cache) the actor as tier 0 first.
    const refused = await swipe();
    expect(refused.json().error.code).toBe('TIER_REQUIRED');
    const before = await request(t.app, 'GET', '/api/subscription', { session });
    expect(before.json()).toMatchObject({ tier_level: 0, active: false, ends_at: null, manageable: false });

    await payCheckout(session, '/api/subscription/checkout', { tier_level: 2 });
    // First thing after paying (no fresh read in between that could refresh the cache by chance).
    const allowed = await swipe();
    expect(allowed.statusCode, allowed.body).toBeLessThan(300);
    const after = (await request(t.app, 'GET', '/api/subscription', { session })).json();
    expect(after).toMatchObject({ tier_level: 2, active: true, status: 'active', manageable: true });
    expect(Date.parse(after.ends_at) - Date.now()).toBeGreaterThan(29 * DAY * 1000);
    const row = await profileOf(member.id);
    expect(row).toMatchObject({ tierLevel: 2, tierSubscriptionActive: true });
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('renew, cancel and lapse by webhook and by the end-date job; older events change nothing', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 0 });
    await payCheckout(session, '/api/subscription/checkout', { tier_level: 1 });
    const [plan] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    if (!plan?.providerSubscriptionId) throw new Error('no plan');
    const now = Math.floor(Date.now() / 1000);
    const renewedTo = now + 60 * DAY;
    await applyPaymentEvent(t.app.ctx, 'sandbox', {
      id: `evt_${randomUUID()}`,
      created: now,
      type: 'subscription.renewed',
      subscriptionId: plan.providerSubscriptionId,
      periodEnd: renewedTo,
      amountCents: 1599,
    });
    // A plan that renews: access lasts a day past the paid end while the provider charges the card.
    expect((await profileOf(member.id)).tierSubscriptionEndsAt?.getTime()).toBe(
      renewedTo * 1000 + RENEWAL_GRACE_MS,
    );

    await applyPaymentEvent(t.app.ctx, 'sandbox', {
      id: `evt_${randomUUID()}`,
      created: now + 10,
      type: 'subscription.updated',
      subscriptionId: plan.providerSubscriptionId,
      status: 'canceled',
      periodEnd: renewedTo,
      cancelAtPeriodEnd: false,
    });
    // An "active" update from before the cancellation, delivered late, does not revive it.
    await applyPaymentEvent(t.app.ctx, 'sandbox', {
      id: `evt_${randomUUID()}`,
      created: now + 5,
      type: 'subscription.updated',
      subscriptionId: plan.providerSubscriptionId,
      status: 'active',
      periodEnd: renewedTo,
      cancelAtPeriodEnd: true,
    });
    expect((await profileOf(member.id)).tierSubscriptionActive).toBe(false);
    expect((await request(t.app, 'GET', '/api/subscription', { session })).json().active).toBe(false);

    // A plan whose end passed without any webhook lapses by the job.
    const other = await signedInMember(t.app, { tier: 0 });
    await payCheckout(other.session, '/api/subscription/checkout', { tier_level: 3 });
    const later = new Date(Date.now() + 31 * DAY * 1000);
    expect(await lapseEndedSubscriptions(t.app.ctx, later)).toBeGreaterThanOrEqual(1);
    expect((await profileOf(other.member.id)).tierSubscriptionActive).toBe(false);
    const [lapsed] = await t.app.ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, other.member.id));
    expect(lapsed?.status).toBe('expired');
    expect(await lapseEndedSubscriptions(t.app.ctx, later)).toBe(0);
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('end the Ghost Mode of a member whose Vault Verified plan lapses, unless a sponsorship still grants it', async () => {
    const vault = async (options: { sponsored?: boolean } = {}) => {
      const signedIn = await signedInMember(t.app, { tier: 0, ...options });
      await payCheckout(signedIn.session, '/api/subscription/checkout', { tier_level: 4 });
      const on = await setGhostMode(signedIn.session, true);
      expect(on.statusCode, on.body).toBe(200);
      return signedIn.member;
    };
    const lapsing = await vault();
    const sponsored = await vault({ sponsored: true });
    expect(
      await lapseEndedSubscriptions(t.app.ctx, new Date(Date.now() + 31 * DAY * 1000)),
    ).toBeGreaterThanOrEqual(2);
    expect(await profileOf(lapsing.id)).toMatchObject({ tierSubscriptionActive: false, ghostMode: false });
    expect(await profileOf(sponsored.id)).toMatchObject({ tierSubscriptionActive: false, ghostMode: true });
  });

  it('end the Ghost Mode of a member whose Vault Verified plan is cancelled', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 0 });
    await payCheckout(session, '/api/subscription/checkout', { tier_level: 4 });
    expect((await setGhostMode(session, true)).statusCode).toBe(200);
    const [plan] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    if (!plan?.providerSubscriptionId) throw new Error('no plan');
    await applyPaymentEvent(t.app.ctx, 'sandbox', {
      id: `evt_${randomUUID()}`,
      created: Math.floor(Date.now() / 1000),
      type: 'subscription.updated',
      subscriptionId: plan.providerSubscriptionId,
      status: 'canceled',
      periodEnd: null,
      cancelAtPeriodEnd: false,
    });
    expect(await profileOf(member.id)).toMatchObject({ tierSubscriptionActive: false, ghostMode: false });
    expect((await request(t.app, 'GET', '/api/me/settings', { session })).json().ghost_mode).toBe(false);
  });

  it('keep a plan whose renewal failed only through its paid period and a short grace, until a renewal is paid', async () => {
    const paying = await signedInMember(t.app, { tier: 0 });
    const lapsing = await signedInMember(t.app, { tier: 0 });
    const now = Math.floor(Date.now() / 1000);
    const pastDue = async (userId: string) => {
      const [plan] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      if (!plan?.providerSubscriptionId || !plan.currentPeriodEnd) throw new Error('no plan');
      // The provider moved the plan on to a period nobody paid for, and says so twice.
      for (const at of [now, now + 60]) {
        await applyPaymentEvent(t.app.ctx, 'sandbox', {
          id: `evt_${randomUUID()}`,
          created: at,
          type: 'subscription.updated',
          subscriptionId: plan.providerSubscriptionId,
          status: 'past_due',
          periodEnd: now + 60 * DAY,
          cancelAtPeriodEnd: false,
        });
      }
      return { providerId: plan.providerSubscriptionId, paidThrough: plan.currentPeriodEnd };
    };
    for (const member of [paying, lapsing]) {
      await payCheckout(member.session, '/api/subscription/checkout', { tier_level: 2 });
    }
    const graceEnd = (paidThrough: Date) => paidThrough.getTime() + PAST_DUE_GRACE_MS;

    const lapsed = await pastDue(lapsing.member.id);
    expect((await profileOf(lapsing.member.id)).tierSubscriptionEndsAt?.getTime()).toBe(
      graceEnd(lapsed.paidThrough),
    );
    const [plan] = await t.app.ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, lapsing.member.id));
    expect(plan).toMatchObject({ status: 'past_due', currentPeriodEnd: lapsed.paidThrough });
    expect(
      (await request(t.app, 'GET', '/api/subscription', { session: lapsing.session })).json().active,
    ).toBe(true);
    // The job runs every ten minutes: during the grace it leaves both the plan and the access alone
    // (the card can still be fixed at the portal)...
    await lapseEndedSubscriptions(t.app.ctx, new Date(lapsed.paidThrough.getTime() + 10 * 60_000));
    expect((await profileOf(lapsing.member.id)).tierSubscriptionActive).toBe(true);
    const planNow = async () =>
      (await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, lapsing.member.id)))[0];
    expect((await planNow())?.status).toBe('past_due');
    // ...and once the grace is over with no renewal paid, the plan and the access lapse.
    expect(
      await lapseEndedSubscriptions(t.app.ctx, new Date(graceEnd(lapsed.paidThrough) + 1000)),
    ).toBeGreaterThanOrEqual(1);
    expect((await profileOf(lapsing.member.id)).tierSubscriptionActive).toBe(false);
    expect((await planNow())?.status).toBe('expired');

    // A renewal paid after all: the plan runs on to the new period.
    const retried = await pastDue(paying.member.id);
    await applyPaymentEvent(t.app.ctx, 'sandbox', {
      id: `evt_${randomUUID()}`,
      created: now + 120,
      type: 'subscription.renewed',
      subscriptionId: retried.providerId,
      periodEnd: now + 60 * DAY,
      amountCents: 8999,
    });
    expect(await profileOf(paying.member.id)).toMatchObject({ tierSubscriptionActive: true });
    expect((await profileOf(paying.member.id)).tierSubscriptionEndsAt?.getTime()).toBe(
      (now + 60 * DAY) * 1000 + RENEWAL_GRACE_MS,
    );
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('sell no plan above Observer to a member under 21 (the terms), nor to one not onboarded', async () => {
    const young = await signedInMember(t.app, { tier: 0, age: 19 });
    const refused = await moneyPost(t.app, '/api/subscription/checkout', young.session, { tier_level: 2 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'FORBIDDEN',
      message: 'You must be at least 21 for Verified Viber',
    });
    const newcomer = await signedInMember(t.app, { tier: 0, onboarded: false });
    const early = await moneyPost(t.app, '/api/subscription/checkout', newcomer.session, { tier_level: 1 });
    expect(early.statusCode).toBe(403);
    expect(await profileOf(young.member.id)).toMatchObject({ tierLevel: 0, tierSubscriptionActive: false });
    // At 21 the same plan is sold.
    const adult = await signedInMember(t.app, { tier: 0, age: 21 });
    await payCheckout(adult.session, '/api/subscription/checkout', { tier_level: 2 });
    expect(await profileOf(adult.member.id)).toMatchObject({ tierLevel: 2, tierSubscriptionActive: true });
  });

  it('sell neither the plan a member holds nor a lower one while it lasts; a higher one, and any once lapsed', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 0 });
    await payCheckout(session, '/api/subscription/checkout', { tier_level: 2 });
    for (const [tier, message] of [
      [2, PLAN_ALREADY_HELD_TEXT],
      [1, PLAN_BELOW_CURRENT_TEXT],
    ] as const) {
      const refused = await moneyPost(t.app, '/api/subscription/checkout', session, { tier_level: tier });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({ code: 'CONFLICT', message });
    }
    expect(await t.app.ctx.db.select().from(checkouts).where(eq(checkouts.userId, member.id))).toHaveLength(
      1,
    );
    const upgrade = await moneyPost(t.app, '/api/subscription/checkout', session, { tier_level: 3 });
    expect(upgrade.statusCode).toBe(200);
    // Lapsed: the same plan is for sale again.
    await t.app.ctx.transact(async ({ tx, publish }) => {
      await tx
        .update(profiles)
        .set({ tierSubscriptionEndsAt: new Date(Date.now() - 1000) })
        .where(eq(profiles.userId, member.id));
      publish({ kind: 'actor.invalidate', userIds: [member.id] });
    });
    const again = await moneyPost(t.app, '/api/subscription/checkout', session, { tier_level: 2 });
    expect(again.statusCode).toBe(200);
  });

  it('open the portal only for a member with a plan, and refuse tier 0 as a plan', async () => {
    const { session } = await signedInMember(t.app, { tier: 1 });
    expect((await request(t.app, 'POST', '/api/subscription/portal', { session })).statusCode).toBe(404);
    const free = await moneyPost(t.app, '/api/subscription/checkout', session, { tier_level: 0 });
    expect(free.statusCode).toBe(400);
    await payCheckout(session, '/api/subscription/checkout', { tier_level: 2 });
    const portal = await request(t.app, 'POST', '/api/subscription/portal', { session });
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toBe('http://localhost:3000/sandbox/portal');
  });
});

describe('the sandbox plan portal', () => {
  it('cancels at the period end or at once through the signed webhook, only for the plan’s owner', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 0 });
    const stranger = await signedInMember(t.app, { tier: 1 });
    expect((await request(t.app, 'GET', '/api/payments/sandbox/portal', { session })).statusCode).toBe(404);
    await payCheckout(session, '/api/subscription/checkout', { tier_level: 2 });
    const portal = await request(t.app, 'POST', '/api/subscription/portal', { session });
    expect(portal.json().url).toBe('http://localhost:3000/sandbox/portal');
    expect((await request(t.app, 'GET', '/api/payments/sandbox/portal', { session })).json()).toMatchObject({
      tier_level: 2,
      status: 'active',
      cancel_at_period_end: false,
    });
    const act = (action: string, who = session) =>
      request(t.app, 'POST', '/api/payments/sandbox/portal', { session: who, body: { action } });
    expect((await act('cancel_now', stranger.session)).statusCode).toBe(404);

    expect((await act('cancel_at_period_end')).statusCode).toBe(200);
    const ending = (await request(t.app, 'GET', '/api/subscription', { session })).json();
    expect(ending).toMatchObject({ active: true, cancel_at_period_end: true });
    expect((await act('resume')).statusCode).toBe(200);
    expect((await request(t.app, 'GET', '/api/subscription', { session })).json().cancel_at_period_end).toBe(
      false,
    );

    expect((await act('cancel_now')).statusCode).toBe(200);
    expect((await profileOf(member.id)).tierSubscriptionActive).toBe(false);
    expect((await request(t.app, 'GET', '/api/subscription', { session })).json()).toMatchObject({
      active: false,
      status: 'canceled',
    });
  });
});

describe('switching plans', () => {
  it('cancels the earlier sandbox plan once when the new plan’s webhook is applied; the new plan stays', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 0 });
    await payCheckout(session, '/api/subscription/checkout', { tier_level: 2 });
    const second = await payCheckout(session, '/api/subscription/checkout', { tier_level: 3 });
    const plans = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    const old = plans.find((p) => p.tierLevel === 2);
    const current = plans.find((p) => p.tierLevel === 3);
    expect(old).toMatchObject({ status: 'canceled' });
    expect(old?.replacedAt).not.toBeNull();
    expect(old?.providerCanceledAt).not.toBeNull();
    expect(current).toMatchObject({ status: 'active', replacedAt: null });
    // The sandbox's cancellation arrived through the webhook path once, and left the new plan alone.
    const cancelEvent = `sandbox:evt_sandbox_plan_${old?.providerSubscriptionId}_replaced`;
    const recorded = await t.app.ctx.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, cancelEvent));
    expect(recorded).toHaveLength(1);
    expect(await profileOf(member.id)).toMatchObject({ tierLevel: 3, tierSubscriptionActive: true });

    // Paying the same checkout again, and the retry job, cancel nothing more.
    const sandbox = t.app.ctx.payments as SandboxProvider;
    await sandbox.completeCheckout({
      checkoutId: second,
      amountCents: 15999,
      recurring: true,
      userId: member.id,
      outcome: 'pay',
    });
    expect(await cancelReplacedPlans(t.app.ctx)).toBe(0);
    expect(await profileOf(member.id)).toMatchObject({ tierLevel: 3, tierSubscriptionActive: true });
    await expectLedgerConsistent(t.app.ctx.db);
  });
});

describe('boosts', () => {
  it('are granted once when paid', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 1 });
    const checkoutId = await payCheckout(session, '/api/boosts/checkout', { boost_type: 'super_likes' });
    // The same payment reported again grants nothing more.
    const sandbox = t.app.ctx.payments as SandboxProvider;
    await sandbox.completeCheckout({
      checkoutId,
      amountCents: 999,
      recurring: false,
      userId: member.id,
      outcome: 'pay',
    });
    const owned = await t.app.ctx.db.select().from(boosts).where(eq(boosts.userId, member.id));
    // Spending them is the swipe's (discovery/boost-use.test.ts, with the races on PostgreSQL).
    expect(owned).toMatchObject([{ boostType: 'super_likes', quantity: 10, remaining: 10 }]);

    await payCheckout(session, '/api/boosts/checkout', { boost_type: 'profile_boost' });
    const state = (await request(t.app, 'GET', '/api/subscription', { session })).json();
    expect(state.boosts).toMatchObject([
      { boost_type: 'super_likes', remaining: 10 },
      { boost_type: 'profile_boost', remaining: 1 },
    ]);
    expect(Date.parse(state.boosts[1].active_until) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    await expectLedgerConsistent(t.app.ctx.db);
  });
});

// Sponsorship: sponsorship.test.ts.
