import {
  DATE_RATING_COMMENT_MAX,
  DATE_RATING_TEXT,
  type DatePlan,
  type DatePlanRatingInput,
} from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import {
  acceptedPlanOf,
  type Couple,
  completedPlanOf,
  couple,
  NOBU,
  postAs,
  setPlanStart,
} from '../../../test/date-plans';
import { signedInMember } from '../../../test/factories';
import type { BusMessage } from '../../adapters/bus';
import { datePlanRatings, notifications, profiles, reports } from '../../db/schema';

// Private ratings after a date (issue 39): once per member who checked in to a date that is over;
// the other member never sees it; the stars feed the rated member's average (shown from three); each
// flag files a report with the plan as its context.

const t = useTestApp();

const rate = (session: Session, planId: string, body: DatePlanRatingInput | Record<string, unknown>) =>
  postAs(t.app, session, `/api/date-plans/${planId}/rating`, body);
const getPlan = async (session: Session, planId: string): Promise<DatePlan> =>
  (await request(t.app, 'GET', `/api/date-plans/${planId}`, { session })).json();

async function ratingOf(memberId: string) {
  const [row] = await t.app.ctx.db
    .select({ avg: profiles.ratingAvg, count: profiles.ratingCount, sum: profiles.ratingSum })
    .from(profiles)
    .where(eq(profiles.userId, memberId));
  return row;
}

const ratingsOf = (planId: string) =>
  t.app.ctx.db.select().from(datePlanRatings).where(eq(datePlanRatings.datePlanId, planId));

/** A plan he claimed: he checked in, she did not, 40 minutes after its time. */
async function claimedPlan(c: Couple) {
  const plan = await acceptedPlanOf(t.app, c);
  await setPlanStart(t.app, plan.id, new Date(Date.now() + 10 * 60_000));
  await postAs(t.app, c.him.session, `/api/date-plans/${plan.id}/check-in`, NOBU);
  await setPlanStart(t.app, plan.id, new Date(Date.now() - 40 * 60_000));
  const claimed = await postAs(t.app, c.him.session, `/api/date-plans/${plan.id}/claim`);
  expect(claimed.json(), claimed.body).toMatchObject({ status: 'claimed' });
  return plan;
}

