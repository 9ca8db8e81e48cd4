import { randomUUID } from 'node:crypto';
import { blockedListSchema, reportReplySchema, reportsQueueSchema } from '@royal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { onPostgres } from '../../../test/database';
import { matchedPair } from '../../../test/discovery';
import { signedInMember } from '../../../test/factories';
import { matches } from '../../db/schema';

// Blocks and reports (issue 34): the routes, who may use them, and what a block changes everywhere.
const t = useTestApp({}, { isolation: 'test' });

const block = (session: Session | null, memberId: string, reason?: string) =>
  request(t.app, 'POST', '/api/blocks', {
    session,
    body: { member_id: memberId, ...(reason ? { reason } : {}) },
  });
const blocks = async (session: Session) => {
  const res = await request(t.app, 'GET', '/api/blocks', { session });
  expect(res.statusCode, res.body).toBe(200);
  return blockedListSchema.parse(res.json()).items;
};
const profileOf = (session: Session, id: string) => request(t.app, 'GET', `/api/members/${id}`, { session });
const searchIds = async (session: Session) =>
  ((await request(t.app, 'GET', '/api/search', { session })).json().items as { id: string }[]).map(
    (c) => c.id,
  );
const matchIds = async (session: Session) =>
  ((await request(t.app, 'GET', '/api/matches', { session })).json().items as { id: string }[]).map(
    (m) => m.id,
  );
const send = (session: Session, matchId: string) =>
  request(t.app, 'POST', `/api/matches/${matchId}/messages`, {
    session,
    body: { id: randomUUID(), content: 'Are you still there?' },
  });
const report = (session: Session, body: object) => request(t.app, 'POST', '/api/reports', { session, body });

describe('blocks', () => {
  it('takes the notifications one caused the other out of both lists and counts, while blocked', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    expect((await send(him.session, matchId)).statusCode).toBe(201);
    const notices = async (session: Session) => {
      const res = await request(t.app, 'GET', '/api/notifications', { session });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { items: { actor: { id: string } | null }[]; unread_count: number };
      return { actors: body.items.map((n) => n.actor?.id), unread: body.unread_count };
    };
    // His like and message reached her, the match reached him.
    expect((await notices(her.session)).actors).toContain(him.member.id);
    expect((await notices(him.session)).actors).toContain(her.member.id);
    const before = await notices(her.session);

    const blocked = await block(him.session, her.member.id);
    for (const [viewer, other] of [
      [her, him],
      [him, her],
    ] as const) {
      const after = await notices(viewer.session);
      expect(after.actors).not.toContain(other.member.id);
    }
    expect((await notices(her.session)).unread).toBeLessThan(before.unread);

    // Lifted, they come back.
    await request(t.app, 'DELETE', `/api/blocks/${blocked.json().id}`, { session: him.session });
    expect((await notices(her.session)).actors).toContain(him.member.id);
  });

  it('hides both members from each other at once, ends their match and refuses messages, either way', async () => {
    const { him, her, matchId } = await matchedPair(t.app, {
      him: { verified: true },
      her: { verified: true },
    });
    expect(await searchIds(him.session)).toContain(her.member.id);
    expect(await matchIds(her.session)).toContain(matchId);

    const res = await block(her.session, him.member.id, 'Too pushy');
    expect(res.statusCode, res.body).toBe(201);

    for (const [viewer, other] of [
      [him, her],
      [her, him],
    ] as const) {
      expect(await searchIds(viewer.session)).not.toContain(other.member.id);
      expect((await profileOf(viewer.session, other.member.id)).statusCode).toBe(404);
      expect(await matchIds(viewer.session)).not.toContain(matchId);
      expect((await send(viewer.session, matchId)).statusCode).toBe(404);
    }
    const [match] = await t.app.ctx.db
      .select({ status: matches.status })
      .from(matches)
      .where(eq(matches.id, matchId));
    expect(match?.status).toBe('unmatched');
  });

  it('lists the blocker’s blocks newest first with names; blocking again changes nothing', async () => {
    const me = await signedInMember(t.app, { tier: 1 });
    const first = await signedInMember(t.app, { tier: 1, name: 'Ana' });
    const second = await signedInMember(t.app, { tier: 1, name: 'Bea' });
    const a = await block(me.session, first.member.id, 'Spam');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await block(me.session, second.member.id);
    const again = await block(me.session, first.member.id, 'Another reason');
    expect(again.json().id).toBe(a.json().id);
    const list = await blocks(me.session);
    expect(list.map((b) => [b.name, b.reason])).toEqual([
      ['Bea', null],
      ['Ana', 'Spam'],
    ]);
    // The blocked member sees no trace of it.
    expect(await blocks(first.session)).toEqual([]);
  });

  it('unblocks only the blocker’s own block, and the members see each other again', async () => {
    const me = await signedInMember(t.app, { tier: 1 });
    const other = await signedInMember(t.app, { tier: 1 });
    const id = (await block(me.session, other.member.id)).json().id as string;
    expect((await request(t.app, 'DELETE', `/api/blocks/${id}`, { session: other.session })).statusCode).toBe(
      404,
    );
    expect(await searchIds(me.session)).not.toContain(other.member.id);
    expect((await request(t.app, 'DELETE', `/api/blocks/${id}`, { session: me.session })).statusCode).toBe(
      204,
    );
    expect(await blocks(me.session)).toEqual([]);
    expect(await searchIds(me.session)).toContain(other.member.id);
    expect((await request(t.app, 'DELETE', `/api/blocks/${id}`, { session: me.session })).statusCode).toBe(
      404,
    );
  });

  it('refuses yourself, an unknown member, bad input and signed-out callers, with stable codes', async () => {
    const me = await signedInMember(t.app, { tier: 0 });
    const self = await block(me.session, me.member.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'You cannot block yourself',
    });
    expect((await block(me.session, randomUUID())).json().error.code).toBe('NOT_FOUND');
    expect((await block(me.session, 'not-a-uuid')).statusCode).toBe(400);
    const long = await block(me.session, randomUUID(), 'x'.repeat(201));
    expect(long.json().error.message).toBe('Reason must be at most 200 characters');
    expect((await request(t.app, 'GET', '/api/blocks', { session: null })).statusCode).toBe(401);
    expect((await block(null, me.member.id)).statusCode).toBe(401);
  });
});

