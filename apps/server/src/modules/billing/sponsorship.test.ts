import {
  ALREADY_SPONSORED_TEXT,
  SPONSOR_OBSERVER_TEXT,
  SPONSORSHIP_FUNDS_TEXT,
  SPONSORSHIP_LIMIT,
  SPONSORSHIP_PERIOD_MS,
  SPONSORSHIP_RENEWAL_GRACE_MS,
  TIERS,
  type TierLevel,
} from '@royal/shared';
import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp, withErrorLog } from '../../../test/app';
import { onPostgres } from '../../../test/database';
import { type MemberOptions, signedInMember, type TestMember } from '../../../test/factories';
import {
  balanceOf,
  expectLedgerConsistent,
  fundWallet,
  moneyPost,
  openCheckoutAs,
  paySandboxCheckout,
} from '../../../test/money';
import { escrowWallets, notifications, profiles, sponsorships, walletTransactions } from '../../db/schema';
import { lapseEndedSubscriptions } from './lapse';
import { setMemberPlan } from './member-plan';
import { endDueSponsorships } from './sponsorship-expiry';

const t = useTestApp();
const DAY_MS = 86_400_000;
const PRICE = (tier: TierLevel) => TIERS[tier].monthlyPriceCents;

type Signed = { member: TestMember; session: Session };

/** A Vault Verified member with sponsoring enabled (the admin's can_sponsor flag) and money in the wallet. */
async function vaultSponsor(options: MemberOptions & { fundsCents?: number } = {}): Promise<Signed> {
  const signed = await signedInMember(t.app, { tier: 4, ...options });
  await t.app.ctx.db.update(profiles).set({ canSponsor: true }).where(eq(profiles.userId, signed.member.id));
  if (options.fundsCents !== 0) await fundWallet(t.app, signed.member.id, options.fundsCents ?? 100_000);
  return signed;
}

/** A member whose own plan has lapsed, so only a sponsorship would give them access. */
const unpaidMember = (tier: TierLevel = 2, options: MemberOptions = {}) =>
  signedInMember(t.app, { tier, subscriptionActive: false, ...options });

const quote = (from: Signed, userId: string) =>
  request(t.app, 'GET', `/api/sponsorships/quote?user_id=${encodeURIComponent(userId)}`, {
    session: from.session,
  });

const sponsor = (from: Signed, userId: string, priceCents: number, key?: string) =>
  moneyPost(t.app, '/api/sponsorships', from.session, { user_id: userId, price_cents: priceCents }, key);

const endEarly = (from: Signed, id: string) =>
  request(t.app, 'DELETE', `/api/sponsorships/${id}`, { session: from.session });

async function profileOf(userId: string) {
  const [row] = await t.app.ctx.db.select().from(profiles).where(eq(profiles.userId, userId));
  if (!row) throw new Error('no profile');
  return row;
}

/** The sponsorship notices a member has, oldest first. */
async function sponsorshipNotices(userId: string) {
  const rows = await t.app.ctx.db
    .select({
      title: notifications.title,
      message: notifications.message,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), like(notifications.dedupeKey, 'sponsorship-%')))
    .orderBy(notifications.createdAt);
  return rows.map(({ title, message }) => ({ title, message }));
}

