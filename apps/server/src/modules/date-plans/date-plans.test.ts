import { DATE_PLAN_TEXT, type DatePlan, type DatePlanTermsInput } from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly } from '../../../test/admin-refusals';
import { request, type Session, useTestApp } from '../../../test/app';
import { onPostgres } from '../../../test/database';
import { couple, NOBU, postAs, safePlace, setPlanStart, planTerms as terms } from '../../../test/date-plans';
import { block, matchedPair } from '../../../test/discovery';
import { actorFor, signedInMember } from '../../../test/factories';
import { balanceOf, expectLedgerConsistent, fundWallet } from '../../../test/money';
import type { BusMessage } from '../../adapters/bus';
import { datePlans, notifications } from '../../db/schema';
import { OWN_TERMS_TEXT } from './answer-rules';
import { CODE_INVALID_TEXT } from './check-in';
import { CLAIM_REFUSED_TEXT, DISPUTE_REFUSED_TEXT } from './claim';
import { THEIR_BALANCE_TEXT } from './deposits';
import { OPEN_PLAN_TEXT } from './propose';
import { settleDuePlans } from './settle-job';
import { datePlanCheckInCode } from './show-check-in-code';
import { SAFE_LOCATION_NOT_FOUND_TEXT, THEIR_DEPOSIT_TEXT } from './terms';

// Date plans (issue 39, decision 069) through the API: proposing, answering, deposits in escrow,
// check-in, cancelling, no-show claims and the settlement job, with the ledger checked after each.

const t = useTestApp();

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

const post = (session: Session, url: string, body?: unknown) => postAs(t.app, session, url, body);