describe('rating a date', () => {
  it('records the stars and the comment once, and adds them to the other member’s rating', async () => {
    const c = await couple(t.app);
    const plan = await completedPlanOf(t.app, c);
    expect(plan.my_rating_given).toBe(false);
    const rated = await rate(c.her.session, plan.id, { stars: 4, comment: '  Lovely evening ' });
    expect(rated.statusCode, rated.body).toBe(201);
    expect(rated.json()).toMatchObject({ id: plan.id, status: 'completed', my_rating_given: true });
    expect(await ratingsOf(plan.id)).toEqual([
      expect.objectContaining({
        raterId: c.her.member.id,
        ratedId: c.him.member.id,
        stars: 4,
        flags: [],
        comment: 'Lovely evening',
      }),
    ]);
    expect(await ratingOf(c.him.member.id)).toEqual({ avg: 4, count: 1, sum: 4 });
    // He may rate her too; each rating is its own.
    expect((await rate(c.him.session, plan.id, { stars: 5 })).statusCode).toBe(201);
    expect(await ratingOf(c.her.member.id)).toEqual({ avg: 5, count: 1, sum: 5 });
    expect(await ratingOf(c.him.member.id)).toEqual({ avg: 4, count: 1, sum: 4 });
  });

  it('is private: the other member’s view of the plan does not move, and nobody tells them', async () => {
    const c = await couple(t.app);
    const plan = await completedPlanOf(t.app, c);
    const before = await getPlan(c.him.session, plan.id);
    const listBefore = (
      await request(t.app, 'GET', `/api/matches/${c.matchId}/date-plans`, { session: c.him.session })
    ).json();
    const noticesBefore = await t.app.ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, c.him.member.id));

    const events: BusMessage[] = [];
    const stop = t.app.ctx.bus.subscribe((m) => events.push(m));
    const rated = await rate(c.her.session, plan.id, {
      stars: 1,
      flags: ['not_as_pictured'],
      comment: 'Nothing like his photos',
    });
    expect(rated.statusCode, rated.body).toBe(201);
    await t.app.ctx.units.outbox.settled();
    stop();

    const after = await getPlan(c.him.session, plan.id);
    expect(after).toEqual(before);
    expect(after.my_rating_given).toBe(false);
    const listAfter = (
      await request(t.app, 'GET', `/api/matches/${c.matchId}/date-plans`, { session: c.him.session })
    ).json();
    expect(listAfter).toEqual(listBefore);
    expect(JSON.stringify(listAfter)).not.toContain('Nothing like his photos');
    const noticesAfter = await t.app.ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, c.him.member.id));
    expect(noticesAfter).toHaveLength(noticesBefore.length);
    // Her own tabs read the plan again; his are sent nothing at all.
    const delivered = events.filter((m) => m.kind === 'deliver');
    expect(delivered.some((m) => m.kind === 'deliver' && m.userIds.includes(c.her.member.id))).toBe(true);
    expect(delivered.filter((m) => m.kind === 'deliver' && m.userIds.includes(c.him.member.id))).toEqual([]);
    // One rating is not yet a rating anyone is shown.
    const me = (await request(t.app, 'GET', '/api/me', { session: c.him.session })).json();
    expect(me.rating_avg).toBeNull();
  });

  it('shows the average only from the third rating', async () => {
    const c = await couple(t.app);
    const shown = async () => ({
      own: (await request(t.app, 'GET', '/api/me', { session: c.him.session })).json().rating_avg,
      theirs: (
        await request(t.app, 'GET', `/api/members/${c.him.member.id}`, { session: c.her.session })
      ).json().rating_avg,
    });
    // Three dates in the same chat (a finished plan leaves room for the next), each rated by her.
    for (const [i, stars] of [5, 4, 4].entries()) {
      const plan = await completedPlanOf(t.app, c);
      expect((await rate(c.her.session, plan.id, { stars })).statusCode).toBe(201);
      if (i < 2) expect(await shown()).toEqual({ own: null, theirs: null });
    }
    expect(await ratingOf(c.him.member.id)).toEqual({ avg: 4.3, count: 3, sum: 13 });
    expect(await shown()).toEqual({ own: 4.3, theirs: 4.3 });
  });

  it('averages from the sum of stars, so a rating still moves a long-standing average', async () => {
    const c = await couple(t.app);
    // 40 ratings averaging 4.0 before this one.
    await t.app.ctx.db
      .update(profiles)
      .set({ ratingAvg: 4, ratingCount: 40, ratingSum: 160 })
      .where(eq(profiles.userId, c.him.member.id));
    const plan = await completedPlanOf(t.app, c);
    expect((await rate(c.her.session, plan.id, { stars: 1 })).statusCode).toBe(201);
    // 161 / 41 = 3.93 (averaging into the rounded 4.0 the same way would also give 3.9, but 5 stars
    // onto it would leave 4.0 for ever: 165 / 41 = 4.02).
    expect(await ratingOf(c.him.member.id)).toEqual({ avg: 3.9, count: 41, sum: 161 });
  });
});

describe('flags', () => {
  it('file one report each, with the plan as context, even beside an open report from the chat', async () => {
    const c = await couple(t.app);
    const plan = await completedPlanOf(t.app, c);
    const earlier = await postAs(t.app, c.her.session, '/api/reports', {
      member_id: c.him.member.id,
      reason: 'harassment',
      details: 'Rude messages',
    });
    expect(earlier.statusCode, earlier.body).toBe(201);

    const rated = await rate(c.her.session, plan.id, {
      stars: 1,
      flags: ['felt_unsafe', 'asked_for_money'],
      comment: 'He asked me to pay his rent',
    });
    expect(rated.statusCode, rated.body).toBe(201);
    const filed = await t.app.ctx.db
      .select({
        reason: reports.reason,
        details: reports.details,
        reporterId: reports.reporterId,
        reportedId: reports.reportedId,
        status: reports.status,
      })
      .from(reports)
      .where(eq(reports.datePlanId, plan.id));
    expect(filed).toHaveLength(2);
    expect(filed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason: 'other', details: expect.stringMatching(/^Felt unsafe: .*Nobu/) }),
        expect.objectContaining({ reason: 'scam', details: expect.stringMatching(/^Asked for money: /) }),
      ]),
    );
    for (const report of filed) {
      expect(report).toMatchObject({
        reporterId: c.her.member.id,
        reportedId: c.him.member.id,
        status: 'open',
      });
      expect(report.details).toContain('He asked me to pay his rent');
    }

    const admin = await signedInMember(t.app, { roles: ['user', 'admin'] });
    const queue = await request(t.app, 'GET', '/api/admin/reports', { session: admin.session });
    expect(queue.statusCode, queue.body).toBe(200);
    const fromDate = queue.json().items.filter((r: { date_plan_id?: string }) => r.date_plan_id === plan.id);
    expect(fromDate).toHaveLength(2);
    expect(fromDate[0]).toMatchObject({
      reporter: { id: c.her.member.id },
      reported: { id: c.him.member.id },
    });
    const fromChat = queue.json().items.find((r: { id: string }) => r.id === earlier.json().id);
    expect(fromChat).toMatchObject({ date_plan_id: null, reason: 'harassment' });
  });

  it('a rating without flags files nothing', async () => {
    const c = await couple(t.app);
    const plan = await completedPlanOf(t.app, c);
    expect((await rate(c.her.session, plan.id, { stars: 3 })).statusCode).toBe(201);
    const filed = await t.app.ctx.db.select().from(reports).where(eq(reports.datePlanId, plan.id));
    expect(filed).toEqual([]);
  });
});