describe('sponsoring a member', () => {
  it('quotes, then pays one period of the member’s plan from the wallet; both see it', async () => {
    const patron = await vaultSponsor({ name: 'Patron', fundsCents: 50_000 });
    const protege = await unpaidMember(2, { name: 'Protégé' });

    const offer = await quote(patron, protege.member.id);
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json()).toMatchObject({
      member: { id: protege.member.id, name: 'Protégé', tier_level: 2 },
      price_cents: PRICE(2),
      period_days: 30,
      balance_cents: 50_000,
    });

    const before = Date.now();
    const res = await sponsor(patron, protege.member.id, PRICE(2));
    expect(res.statusCode, res.body).toBe(200);
    const { sponsorship, new_balance_cents } = res.json();
    expect(new_balance_cents).toBe(50_000 - PRICE(2));
    expect(sponsorship).toMatchObject({ sponsored: { name: 'Protégé' }, price_cents: PRICE(2) });
    const paidUntil = Date.parse(sponsorship.paid_until);
    expect(paidUntil).toBeGreaterThanOrEqual(before + SPONSORSHIP_PERIOD_MS);
    expect(paidUntil).toBeLessThanOrEqual(Date.now() + SPONSORSHIP_PERIOD_MS);

    expect(await balanceOf(t.app.ctx.db, patron.member.id)).toEqual({ balance: 50_000 - PRICE(2), held: 0 });
    await expectLedgerConsistent(t.app.ctx.db);
    const history = await t.app.ctx.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, patron.member.id));
    expect(history).toContainEqual(
      expect.objectContaining({
        amountCents: -PRICE(2),
        transferType: 'sponsorship',
        counterpartyId: protege.member.id,
      }),
    );

    expect((await profileOf(protege.member.id)).isSponsored).toBe(true);
    const theirs = (await request(t.app, 'GET', '/api/sponsorships', { session: protege.session })).json();
    expect(theirs.received).toMatchObject({
      sponsor: { name: 'Patron' },
      paid_until: sponsorship.paid_until,
    });
    const state = (await request(t.app, 'GET', '/api/subscription', { session: protege.session })).json();
    expect(state).toMatchObject({
      active: true,
      sponsored_by: { id: patron.member.id, name: 'Patron', until: sponsorship.paid_until },
    });
    expect(await sponsorshipNotices(protege.member.id)).toEqual([
      { title: 'Sponsorship Started', message: 'Patron is sponsoring your Verified Viber plan for 30 days' },
    ]);
  });

  it('charges once per Idempotency-Key', async () => {
    const patron = await vaultSponsor({ fundsCents: 10_000 });
    const protege = await unpaidMember(1);
    const key = 'sponsor-once';
    const first = await sponsor(patron, protege.member.id, PRICE(1), key);
    const again = await sponsor(patron, protege.member.id, PRICE(1), key);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await balanceOf(t.app.ctx.db, patron.member.id)).balance).toBe(10_000 - PRICE(1));
  });

  it('ends early at the sponsor’s word only, with the unused share back and a notice to both', async () => {
    const patron = await vaultSponsor({ name: 'Patron', fundsCents: 50_000 });
    const protege = await unpaidMember(3, { name: 'Protégé' });
    const { sponsorship } = (await sponsor(patron, protege.member.id, PRICE(3))).json();
    // The sponsored member turns Ghost Mode on, which only the sponsorship allows them.
    const ghost = await request(t.app, 'PATCH', '/api/me/settings', {
      session: protege.session,
      body: { ghost_mode: true },
    });
    expect(ghost.statusCode, ghost.body).toBe(200);

    expect((await endEarly(protege, sponsorship.id)).statusCode).toBe(404);
    const ended = await endEarly(patron, sponsorship.id);
    expect(ended.statusCode, ended.body).toBe(200);
    const { refunded_cents, new_balance_cents } = ended.json();
    // Ended within seconds of paying: all but a fraction of a cent comes back.
    expect(refunded_cents).toBeGreaterThanOrEqual(PRICE(3) - 1);
    expect(refunded_cents).toBeLessThanOrEqual(PRICE(3));
    expect(new_balance_cents).toBe(50_000 - PRICE(3) + refunded_cents);
    expect((await balanceOf(t.app.ctx.db, patron.member.id)).balance).toBe(new_balance_cents);
    await expectLedgerConsistent(t.app.ctx.db);

    expect(await profileOf(protege.member.id)).toMatchObject({ isSponsored: false, ghostMode: false });
    expect((await endEarly(patron, sponsorship.id)).statusCode).toBe(404);
    expect(await sponsorshipNotices(protege.member.id)).toContainEqual({
      title: 'Sponsorship Ended',
      message: 'Patron ended their sponsorship of your plan',
    });
    const refund = `$${(refunded_cents / 100).toFixed(2)}`;
    expect(await sponsorshipNotices(patron.member.id)).toEqual([
      {
        title: 'Sponsorship Ended',
        message: `You ended your sponsorship of Protégé; ${refund} went back to your wallet`,
      },
    ]);
  });
});