describe('reports', () => {
  it('files a report for the queue, once per member until it is settled, and blocks when asked', async () => {
    const me = await signedInMember(t.app, { tier: 1, name: 'Reporter' });
    const other = await signedInMember(t.app, { tier: 1, name: 'Reported' });
    const filed = await report(me.session, {
      member_id: other.member.id,
      reason: 'scam',
      details: 'Asked me to send money first',
      block: true,
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(reportReplySchema.parse(filed.json())).toMatchObject({ status: 'open', blocked: true });
    expect((await blocks(me.session)).map((b) => b.member_id)).toEqual([other.member.id]);

    const again = await report(me.session, { member_id: other.member.id, reason: 'other', details: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONFLICT');

    // Another member's report of the same member counts towards the queue's figure.
    const second = await signedInMember(t.app, { tier: 1 });
    await report(second.session, { member_id: other.member.id, reason: 'harassment', details: 'Rude' });

    const admin = await signedInMember(t.app, { tier: 0, roles: ['user', 'admin'] });
    const queue = await request(t.app, 'GET', '/api/admin/reports', { session: admin.session });
    expect(queue.statusCode, queue.body).toBe(200);
    const items = reportsQueueSchema.parse(queue.json()).items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      reason: 'scam',
      reported: { id: other.member.id, name: 'Reported' },
      reporter: { id: me.member.id, name: 'Reporter' },
      open_reports_against: 2,
    });
  });

  it('refuses bad reports with the message, and the queue to members', async () => {
    const me = await signedInMember(t.app, { tier: 1 });
    const other = await signedInMember(t.app, { tier: 1 });
    const empty = await report(me.session, { member_id: other.member.id, reason: 'scam', details: '   ' });
    expect(empty.json().error.details[0]).toMatchObject({
      path: 'details',
      message: 'Tell us what happened',
    });
    const reason = await report(me.session, { member_id: other.member.id, reason: 'nope', details: 'x' });
    expect(reason.json().error.details[0]).toMatchObject({ path: 'reason', message: 'Choose what happened' });
    const self = await report(me.session, { member_id: me.member.id, reason: 'scam', details: 'x' });
    expect(self.json().error.message).toBe('You cannot report yourself');
    expect((await request(t.app, 'GET', '/api/admin/reports', { session: me.session })).statusCode).toBe(403);
    expect((await request(t.app, 'GET', '/api/admin/reports', { session: null })).statusCode).toBe(401);
  });
});

// PGlite has a single connection, so only PostgreSQL can interleave two reports.
describe.skipIf(!onPostgres)('reports sent at the same moment (PostgreSQL)', () => {
  it('land once: the other is refused as already reported', async () => {
    const me = await signedInMember(t.app, { tier: 1 });
    const other = await signedInMember(t.app, { tier: 1 });
    const sent = await Promise.all(
      ['fake_profile', 'scam', 'harassment', 'other'].map((reason) =>
        report(me.session, { member_id: other.member.id, reason, details: 'Sent twice by a double tap' }),
      ),
    );
    expect(sent.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const admin = await signedInMember(t.app, { tier: 0, roles: ['user', 'admin'] });
    const queue = await request(t.app, 'GET', '/api/admin/reports', { session: admin.session });
    expect(
      reportsQueueSchema.parse(queue.json()).items.filter((r) => r.reported.id === other.member.id),
    ).toHaveLength(1);
  });
});