async function propose(session: Session, matchId: string, body: DatePlanTermsInput): Promise<DatePlan> {
  const res = await post(session, `/api/matches/${matchId}/date-plans`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function acceptedPlan(options: { treat?: boolean } = {}) {
  const c = await couple(t.app);
  const plan = await propose(c.him.session, c.matchId, terms(c.placeId, { treat: options.treat ?? false }));
  const accepted = await post(c.her.session, `/api/date-plans/${plan.id}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { ...c, plan: accepted.json() as DatePlan };
}

describe('proposing a date', () => {
  it('sends the terms to the other member, who sees them from their side; no money moves yet', async () => {
    const c = await couple(t.app);
    const plan = await propose(c.him.session, c.matchId, terms(c.placeId, { note: 'Dinner?' }));
    expect(plan).toMatchObject({
      status: 'proposed',
      proposer_is_me: true,
      awaiting_me: false,
      me: { deposit_cents: 30_000, checked_in: false },
      them: { deposit_cents: 25_000, first_name: 'Sofia' },
      place: { name: 'Nobu', verified: true, can_check_in_by_location: true },
      note: 'Dinner?',
    });
    const theirs = await request(t.app, 'GET', `/api/matches/${c.matchId}/date-plans`, {
      session: c.her.session,
    });
    expect(theirs.json().items[0]).toMatchObject({
      id: plan.id,
      awaiting_me: true,
      me: { deposit_cents: 25_000 },
      them: { deposit_cents: 30_000, first_name: 'Matteo' },
    });
    // Neither the other's e-mail nor any position is in what a member receives.
    expect(JSON.stringify(theirs.json())).not.toMatch(/@|"lat"|"lng"|34\.07/);
    expect(await balanceOf(t.app.ctx.db, c.him.member.id)).toEqual({ balance: 100_000, held: 0 });
    const [notice] = await t.app.ctx.db
      .select({ message: notifications.message, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.userId, c.her.member.id))
      .orderBy(sql`${notifications.createdAt} desc`)
      .limit(1);
    expect(notice).toEqual({ message: 'Matteo proposed a date', link: `/messages/${c.matchId}` });
  });

  it('keeps a typed-in place unverified, with no position to check in by', async () => {
    const c = await couple(t.app);
    const plan = await propose(
      c.him.session,
      c.matchId,
      terms(c.placeId, {
        place: { name: 'The pier', address: 'Santa Monica' },
        my_deposit_cents: 0,
        their_deposit_cents: 0,
      }),
    );
    expect(plan.place).toMatchObject({ name: 'The pier', verified: false, can_check_in_by_location: false });
  });

  it('refuses deposits outside either tier’s escrow range, a time too soon, and a second open plan', async () => {
    const c = await couple(t.app);
    const url = `/api/matches/${c.matchId}/date-plans`;
    const tooBig = await post(c.him.session, url, terms(c.placeId, { my_deposit_cents: 90_000 }));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.message).toBe('The largest deposit on your plan is $750.00');
    const theirsTooSmall = await post(c.him.session, url, terms(c.placeId, { their_deposit_cents: 100 }));
    expect(theirsTooSmall.json().error.message).toBe(THEIR_DEPOSIT_TEXT);
    const soon = await post(c.him.session, url, terms(c.placeId, { starts_at: inHours(0.5) }));
    expect(soon.statusCode).toBe(400);
    await propose(c.him.session, c.matchId, terms(c.placeId));
    const second = await post(c.her.session, url, terms(c.placeId));
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(OPEN_PLAN_TEXT);
  });

  it('answers 404 to a stranger, across a block, and for a plan that is not theirs', async () => {
    const c = await couple(t.app);
    const stranger = await signedInMember(t.app, { tier: 2 });
    expect(
      (await post(stranger.session, `/api/matches/${c.matchId}/date-plans`, terms(c.placeId))).statusCode,
    ).toBe(404);
    const plan = await propose(c.him.session, c.matchId, terms(c.placeId));
    for (const verb of ['accept', 'decline', 'cancel'])
      expect((await post(stranger.session, `/api/date-plans/${plan.id}/${verb}`)).statusCode).toBe(404);
    expect(
      (await request(t.app, 'GET', `/api/date-plans/${plan.id}`, { session: stranger.session })).statusCode,
    ).toBe(404);
    await block(t.app, c.her.member.id, c.him.member.id);
    expect((await post(c.her.session, `/api/date-plans/${plan.id}/accept`)).statusCode).toBe(404);
  });

  it('refuses an Observer, who may not write in a chat, and a signed-out caller', async () => {
    const c = await couple(t.app);
    await t.app.ctx.db.execute(
      sql`update profiles set tier_level = 0 where user_id = ${c.him.member.id}::uuid`,
    );
    t.app.ctx.actors.forget([c.him.member.id]);
    const observer = await post(c.him.session, `/api/matches/${c.matchId}/date-plans`, terms(c.placeId));
    expect(observer.statusCode).toBe(403);
    const anonymous = await request(t.app, 'POST', `/api/matches/${c.matchId}/date-plans`, {
      body: terms(c.placeId),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('every date plan route', () => {
  it('refuses a signed-out caller, and accepting money to a member who has not confirmed her e-mail', async () => {
    const c = await couple(t.app);
    const plan = await propose(c.him.session, c.matchId, terms(c.placeId));
    const routes: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', `/api/matches/${c.matchId}/date-plans`],
      ['POST', `/api/matches/${c.matchId}/date-plans`, terms(c.placeId)],
      ['GET', `/api/date-plans/${plan.id}`],
      ['POST', `/api/date-plans/${plan.id}/accept`],
      ['POST', `/api/date-plans/${plan.id}/counter`, terms(c.placeId)],
      ['POST', `/api/date-plans/${plan.id}/decline`],
      ['POST', `/api/date-plans/${plan.id}/cancel`],
      ['GET', `/api/date-plans/${plan.id}/check-in-code`],
      ['POST', `/api/date-plans/${plan.id}/check-in`, NOBU],
      ['POST', `/api/date-plans/${plan.id}/claim`],
      ['POST', `/api/date-plans/${plan.id}/dispute`, { statement: 'x' }],
    ];
    for (const [method, url, body] of routes) {
      const res = await request(t.app, method, url, body === undefined ? {} : { body });
      expect(res.statusCode, url).toBe(401);
    }
    await t.app.ctx.db.execute(
      sql`update users set email_verified = false where id = ${c.her.member.id}::uuid`,
    );
    t.app.ctx.actors.forget([c.her.member.id]);
    const unconfirmed = await post(c.her.session, `/api/date-plans/${plan.id}/accept`);
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json().error.code).toBe('EMAIL_CONFIRMATION_REQUIRED');
    expect(await balanceOf(t.app.ctx.db, c.her.member.id)).toEqual({ balance: 100_000, held: 0 });
  });

  it('refuses malformed bodies with VALIDATION_FAILED and writes nothing', async () => {
    const c = await couple(t.app);
    const url = `/api/matches/${c.matchId}/date-plans`;
    for (const body of [
      {},
      terms(c.placeId, { starts_at: 'tomorrow' }),
      terms(c.placeId, { place: { name: '' } }),
      terms(c.placeId, { place: { safe_location_id: 'not-an-id' } }),
      terms(c.placeId, { my_deposit_cents: -1 }),
      terms(c.placeId, { their_deposit_cents: 10.5 }),
      terms(c.placeId, { note: 'x'.repeat(281) }),
    ]) {
      const res = await post(c.him.session, url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const unknownPlace = await post(c.him.session, url, terms('00000000-0000-4000-8000-000000000000'));
    expect(unknownPlace.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: SAFE_LOCATION_NOT_FOUND_TEXT,
    });
    const plans = await t.app.ctx.db.select().from(datePlans).where(eq(datePlans.matchId, c.matchId));
    expect(plans).toEqual([]);

    const plan = await propose(c.him.session, c.matchId, terms(c.placeId));
    await post(c.her.session, `/api/date-plans/${plan.id}/accept`);
    await setPlanStart(t.app, plan.id, new Date(Date.now() + 10 * 60_000));
    for (const body of [{}, { lat: 91, lng: 0 }, { lat: 'x', lng: 0 }, { code: 'abc' }]) {
      const res = await post(c.him.session, `/api/date-plans/${plan.id}/check-in`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const empty = await post(c.her.session, `/api/date-plans/${plan.id}/dispute`, { statement: '  ' });
    expect(empty.json().error.code).toBe('VALIDATION_FAILED');
    const badDecision = await post(c.him.session, `/api/date-plans/${plan.id}/counter`, {
      ...terms(c.placeId),
      treat: 'yes',
    });
    expect(badDecision.statusCode).toBe(400);
    const [row] = await t.app.ctx.db.select().from(datePlans).where(eq(datePlans.id, plan.id));
    expect(row?.member1CheckedInAt ?? row?.member2CheckedInAt ?? null).toBeNull();
  });
});

describe('answering', () => {
  it('lets only the other member answer; a counter turns it round; accepting holds both deposits once', async () => {
    const c = await couple(t.app);
    const plan = await propose(c.him.session, c.matchId, terms(c.placeId));
    const own = await post(c.him.session, `/api/date-plans/${plan.id}/accept`);
    expect(own.statusCode).toBe(409);
    expect(own.json().error.message).toBe(OWN_TERMS_TEXT);

    const countered = await post(
      c.her.session,
      `/api/date-plans/${plan.id}/counter`,
      terms(c.placeId, { my_deposit_cents: 50_000, their_deposit_cents: 40_000 }),
    );
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json()).toMatchObject({
      status: 'proposed',
      proposer_is_me: true,
      me: { deposit_cents: 50_000 },
    });

    const events: BusMessage[] = [];
    const stop = t.app.ctx.bus.subscribe((m) => events.push(m));
    const accepted = await post(c.him.session, `/api/date-plans/${plan.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', me: { deposit_cents: 40_000 } });
    // A repeat (a double tap) holds nothing more.
    expect((await post(c.him.session, `/api/date-plans/${plan.id}/accept`)).statusCode).toBe(200);
    await t.app.ctx.units.outbox.settled();
    stop();
    expect(await balanceOf(t.app.ctx.db, c.him.member.id)).toEqual({ balance: 60_000, held: 40_000 });
    expect(await balanceOf(t.app.ctx.db, c.her.member.id)).toEqual({ balance: 50_000, held: 50_000 });
    const changed = events.filter((m) => m.kind === 'deliver' && m.event.type === 'date_plan.changed');
    expect(changed.length).toBeGreaterThanOrEqual(1);
    expect(changed[0]).toMatchObject({ userIds: expect.arrayContaining([c.him.member.id, c.her.member.id]) });
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('declines: the plan ends and the chat may get a new one', async () => {
    const c = await couple(t.app);
    const plan = await propose(c.him.session, c.matchId, terms(c.placeId));
    const declined = await post(c.her.session, `/api/date-plans/${plan.id}/decline`);
    expect(declined.json()).toMatchObject({ status: 'declined' });
    await propose(
      c.her.session,
      c.matchId,
      terms(c.placeId, { my_deposit_cents: 0, their_deposit_cents: 0 }),
    );
  });
});

describe('money that cannot be covered', () => {
  it('the acceptor short of funds gets INSUFFICIENT_FUNDS; a proposer who spent theirs, a conflict', async () => {
    const pair = await matchedPair(t.app);
    const placeId = await safePlace(t.app);
    await fundWallet(t.app, pair.him.member.id, 30_000);
    await fundWallet(t.app, pair.her.member.id, 10_000);
    const plan = await propose(pair.him.session, pair.matchId, terms(placeId));
    const short = await post(pair.her.session, `/api/date-plans/${plan.id}/accept`);
    expect(short.json().error.code).toBe('INSUFFICIENT_FUNDS');
    await fundWallet(t.app, pair.her.member.id, 50_000);
    // He sends most of his balance away before she answers.
    const away = await signedInMember(t.app, { tier: 2 });
    const sent = await request(t.app, 'POST', '/api/wallet/transfers', {
      session: pair.him.session,
      headers: { 'idempotency-key': `away-${plan.id}` },
      body: { receiver_id: away.member.id, amount_cents: 25_000, confirmed: true },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const theirs = await post(pair.her.session, `/api/date-plans/${plan.id}/accept`);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().error.message).toBe(THEIR_BALANCE_TEXT);
    expect(await balanceOf(t.app.ctx.db, pair.her.member.id)).toEqual({ balance: 60_000, held: 0 });
    await expectLedgerConsistent(t.app.ctx.db);
  });
});

describe('cancelling', () => {
  it('24 hours or more ahead returns both deposits', async () => {
    const c = await acceptedPlan();
    const cancelled = await post(c.her.session, `/api/date-plans/${c.plan.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(await balanceOf(t.app.ctx.db, c.him.member.id)).toEqual({ balance: 100_000, held: 0 });
    expect(await balanceOf(t.app.ctx.db, c.her.member.id)).toEqual({ balance: 100_000, held: 0 });
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('later gives the canceller’s deposit to the other member and returns theirs', async () => {
    const c = await acceptedPlan();
    await setPlanStart(t.app, c.plan.id, new Date(Date.now() + 5 * HOUR));
    const plan = (
      await request(t.app, 'GET', `/api/date-plans/${c.plan.id}`, { session: c.her.session })
    ).json();
    expect(plan.late_cancel_now).toBe(true);
    expect((await post(c.her.session, `/api/date-plans/${c.plan.id}/cancel`)).statusCode).toBe(200);
    // She had put in $250 (the proposal's "their" deposit): it goes to him; his $300 comes back.
    expect(await balanceOf(t.app.ctx.db, c.her.member.id)).toEqual({ balance: 75_000, held: 0 });
    expect(await balanceOf(t.app.ctx.db, c.him.member.id)).toEqual({ balance: 125_000, held: 0 });
    await expectLedgerConsistent(t.app.ctx.db);
  });
});

describe('checking in', () => {
  const atPlace = async (c: Awaited<ReturnType<typeof acceptedPlan>>) =>
    setPlanStart(t.app, c.plan.id, new Date(Date.now() + 10 * 60_000));

  it('by position: too far is refused; within 300 m counts; both in releases the deposits', async () => {
    const c = await acceptedPlan();
    const early = await post(c.him.session, `/api/date-plans/${c.plan.id}/check-in`, NOBU);
    expect(early.json().error.message).toBe(DATE_PLAN_TEXT.checkInClosed);
    await atPlace(c);
    const far = await post(c.him.session, `/api/date-plans/${c.plan.id}/check-in`, {
      lat: NOBU.lat + 0.01,
      lng: NOBU.lng,
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().error.message).toBe(DATE_PLAN_TEXT.tooFar);
    const his = await post(c.him.session, `/api/date-plans/${c.plan.id}/check-in`, {
      lat: NOBU.lat + 0.002,
      lng: NOBU.lng,
    });
    expect(his.json()).toMatchObject({
      status: 'accepted',
      me: { checked_in: true, check_in_band: 'within_300m' },
    });
    const hers = await post(c.her.session, `/api/date-plans/${c.plan.id}/check-in`, NOBU);
    expect(hers.json()).toMatchObject({ status: 'completed', me: { check_in_band: 'within_100m' } });
    expect(await balanceOf(t.app.ctx.db, c.him.member.id)).toEqual({ balance: 100_000, held: 0 });
    expect(await balanceOf(t.app.ctx.db, c.her.member.id)).toEqual({ balance: 100_000, held: 0 });
    // The position itself is stored nowhere.
    const [row] = await t.app.ctx.db.select().from(datePlans).where(eq(datePlans.id, c.plan.id));
    expect(JSON.stringify(row)).not.toContain(String(NOBU.lat + 0.002));
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('by the other member’s code: both are in; a treat sends the proposer’s deposit to the other', async () => {
    const c = await acceptedPlan({ treat: true });
    await atPlace(c);
    const wrong = await post(c.him.session, `/api/date-plans/${c.plan.id}/check-in`, { code: 'RCD1.1.AAAA' });
    expect(wrong.json().error.message).toBe(CODE_INVALID_TEXT);
    const herActor = await actorFor(t.app, c.her.member);
    const { code } = await datePlanCheckInCode(t.app.ctx, { actor: herActor, planId: c.plan.id });
    const shown = await request(t.app, 'GET', `/api/date-plans/${c.plan.id}/check-in-code`, {
      session: c.her.session,
    });
    expect(shown.json().code).toBe(code);
    // His own code does not check him in.
    const own = (
      await request(t.app, 'GET', `/api/date-plans/${c.plan.id}/check-in-code`, { session: c.him.session })
    ).json().code;
    expect(
      (await post(c.him.session, `/api/date-plans/${c.plan.id}/check-in`, { code: own })).statusCode,
    ).toBe(400);
    const scanned = await post(c.him.session, `/api/date-plans/${c.plan.id}/check-in`, { code });
    expect(scanned.json()).toMatchObject({
      status: 'completed',
      me: { check_in_band: 'qr' },
      them: { check_in_band: 'qr' },
    });
    // He proposed a treat: his $300 goes to her; her $250 comes back.
    expect(await balanceOf(t.app.ctx.db, c.him.member.id)).toEqual({ balance: 70_000, held: 0 });
    expect(await balanceOf(t.app.ctx.db, c.her.member.id)).toEqual({ balance: 130_000, held: 0 });
    await expectLedgerConsistent(t.app.ctx.db);
  });
});

describe('no-shows', () => {
  it('the member who came claims after the grace; the other disputes; the claimant cannot', async () => {
    const c = await acceptedPlan();
    await setPlanStart(t.app, c.plan.id, new Date(Date.now() + 10 * 60_000));
    await post(c.him.session, `/api/date-plans/${c.plan.id}/check-in`, NOBU);
    const tooEarly = await post(c.him.session, `/api/date-plans/${c.plan.id}/claim`);
    expect(tooEarly.json().error.message).toBe(CLAIM_REFUSED_TEXT);
    await setPlanStart(t.app, c.plan.id, new Date(Date.now() - 40 * 60_000));
    expect((await post(c.her.session, `/api/date-plans/${c.plan.id}/claim`)).statusCode).toBe(409);
    const claimed = await post(c.him.session, `/api/date-plans/${c.plan.id}/claim`);
    expect(claimed.json()).toMatchObject({ status: 'claimed' });
    expect(
      (await post(c.him.session, `/api/date-plans/${c.plan.id}/dispute`, { statement: 'x' })).statusCode,
    ).toBe(409);
    const disputed = await post(c.her.session, `/api/date-plans/${c.plan.id}/dispute`, {
      statement: 'I was at the bar',
    });
    expect(disputed.json()).toMatchObject({ status: 'disputed' });
    // Disputed money stays held for the admins.
    expect(await settleDuePlans(t.app.ctx, new Date(Date.now() + 48 * HOUR))).toMatchObject({ settled: 0 });
    expect(await balanceOf(t.app.ctx.db, c.her.member.id)).toEqual({ balance: 75_000, held: 25_000 });
  });

  it('a claim may be disputed for 24 hours after it was made, and not after', async () => {
    const c = await acceptedPlan();
    await setPlanStart(t.app, c.plan.id, new Date(Date.now() - 40 * 60_000));
    await post(c.him.session, `/api/date-plans/${c.plan.id}/check-in`, NOBU);
    expect((await post(c.him.session, `/api/date-plans/${c.plan.id}/claim`)).statusCode).toBe(200);
    // The claim was made 24 hours and a minute ago: its window has closed, though no run settled it yet.
    await t.app.ctx.db
      .update(datePlans)
      .set({ claimedAt: new Date(Date.now() - 24 * HOUR - 60_000) })
      .where(eq(datePlans.id, c.plan.id));
    const late = await post(c.her.session, `/api/date-plans/${c.plan.id}/dispute`, {
      statement: 'I was there',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(DISPUTE_REFUSED_TEXT);
    // A minute inside the window, the same statement is taken.
    await t.app.ctx.db
      .update(datePlans)
      .set({ claimedAt: new Date(Date.now() - 24 * HOUR + 60_000) })
      .where(eq(datePlans.id, c.plan.id));
    const inTime = await post(c.her.session, `/api/date-plans/${c.plan.id}/dispute`, {
      statement: 'I was there',
    });
    expect(inTime.json()).toMatchObject({ status: 'disputed' });
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('the job: an undisputed claim settles to the member who came; a date nobody came to returns both', async () => {
    const came = await acceptedPlan();
    await setPlanStart(t.app, came.plan.id, new Date(Date.now() + 10 * 60_000));
    await post(came.him.session, `/api/date-plans/${came.plan.id}/check-in`, NOBU);
    const nobody = await acceptedPlan();

    const statusOf = async (id: string) =>
      (await t.app.ctx.db.select({ status: datePlans.status }).from(datePlans).where(eq(datePlans.id, id)))[0]
        ?.status;
    // (Other tests' plans in this file's database may settle in the same runs: counted with them.)
    // At the first run both dates' check-in has closed: his is claimed for him, the other lapses.
    const first = await settleDuePlans(t.app.ctx, new Date(Date.now() + 51 * HOUR));
    expect(first.lapsed).toBeGreaterThanOrEqual(1);
    expect(first.claimed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(came.plan.id)).toBe('claimed');
    expect(await statusOf(nobody.plan.id)).toBe('settled');
    expect(await balanceOf(t.app.ctx.db, nobody.him.member.id)).toEqual({ balance: 100_000, held: 0 });
    expect(await balanceOf(t.app.ctx.db, nobody.her.member.id)).toEqual({ balance: 100_000, held: 0 });
    // A day on, nobody disputed: her $250 goes to him, his $300 comes back.
    const second = await settleDuePlans(t.app.ctx, new Date(Date.now() + 76 * HOUR));
    expect(second.settled).toBeGreaterThanOrEqual(1);
    expect(await statusOf(came.plan.id)).toBe('settled');
    expect(await balanceOf(t.app.ctx.db, came.him.member.id)).toEqual({ balance: 125_000, held: 0 });
    expect(await balanceOf(t.app.ctx.db, came.her.member.id)).toEqual({ balance: 75_000, held: 0 });
    // Nothing is settled twice.
    expect(await settleDuePlans(t.app.ctx, new Date(Date.now() + 100 * HOUR))).toEqual({
      lapsed: 0,
      claimed: 0,
      settled: 0,
      blocked: 0,
    });
    await expectLedgerConsistent(t.app.ctx.db);
  });
});

describe('the admins’ decision on a disputed claim', () => {
  async function disputedPlan() {
    const c = await acceptedPlan();
    await setPlanStart(t.app, c.plan.id, new Date(Date.now() + 10 * 60_000));
    await post(c.him.session, `/api/date-plans/${c.plan.id}/check-in`, NOBU);
    await setPlanStart(t.app, c.plan.id, new Date(Date.now() - 40 * 60_000));
    expect((await post(c.him.session, `/api/date-plans/${c.plan.id}/claim`)).statusCode).toBe(200);
    const statement = 'I waited at the bar from 8';
    expect(
      (await post(c.her.session, `/api/date-plans/${c.plan.id}/dispute`, { statement })).statusCode,
    ).toBe(200);
    return { ...c, statement };
  }

  it('lists the dispute with both sides, then settles the deposits as decided, audited, once', async () => {
    const c = await disputedPlan();
    const admin = await signedInMember(t.app, { roles: ['user', 'admin'] });
    const listed = await request(t.app, 'GET', '/api/admin/date-plans/disputes', { session: admin.session });
    expect(listed.statusCode, listed.body).toBe(200);
    const item = listed.json().items.find((d: { id: string }) => d.id === c.plan.id);
    expect(item).toMatchObject({
      claimant: { id: c.him.member.id, check_in_band: 'within_100m', deposit_cents: 30_000 },
      disputer: { id: c.her.member.id, checked_in_at: null, statement: c.statement, deposit_cents: 25_000 },
    });
    const decide = (outcome: string) =>
      post(admin.session, `/api/admin/date-plans/${c.plan.id}/decide`, {
        outcome,
        note: 'Bar receipts checked',
      });
    const decided = await decide('reject');
    expect(decided.json()).toMatchObject({ status: 'settled', outcome: 'reject' });
    expect(await balanceOf(t.app.ctx.db, c.him.member.id)).toEqual({ balance: 100_000, held: 0 });
    expect(await balanceOf(t.app.ctx.db, c.her.member.id)).toEqual({ balance: 100_000, held: 0 });
    expect((await decide('uphold')).statusCode).toBe(409);
    const audit = await t.app.ctx.db.execute<{ action: string; member_id: string }>(
      sql`select action, member_id from audit_log where target_id = ${c.plan.id}`,
    );
    expect(audit.rows).toEqual([{ action: 'date_plan.claim_rejected', member_id: c.her.member.id }]);
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('upheld, gives the claimant the other’s deposit', async () => {
    const c = await disputedPlan();
    const admin = await signedInMember(t.app, { roles: ['user', 'admin'] });
    const unknown = await post(admin.session, `/api/admin/date-plans/${c.plan.id}/decide`, {
      outcome: 'maybe',
    });
    expect(unknown.json().error.code).toBe('VALIDATION_FAILED');
    const decided = await post(admin.session, `/api/admin/date-plans/${c.plan.id}/decide`, {
      outcome: 'uphold',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await balanceOf(t.app.ctx.db, c.him.member.id)).toEqual({ balance: 125_000, held: 0 });
    expect(await balanceOf(t.app.ctx.db, c.her.member.id)).toEqual({ balance: 75_000, held: 0 });
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('is the admins’ only', async () => {
    const c = await disputedPlan();
    await expectAdminOnly(t.app, [
      ['GET', '/api/admin/date-plans/disputes'],
      ['POST', `/api/admin/date-plans/${c.plan.id}/decide`, { outcome: 'uphold' }],
    ]);
  });
});

describe('a block between the two', () => {
  it('cancels their open plan at the next run, both deposits returned, however late', async () => {
    const c = await acceptedPlan();
    await setPlanStart(t.app, c.plan.id, new Date(Date.now() + 2 * HOUR));
    await block(t.app, c.him.member.id, c.her.member.id);
    const run = await settleDuePlans(t.app.ctx);
    expect(run.blocked).toBeGreaterThanOrEqual(1);
    const [row] = await t.app.ctx.db
      .select({ status: datePlans.status })
      .from(datePlans)
      .where(eq(datePlans.id, c.plan.id));
    expect(row?.status).toBe('cancelled');
    expect(await balanceOf(t.app.ctx.db, c.him.member.id)).toEqual({ balance: 100_000, held: 0 });
    expect(await balanceOf(t.app.ctx.db, c.her.member.id)).toEqual({ balance: 100_000, held: 0 });
    await expectLedgerConsistent(t.app.ctx.db);
  });
});

describe('races', () => {
  // As many requests at once as PostgreSQL's pool takes them; the embedded database runs one
  // statement at a time, so a few dozen already queue every request behind the plan's lock.
  const AT_ONCE = onPostgres ? 200 : 40;

  it(`${AT_ONCE} accepts at once hold the deposits once`, async () => {
    const c = await couple(t.app);
    const plan = await propose(c.him.session, c.matchId, terms(c.placeId));
    const replies = await Promise.all(
      Array.from({ length: AT_ONCE }, () => post(c.her.session, `/api/date-plans/${plan.id}/accept`)),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(await balanceOf(t.app.ctx.db, c.her.member.id)).toEqual({ balance: 75_000, held: 25_000 });
    expect(await balanceOf(t.app.ctx.db, c.him.member.id)).toEqual({ balance: 70_000, held: 30_000 });
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it(`${AT_ONCE} no-show claims at once make one claim, which settles once`, async () => {
    const c = await acceptedPlan();
    await setPlanStart(t.app, c.plan.id, new Date(Date.now() + 10 * 60_000));
    await post(c.him.session, `/api/date-plans/${c.plan.id}/check-in`, NOBU);
    await setPlanStart(t.app, c.plan.id, new Date(Date.now() - 40 * 60_000));
    // He came and claims, over and over; she did not come, and her claims are refused.
    const replies = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        post(i % 2 === 0 ? c.him.session : c.her.session, `/api/date-plans/${c.plan.id}/claim`),
      ),
    );
    const his = replies.filter((_, i) => i % 2 === 0);
    const hers = replies.filter((_, i) => i % 2 === 1);
    expect(his.map((r) => [r.statusCode, r.json().status])).toEqual(his.map(() => [200, 'claimed']));
    expect(hers.map((r) => r.json().error?.message)).toEqual(hers.map(() => CLAIM_REFUSED_TEXT));
    // One claim was made, the rest found it made: she is told once, and nothing moved yet.
    const told = await t.app.ctx.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, c.her.member.id));
    expect(told.filter((n) => n.title === 'No-show claim')).toHaveLength(1);
    expect(await balanceOf(t.app.ctx.db, c.him.member.id)).toEqual({ balance: 70_000, held: 30_000 });
    expect(await balanceOf(t.app.ctx.db, c.her.member.id)).toEqual({ balance: 75_000, held: 25_000 });
    await expectLedgerConsistent(t.app.ctx.db);
    // Undisputed a day on: his $300 back, her $250 to him, once.
    await settleDuePlans(t.app.ctx, new Date(Date.now() + 25 * HOUR));
    expect(await balanceOf(t.app.ctx.db, c.him.member.id)).toEqual({ balance: 125_000, held: 0 });
    expect(await balanceOf(t.app.ctx.db, c.her.member.id)).toEqual({ balance: 75_000, held: 0 });
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('proposals sent at the same moment make one plan', async () => {
    const c = await couple(t.app);
    const url = `/api/matches/${c.matchId}/date-plans`;
    const replies = await Promise.all([
      ...Array.from({ length: 10 }, () => post(c.him.session, url, terms(c.placeId))),
      ...Array.from({ length: 10 }, () => post(c.her.session, url, terms(c.placeId))),
    ]);
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 409)).toHaveLength(19);
  });
});