describe('sponsoring is refused', () => {
  it('signed out, on every route', async () => {
    const id = crypto.randomUUID();
    for (const [method, url] of [
      ['GET', '/api/sponsorships'],
      ['GET', `/api/sponsorships/quote?user_id=${id}`],
      ['POST', '/api/sponsorships'],
      ['DELETE', `/api/sponsorships/${id}`],
    ] as const) {
      const res = await request(t.app, method, url, {
        ...(method === 'POST' ? { body: { user_id: id, price_cents: 100 } } : {}),
        headers: { 'idempotency-key': 'signed-out' },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('below Vault Verified, with a lapsed plan, as a sponsored member, or without sponsoring enabled', async () => {
    const target = await unpaidMember(1);
    const expectRefusal = async (from: Signed, code: string, message: string) => {
      for (const res of [
        await quote(from, target.member.id),
        await sponsor(from, target.member.id, PRICE(1)),
      ]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().error).toEqual({ code, message });
      }
    };
    await expectRefusal(
      await vaultSponsor({ tier: 3 }),
      'TIER_REQUIRED',
      'Sponsoring is a Vault Verified feature',
    );
    await expectRefusal(
      await vaultSponsor({ subscriptionActive: false }),
      'SUBSCRIPTION_INACTIVE',
      'Your subscription is not active. Renew your subscription to sponsor members.',
    );
    // Sponsored access is someone else's money: it does not pass on (decision 029).
    await expectRefusal(
      await vaultSponsor({ subscriptionActive: false, sponsored: true }),
      'SUBSCRIPTION_INACTIVE',
      'Your subscription is not active. Renew your subscription to sponsor members.',
    );
    const noFlag = await signedInMember(t.app, { tier: 4 });
    await fundWallet(t.app, noFlag.member.id, 10_000);
    await expectRefusal(noFlag, 'FORBIDDEN', 'Sponsoring is not enabled for your account');
    expect((await profileOf(target.member.id)).isSponsored).toBe(false);
  });

  it('for oneself, a hidden member, an Observer, a member already sponsored, or at a stale price', async () => {
    const patron = await vaultSponsor();
    const expectRefusal = async (userId: string, status: number, message: string, price = PRICE(1)) => {
      const offer = await quote(patron, userId);
      const res = await sponsor(patron, userId, price);
      for (const reply of [offer, res]) {
        expect(reply.statusCode, reply.body).toBe(status);
        expect(reply.json().error.message).toBe(message);
      }
    };
    await expectRefusal(patron.member.id, 400, 'You cannot sponsor yourself');
    // A member hidden from the sponsor (ghost mode) reads as unknown: the list would show their name.
    const ghost = await signedInMember(t.app, { tier: 1, ghostMode: true });
    await expectRefusal(ghost.member.id, 404, 'This member cannot be sponsored');
    const observer = await signedInMember(t.app, { tier: 0 });
    await expectRefusal(observer.member.id, 409, SPONSOR_OBSERVER_TEXT);
    const taken = await unpaidMember(1);
    const other = await vaultSponsor();
    expect((await sponsor(other, taken.member.id, PRICE(1))).statusCode).toBe(200);
    await expectRefusal(taken.member.id, 409, ALREADY_SPONSORED_TEXT);
    // The member upgraded between the quote and the payment: the new price is named, nothing is paid.
    const upgraded = await unpaidMember(2);
    const stale = await sponsor(patron, upgraded.member.id, PRICE(1));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(
      "This member's plan now costs $24.99 for 30 days. Please check and try again.",
    );
    expect((await balanceOf(t.app.ctx.db, patron.member.id)).balance).toBe(100_000);
    expect(
      await t.app.ctx.db.select().from(sponsorships).where(eq(sponsorships.sponsorId, patron.member.id)),
    ).toEqual([]);
  });

  it('in the sponsor dialog’s words when the member id or price is missing, and without an Idempotency-Key', async () => {
    const patron = await vaultSponsor();
    const target = await unpaidMember(1);
    for (const [body, message] of [
      [{ user_id: '', price_cents: 100 }, 'Please enter the member user ID to sponsor'],
      [{ user_id: 'abc', price_cents: 100 }, 'Please enter a valid member user ID'],
      [{ user_id: target.member.id }, 'Please check the price before sponsoring'],
    ] as const) {
      const res = await moneyPost(t.app, '/api/sponsorships', patron.session, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const keyless = await request(t.app, 'POST', '/api/sponsorships', {
      session: patron.session,
      body: { user_id: target.member.id, price_cents: PRICE(1) },
    });
    expect(keyless.statusCode).toBe(400);
    expect((await profileOf(target.member.id)).isSponsored).toBe(false);
  });

  it(`beyond ${SPONSORSHIP_LIMIT} at a time, until one ends`, async () => {
    const patron = await vaultSponsor();
    const members = await Promise.all(Array.from({ length: SPONSORSHIP_LIMIT + 1 }, () => unpaidMember(1)));
    const ids: string[] = [];
    for (const m of members.slice(0, SPONSORSHIP_LIMIT)) {
      const res = await sponsor(patron, m.member.id, PRICE(1));
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().sponsorship.id);
    }
    const last = members[SPONSORSHIP_LIMIT];
    if (!last) throw new Error('no member');
    for (const res of [
      await quote(patron, last.member.id),
      await sponsor(patron, last.member.id, PRICE(1)),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({
        code: 'SPONSORSHIP_LIMIT',
        message: `You can sponsor up to ${SPONSORSHIP_LIMIT} members at a time`,
      });
    }
    expect((await profileOf(last.member.id)).isSponsored).toBe(false);
    expect((await endEarly(patron, ids[0] as string)).statusCode).toBe(200);
    expect((await sponsor(patron, last.member.id, PRICE(1))).statusCode).toBe(200);
  });

  it('with too little in the wallet, and nothing is written', async () => {
    const patron = await vaultSponsor({ fundsCents: PRICE(3) - 1 });
    const protege = await unpaidMember(3);
    // The quote shows the balance beside the price; paying is refused.
    expect((await quote(patron, protege.member.id)).json()).toMatchObject({
      price_cents: PRICE(3),
      balance_cents: PRICE(3) - 1,
    });
    const res = await sponsor(patron, protege.member.id, PRICE(3));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ code: 'INSUFFICIENT_FUNDS', message: SPONSORSHIP_FUNDS_TEXT });
    expect((await balanceOf(t.app.ctx.db, patron.member.id)).balance).toBe(PRICE(3) - 1);
    expect((await profileOf(protege.member.id)).isSponsored).toBe(false);
    expect(await sponsorshipNotices(protege.member.id)).toEqual([]);
    await expectLedgerConsistent(t.app.ctx.db);
  });
});

/** A sponsor whose plan ends in ten days, sponsoring two members; the second has Ghost Mode on. */
async function sponsoringTwo() {
  const patron = await vaultSponsor({
    name: 'Patron',
    subscriptionEndsAt: new Date(Date.now() + 10 * DAY_MS),
  });
  const first = await unpaidMember(1, { name: 'First' });
  const second = await unpaidMember(2, { name: 'Second' });
  expect((await sponsor(patron, first.member.id, PRICE(1))).statusCode).toBe(200);
  expect((await sponsor(patron, second.member.id, PRICE(2))).statusCode).toBe(200);
  const ghost = await request(t.app, 'PATCH', '/api/me/settings', {
    session: second.session,
    body: { ghost_mode: true },
  });
  expect(ghost.statusCode, ghost.body).toBe(200);
  return { patron, first, second, paid: (await balanceOf(t.app.ctx.db, patron.member.id)).balance };
}

const rowsOf = (sponsorOf: Signed) =>
  t.app.ctx.db
    .select()
    .from(sponsorships)
    .where(eq(sponsorships.sponsorId, sponsorOf.member.id))
    .orderBy(sponsorships.createdAt);

describe('a sponsorship ends', () => {
  it('with the sponsor’s plan: access stops at once (Ghost Mode too), and after a day without renewal both are told, once', async () => {
    const { patron, first, second, paid } = await sponsoringTwo();

    // The test clock: the sponsor's plan has run out without a renewal.
    const later = new Date(Date.now() + 11 * DAY_MS);
    expect(await lapseEndedSubscriptions(t.app.ctx, later)).toBeGreaterThanOrEqual(1);
    // Paused: no access from the sponsorship, nothing said yet (a renewal may still come).
    expect(await profileOf(first.member.id)).toMatchObject({ isSponsored: false });
    expect(await profileOf(second.member.id)).toMatchObject({ isSponsored: false, ghostMode: false });
    for (const m of [first, second]) {
      const state = (await request(t.app, 'GET', '/api/subscription', { session: m.session })).json();
      expect(state).toMatchObject({ active: false, sponsored_by: null });
    }
    const mine = (await request(t.app, 'GET', '/api/sponsorships', { session: patron.session })).json();
    expect(mine.given.map((g: { paused: boolean }) => g.paused)).toEqual([true, true]);
    expect(await sponsorshipNotices(second.member.id)).toHaveLength(1);
    await endDueSponsorships(t.app.ctx, new Date(Date.now() + SPONSORSHIP_RENEWAL_GRACE_MS - 60_000));
    expect((await rowsOf(patron)).map((r) => r.revokedAt)).toEqual([null, null]);

    await endDueSponsorships(t.app.ctx, new Date(Date.now() + SPONSORSHIP_RENEWAL_GRACE_MS + 60_000));
    expect((await rowsOf(patron)).map((r) => r.endReason)).toEqual([
      'sponsor_plan_ended',
      'sponsor_plan_ended',
    ]);
    // What the sponsor paid and did not get is given back: from the pause, seconds after paying on
    // the real clock, so nearly all of it.
    const refunded = (await balanceOf(t.app.ctx.db, patron.member.id)).balance - paid;
    expect(refunded).toBeGreaterThan(PRICE(1) + PRICE(2) - 3);
    expect(refunded).toBeLessThanOrEqual(PRICE(1) + PRICE(2));
    await expectLedgerConsistent(t.app.ctx.db);

    // Running the jobs again changes nothing and tells nobody twice.
    await lapseEndedSubscriptions(t.app.ctx, later);
    await endDueSponsorships(t.app.ctx, new Date(Date.now() + 40 * DAY_MS));
    expect(await sponsorshipNotices(second.member.id)).toEqual([
      { title: 'Sponsorship Started', message: 'Patron is sponsoring your Verified Viber plan for 30 days' },
      { title: 'Sponsorship Ended', message: "Patron's sponsorship ended with their Vault Verified plan" },
    ]);
    const toSponsor = await sponsorshipNotices(patron.member.id);
    expect(toSponsor).toHaveLength(2);
    expect(toSponsor.map((n) => n.message).sort()).toEqual([
      expect.stringMatching(
        /^Your sponsorship of First ended with your Vault Verified plan; \$\d+\.\d\d went back/,
      ),
      expect.stringMatching(
        /^Your sponsorship of Second ended with your Vault Verified plan; \$\d+\.\d\d went back/,
      ),
    ]);
  });

  it('not when the sponsor’s plan is renewed within the day: access comes back, nobody is told', async () => {
    const { patron, first, second } = await sponsoringTwo();
    await lapseEndedSubscriptions(t.app.ctx, new Date(Date.now() + 11 * DAY_MS));
    expect((await profileOf(first.member.id)).isSponsored).toBe(false);

    // The renewal's payment arrives (Stripe charges about an hour after the period ends).
    await t.app.ctx.transact((work) =>
      setMemberPlan(work, patron.member.id, {
        tierSubscriptionActive: true,
        tierSubscriptionEndsAt: new Date(Date.now() + 40 * DAY_MS),
      }),
    );
    expect((await profileOf(first.member.id)).isSponsored).toBe(true);
    expect((await profileOf(second.member.id)).isSponsored).toBe(true);
    const state = (await request(t.app, 'GET', '/api/subscription', { session: first.session })).json();
    expect(state).toMatchObject({ active: true, sponsored_by: { name: 'Patron' } });
    await endDueSponsorships(t.app.ctx, new Date(Date.now() + 2 * SPONSORSHIP_RENEWAL_GRACE_MS));
    expect((await rowsOf(patron)).map((r) => [r.revokedAt, r.suspendedAt])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(await sponsorshipNotices(patron.member.id)).toEqual([]);
    expect(await sponsorshipNotices(first.member.id)).toHaveLength(1);
  });

  it('when its 30 days are over, with nothing to give back, both told once', async () => {
    const patron = await vaultSponsor({
      name: 'Patron',
      subscriptionEndsAt: new Date(Date.now() + 60 * DAY_MS),
    });
    const protege = await unpaidMember(1, { name: 'Protégé' });
    expect((await sponsor(patron, protege.member.id, PRICE(1))).statusCode).toBe(200);
    const paid = (await balanceOf(t.app.ctx.db, patron.member.id)).balance;

    await endDueSponsorships(t.app.ctx, new Date(Date.now() + 29 * DAY_MS));
    expect((await profileOf(protege.member.id)).isSponsored).toBe(true);
    const after = new Date(Date.now() + SPONSORSHIP_PERIOD_MS + 60_000);
    expect(await endDueSponsorships(t.app.ctx, after)).toBeGreaterThanOrEqual(1);
    expect(await endDueSponsorships(t.app.ctx, after)).toBe(0);

    expect((await profileOf(protege.member.id)).isSponsored).toBe(false);
    expect((await balanceOf(t.app.ctx.db, patron.member.id)).balance).toBe(paid);
    expect(await sponsorshipNotices(protege.member.id)).toContainEqual({
      title: 'Sponsorship Ended',
      message: "Patron's 30-day sponsorship of your plan is over",
    });
    expect(await sponsorshipNotices(patron.member.id)).toEqual([
      { title: 'Sponsorship Ended', message: 'Your 30-day sponsorship of Protégé is over' },
    ]);
  });
});

describe('a sponsorship and the member’s own plan', () => {
  it('is refused for a member whose own plan is in force, and nothing is paid', async () => {
    const patron = await vaultSponsor();
    const paying = await signedInMember(t.app, { tier: 2 });
    for (const res of [
      await quote(patron, paying.member.id),
      await sponsor(patron, paying.member.id, PRICE(2)),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toEqual({
        code: 'MEMBER_HAS_PLAN',
        message: 'This member already has an active plan of their own. You can sponsor them once it ends.',
      });
    }
    expect((await balanceOf(t.app.ctx.db, patron.member.id)).balance).toBe(100_000);
    expect((await profileOf(paying.member.id)).isSponsored).toBe(false);
  });

  it('ends when the member pays for a plan of their own, which alone then decides their access', async () => {
    const patron = await vaultSponsor({ name: 'Patron', fundsCents: 50_000 });
    const protege = await unpaidMember(1, { name: 'Protégé' });
    expect((await sponsor(patron, protege.member.id, PRICE(1))).statusCode).toBe(200);
    const paid = (await balanceOf(t.app.ctx.db, patron.member.id)).balance;

    // Sponsored at Tier 1, the member buys a month of Tier 3.
    const checkoutId = await openCheckoutAs(t.app, protege.session, '/api/subscription/checkout', {
      tier_level: 3,
    });
    await paySandboxCheckout(t.app, protege.session, checkoutId);
    expect((await rowsOf(patron)).map((r) => r.endReason)).toEqual(['own_plan']);
    expect(await profileOf(protege.member.id)).toMatchObject({
      tierLevel: 3,
      tierSubscriptionActive: true,
      isSponsored: false,
    });
    // Ended within seconds of paying: all but a fraction of a cent comes back.
    const refunded = (await balanceOf(t.app.ctx.db, patron.member.id)).balance - paid;
    expect(refunded).toBeGreaterThanOrEqual(PRICE(1) - 1);
    expect(refunded).toBeLessThanOrEqual(PRICE(1));
    await expectLedgerConsistent(t.app.ctx.db);
    expect(await sponsorshipNotices(protege.member.id)).toContainEqual({
      title: 'Sponsorship Ended',
      message: "Patron's sponsorship of your plan ended now that you pay for a plan of your own",
    });
    expect(await sponsorshipNotices(patron.member.id)).toEqual([
      {
        title: 'Sponsorship Ended',
        message: `Your sponsorship of Protégé ended now that they pay for a plan of their own; $${(refunded / 100).toFixed(2)} went back to your wallet`,
      },
    ]);

    // The month of Tier 3 ends without a renewal: no sponsorship is left to keep Tier 3 going.
    await lapseEndedSubscriptions(t.app.ctx, new Date(Date.now() + 40 * DAY_MS));
    const state = (await request(t.app, 'GET', '/api/subscription', { session: protege.session })).json();
    expect(state).toMatchObject({ tier_level: 3, active: false, sponsored_by: null });
  });

  it('ends a paused one too, which the sponsor’s renewal then leaves ended', async () => {
    const { patron, first, second } = await sponsoringTwo();
    await lapseEndedSubscriptions(t.app.ctx, new Date(Date.now() + 11 * DAY_MS));
    const checkoutId = await openCheckoutAs(t.app, first.session, '/api/subscription/checkout', {
      tier_level: 2,
    });
    await paySandboxCheckout(t.app, first.session, checkoutId);

    await t.app.ctx.transact((work) =>
      setMemberPlan(work, patron.member.id, {
        tierSubscriptionActive: true,
        tierSubscriptionEndsAt: new Date(Date.now() + 40 * DAY_MS),
      }),
    );
    expect((await rowsOf(patron)).map((r) => [r.sponsoredId, r.endReason, r.suspendedAt])).toEqual([
      [first.member.id, 'own_plan', expect.any(Date)],
      [second.member.id, null, null],
    ]);
    expect(await profileOf(first.member.id)).toMatchObject({ tierLevel: 2, isSponsored: false });
    expect((await profileOf(second.member.id)).isSponsored).toBe(true);
    await expectLedgerConsistent(t.app.ctx.db);
  });
});

describe('a paused sponsorship', () => {
  it('stops its clock: the period does not run out during the pause, resuming adds the pause, a later refund counts it', async () => {
    const patron = await vaultSponsor({ subscriptionEndsAt: new Date(Date.now() + 10 * DAY_MS) });
    const protege = await unpaidMember(4);
    const { sponsorship } = (await sponsor(patron, protege.member.id, PRICE(4))).json();
    await lapseEndedSubscriptions(t.app.ctx, new Date(Date.now() + 11 * DAY_MS));
    // The test clock: paid on day 0, paused for the last six hours, with seven hours of the 30 days
    // left when the pause began; on the real clock the paid end is an hour away.
    const HOUR_MS = 3_600_000;
    await t.app.ctx.db
      .update(sponsorships)
      .set({
        createdAt: sql`now() - interval '719 hours'`,
        paidUntil: sql`now() + interval '1 hour'`,
        suspendedAt: sql`now() - interval '6 hours'`,
      })
      .where(eq(sponsorships.id, sponsorship.id));

    // Past the paid end but within the day's grace: still paused, not over.
    await endDueSponsorships(t.app.ctx, new Date(Date.now() + 2 * HOUR_MS));
    expect((await rowsOf(patron)).map((r) => r.revokedAt)).toEqual([null]);

    // The sponsor's plan is renewed: the member has the seven hours they did not get.
    await t.app.ctx.transact((work) =>
      setMemberPlan(work, patron.member.id, {
        tierSubscriptionActive: true,
        tierSubscriptionEndsAt: new Date(Date.now() + 40 * DAY_MS),
      }),
    );
    const [row] = await rowsOf(patron);
    expect(row?.suspendedAt).toBeNull();
    expect(Math.abs((row?.paidUntil.getTime() ?? 0) - (Date.now() + 7 * HOUR_MS))).toBeLessThan(60_000);
    expect((await profileOf(protege.member.id)).isSponsored).toBe(true);

    // Ended now, the sponsor gets back seven hours of the 30 days' price.
    const before = (await balanceOf(t.app.ctx.db, patron.member.id)).balance;
    const ended = await endEarly(patron, sponsorship.id);
    const share = (PRICE(4) * 7 * HOUR_MS) / SPONSORSHIP_PERIOD_MS;
    expect(Math.abs(ended.json().refunded_cents - share)).toBeLessThan(2);
    expect((await balanceOf(t.app.ctx.db, patron.member.id)).balance).toBe(
      before + ended.json().refunded_cents,
    );
    await expectLedgerConsistent(t.app.ctx.db);
  });
});

describe('the sponsorship job', () => {
  it('ends each on its own: one it cannot end (no wallet to refund) is logged and stays, the others end, the run fails', async () => {
    const later = new Date(Date.now() + 11 * DAY_MS);
    const broken = await sponsoringTwo();
    const healthy = await sponsoringTwo();
    await lapseEndedSubscriptions(t.app.ctx, later);
    // The refund of the broken sponsor's unused share has no wallet to go to.
    await t.app.ctx.db.delete(escrowWallets).where(eq(escrowWallets.userId, broken.patron.member.id));
    const brokenIds = (await rowsOf(broken.patron)).map((r) => r.id);

    await withErrorLog(t.app, async (errors) => {
      await expect(
        endDueSponsorships(t.app.ctx, new Date(Date.now() + SPONSORSHIP_RENEWAL_GRACE_MS + 60_000)),
      ).rejects.toThrow('2 due sponsorship(s) could not be ended (each logged with its id); 2 ended');
      expect(
        errors
          .map(([fields, message]) => [(fields as { sponsorshipId: string }).sponsorshipId, message])
          .sort(),
      ).toEqual(brokenIds.map((id) => [id, 'sponsorship could not be ended; it stays live']).sort());
    });
    expect((await rowsOf(healthy.patron)).map((r) => r.endReason)).toEqual([
      'sponsor_plan_ended',
      'sponsor_plan_ended',
    ]);
    expect((await rowsOf(broken.patron)).map((r) => r.revokedAt)).toEqual([null, null]);
    expect((await balanceOf(t.app.ctx.db, healthy.patron.member.id)).balance).toBeGreaterThan(healthy.paid);
    await expectLedgerConsistent(t.app.ctx.db);
  });
});

// Concurrency is PostgreSQL's business (the embedded database runs one statement at a time).

/**
 * Locks one member's row of `table` (FOR UPDATE) in a transaction of its own and keeps it until
 * `release()`, which resolves once that transaction has ended: what a test runs meanwhile must wait
 * for the lock at the point it takes it.
 */
async function holdRowLock(table: 'escrow_wallets' | 'profiles', userId: string) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = () => {};
  const holding = new Promise<void>((resolve) => {
    held = resolve;
  });
  const holder = t.app.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${sql.identifier(table)} where user_id = ${userId} for update`);
    held();
    await gate;
  });
  await holding;
  return {
    async release() {
      release();
      await holder;
    },
  };
}

/** Waits until this many of the database's sessions are waiting for a lock. */
async function waitForLockWaiters(count: number) {
  for (let tries = 0; tries < 500; tries += 1) {
    const waiting = await t.app.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((waiting.rows[0]?.n ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`fewer than ${count} sessions waiting for a lock`);
}
describe.skipIf(!onPostgres)('sponsoring under concurrency', () => {
  it(`never gives more than ${SPONSORSHIP_LIMIT} at once, however many are asked for together`, async () => {
    const patron = await vaultSponsor();
    const members = await Promise.all(Array.from({ length: 12 }, () => unpaidMember(1)));
    const replies = await Promise.all(members.map((m) => sponsor(patron, m.member.id, PRICE(1))));
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(SPONSORSHIP_LIMIT);
    expect(replies.filter((r) => r.statusCode !== 200).map((r) => r.json().error.code)).toEqual(
      Array(12 - SPONSORSHIP_LIMIT).fill('SPONSORSHIP_LIMIT'),
    );
    expect((await balanceOf(t.app.ctx.db, patron.member.id)).balance).toBe(
      100_000 - SPONSORSHIP_LIMIT * PRICE(1),
    );
    await expectLedgerConsistent(t.app.ctx.db);
  }, 60_000);

  it('never overdraws the wallet: funds for one sponsorship pay for exactly one', async () => {
    const patron = await vaultSponsor({ fundsCents: PRICE(2) });
    const members = await Promise.all(Array.from({ length: 3 }, () => unpaidMember(2)));
    const replies = await Promise.all(members.map((m) => sponsor(patron, m.member.id, PRICE(2))));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    expect(replies.filter((r) => r.statusCode === 422).map((r) => r.json().error.code)).toEqual([
      'INSUFFICIENT_FUNDS',
      'INSUFFICIENT_FUNDS',
    ]);
    expect(await balanceOf(t.app.ctx.db, patron.member.id)).toEqual({ balance: 0, held: 0 });
    await expectLedgerConsistent(t.app.ctx.db);
  }, 60_000);

  it('lets one of two sponsors of the same member at once pay, and refuses the other', async () => {
    const [a, b] = await Promise.all([vaultSponsor(), vaultSponsor()]);
    const protege = await unpaidMember(1);
    const replies = await Promise.all([a, b].map((s) => sponsor(s, protege.member.id, PRICE(1))));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const charged = [
      (await balanceOf(t.app.ctx.db, a.member.id)).balance,
      (await balanceOf(t.app.ctx.db, b.member.id)).balance,
    ].sort((x, y) => x - y);
    expect(charged).toEqual([100_000 - PRICE(1), 100_000]);
    await expectLedgerConsistent(t.app.ctx.db);
  }, 60_000);

  it('lets the sponsor end it while the member’s own plan is paid for: both go through, one refund', async () => {
    const patron = await vaultSponsor({ fundsCents: 10_000 });
    const protege = await unpaidMember(1);
    const { sponsorship } = (await sponsor(patron, protege.member.id, PRICE(1))).json();
    const checkoutId = await openCheckoutAs(t.app, protege.session, '/api/subscription/checkout', {
      tier_level: 2,
    });
    // Hold the sponsor's wallet so that the sponsor's end stops at its refund, holding what it locked
    // before; the payment of the member's plan then comes in and has to wait for it.
    const lock = await holdRowLock('escrow_wallets', patron.member.id);
    const ending = endEarly(patron, sponsorship.id);
    await waitForLockWaiters(1);
    const paying = request(t.app, 'POST', `/api/payments/sandbox/checkouts/${checkoutId}/complete`, {
      session: protege.session,
      body: { outcome: 'pay' },
    });
    await waitForLockWaiters(2);
    await lock.release();
    const [ended, payment] = await Promise.all([ending, paying]);

    expect(ended.statusCode, ended.body).toBe(200);
    expect(payment.statusCode, payment.body).toBe(200);
    expect((await rowsOf(patron)).map((r) => r.endReason)).toEqual(['revoked']);
    expect(await profileOf(protege.member.id)).toMatchObject({
      tierLevel: 2,
      tierSubscriptionActive: true,
      isSponsored: false,
    });
    expect((await balanceOf(t.app.ctx.db, patron.member.id)).balance).toBe(
      10_000 - PRICE(1) + ended.json().refunded_cents,
    );
    await expectLedgerConsistent(t.app.ctx.db);
  }, 60_000);

  it('lets the sponsor’s plan lapse while the member’s own plan is paid for: both go through', async () => {
    const patron = await vaultSponsor({ subscriptionEndsAt: new Date(Date.now() + DAY_MS) });
    const protege = await unpaidMember(1);
    expect((await sponsor(patron, protege.member.id, PRICE(1))).statusCode).toBe(200);
    const checkoutId = await openCheckoutAs(t.app, protege.session, '/api/subscription/checkout', {
      tier_level: 2,
    });
    // Hold the member's profile: the payment of their plan waits for it first, then the lapse of the
    // sponsor's plan, which pauses the sponsorship the payment is about to end.
    const lock = await holdRowLock('profiles', protege.member.id);
    const paying = request(t.app, 'POST', `/api/payments/sandbox/checkouts/${checkoutId}/complete`, {
      session: protege.session,
      body: { outcome: 'pay' },
    });
    await waitForLockWaiters(1);
    const lapse = lapseEndedSubscriptions(t.app.ctx, new Date(Date.now() + 2 * DAY_MS));
    await waitForLockWaiters(2);
    await lock.release();
    const [payment] = await Promise.all([paying, lapse]);

    expect(payment.statusCode, payment.body).toBe(200);
    expect((await rowsOf(patron)).map((r) => r.endReason)).toEqual(['own_plan']);
    expect(await profileOf(protege.member.id)).toMatchObject({ tierLevel: 2, isSponsored: false });
    await expectLedgerConsistent(t.app.ctx.db);
  }, 60_000);

  it('pauses with a plan lapsing while the sponsor pays: no sponsorship gives access past the plan', async () => {
    const patron = await vaultSponsor({ subscriptionEndsAt: new Date(Date.now() + DAY_MS) });
    const members = await Promise.all(Array.from({ length: SPONSORSHIP_LIMIT }, () => unpaidMember(1)));
    // Hold the sponsor's wallet so that the payments stop inside their transactions, after locking
    // the sponsor's profile; the lapse then has to wait for them, and must still end what they add.
    const lock = await holdRowLock('escrow_wallets', patron.member.id);
    const payments = members.map((m) => sponsor(patron, m.member.id, PRICE(1)));
    await waitForLockWaiters(SPONSORSHIP_LIMIT);
    const lapse = lapseEndedSubscriptions(t.app.ctx, new Date(Date.now() + 2 * DAY_MS));
    await waitForLockWaiters(SPONSORSHIP_LIMIT + 1);
    await lock.release();
    const replies = await Promise.all(payments);
    await lapse;

    expect(replies.filter((r) => r.statusCode === 200).length).toBeGreaterThan(0);
    // Every one it paid for is paused with the plan: none gives access.
    const rows = await rowsOf(patron);
    expect(rows.map((r) => [r.revokedAt, r.suspendedAt === null])).toEqual(rows.map(() => [null, false]));
    for (const m of members) expect((await profileOf(m.member.id)).isSponsored).toBe(false);
    await expectLedgerConsistent(t.app.ctx.db);
  }, 60_000);
});