describe('refusals', () => {
  it('a second rating is ALREADY_RATED, however many are sent at once', async () => {
    const c = await couple(t.app);
    const plan = await completedPlanOf(t.app, c);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => rate(c.her.session, plan.id, { stars: 2, flags: ['felt_unsafe'] })),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = replies.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(9);
    for (const r of refused)
      expect(r.json().error).toMatchObject({ code: 'ALREADY_RATED', message: DATE_RATING_TEXT.alreadyRated });
    const again = await rate(c.her.session, plan.id, { stars: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_RATED');
    expect(await ratingsOf(plan.id)).toHaveLength(1);
    expect(await ratingOf(c.him.member.id)).toEqual({ avg: 2, count: 1, sum: 2 });
    const filed = await t.app.ctx.db
      .select()
      .from(reports)
      .where(and(eq(reports.datePlanId, plan.id), eq(reports.reporterId, c.her.member.id)));
    expect(filed).toHaveLength(1);
  });

  it('answers 404 to a member who is not on the plan, and 401 when signed out', async () => {
    const c = await couple(t.app);
    const plan = await completedPlanOf(t.app, c);
    const stranger = await signedInMember(t.app, { tier: 2 });
    const theirs = await rate(stranger.session, plan.id, { stars: 5 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe('NOT_FOUND');
    const unknown = await rate(c.her.session, '00000000-0000-4000-8000-000000000000', { stars: 5 });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await request(t.app, 'POST', `/api/date-plans/${plan.id}/rating`, {
      body: { stars: 5 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await ratingsOf(plan.id)).toEqual([]);
  });

  it('refuses a date that is not over, was cancelled, or that the member did not check in to (409)', async () => {
    const c = await couple(t.app);
    const accepted = await acceptedPlanOf(t.app, c);
    const early = await rate(c.her.session, accepted.id, { stars: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ code: 'CONFLICT', message: DATE_RATING_TEXT.notOver });
    expect((await postAs(t.app, c.her.session, `/api/date-plans/${accepted.id}/cancel`)).statusCode).toBe(
      200,
    );
    const cancelled = await rate(c.her.session, accepted.id, { stars: 5 });
    expect(cancelled.json().error.message).toBe(DATE_RATING_TEXT.notOver);

    // He came and claimed; she did not check in: he may rate, she may not.
    const claimed = await claimedPlan(c);
    const hers = await rate(c.her.session, claimed.id, { stars: 1 });
    expect(hers.statusCode).toBe(409);
    expect(hers.json().error.message).toBe(DATE_RATING_TEXT.notCheckedIn);
    const his = await rate(c.him.session, claimed.id, { stars: 1, flags: ['not_as_pictured'] });
    expect(his.statusCode, his.body).toBe(201);
    expect(await ratingOf(c.her.member.id)).toMatchObject({ count: 1, sum: 1 });
  });

  it('refuses a malformed rating with VALIDATION_FAILED and writes nothing', async () => {
    const c = await couple(t.app);
    const plan = await completedPlanOf(t.app, c);
    for (const body of [
      {},
      { stars: 0 },
      { stars: 6 },
      { stars: 4.5 },
      { stars: '5' },
      { stars: 5, flags: ['rude'] },
      { stars: 5, flags: ['felt_unsafe', 'felt_unsafe'] },
      { stars: 5, flags: 'felt_unsafe' },
      { stars: 5, comment: 'x'.repeat(DATE_RATING_COMMENT_MAX + 1) },
    ]) {
      const res = await rate(c.her.session, plan.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await ratingsOf(plan.id)).toEqual([]);
    expect(await ratingOf(c.him.member.id)).toEqual({ avg: null, count: 0, sum: 0 });
    expect((await getPlan(c.her.session, plan.id)).my_rating_given).toBe(false);
  });
});
