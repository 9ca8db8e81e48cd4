import { randomUUID } from 'node:crypto';
import {
  APPEAL_NOT_NEEDED_TEXT,
  ENFORCEMENT_REASON_TEXT,
  enforcementActionSchema,
  enforcementAppealsSchema,
  memberEnforcementSchema,
  restrictionOf,
} from '@royal/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { expectAdminOnly } from '../../../test/admin-refusals';
import { cookieFrom, request, type Session, useTestApp } from '../../../test/app';
import {
  createMember,
  FACTORY_PASSWORD,
  FACTORY_TOTP_SECRET,
  type MemberOptions,
  signedInMember,
  signInAs,
  type TestMember,
} from '../../../test/factories';
import { openTab } from '../../../test/realtime-tab';
import { adminClaims, auditLog, enforcementActions, profiles, sessions } from '../../db/schema';
import { APPEAL_COOKIE, totpCode } from '../auth';

// Suspensions, bans and appeals (issue 37, decision 060). Each test starts from an empty database.
const t = useTestApp({}, { isolation: 'test' });
const db = () => t.app.ctx.db;
const sockets: WebSocket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.terminate();
});

const admin = () => signedInMember(t.app, { tier: 0, roles: ['user', 'admin'], name: 'Ada Admin' });
const post = (session: Session | null, url: string, body?: unknown, headers?: Record<string, string>) =>
  request(t.app, 'POST', url, {
    session,
    ...(body === undefined ? {} : { body }),
    ...(headers ? { headers } : {}),
  });
const suspend = (session: Session, id: string, body: unknown = {}) =>
  post(session, `/api/admin/members/${id}/suspend`, {
    reason_code: 'harassment',
    note: 'Three reports this week.',
    days: 7,
    ...(body as object),
  });
const ban = (session: Session, id: string) =>
  post(session, `/api/admin/members/${id}/ban`, {
    reason_code: 'scam_or_solicitation',
    note: 'Asked for money.',
  });
const lift = (session: Session, id: string) =>
  post(session, `/api/admin/members/${id}/lift`, { note: 'Spoke with them.' });
const decide = (session: Session, actionId: string, outcome: 'upheld' | 'lifted') =>
  post(session, `/api/admin/enforcement-appeals/${actionId}/decide`, { outcome, note: 'Read it twice.' });
const signIn = (member: TestMember, password = FACTORY_PASSWORD) =>
  post(null, '/api/auth/sign-in', { email: member.email, password });
const appealWith = (cookie: string | null, text = 'I was quoting a film, not threatening anyone.') =>
  request(t.app, 'POST', '/api/auth/appeal', { body: { text }, headers: cookie ? { cookie } : {} });

const setCookies = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie']].flat().filter(Boolean) as string[];
const appealCookieOf = (res: { headers: Record<string, unknown> }) =>
  setCookies(res)
    .find((c) => c.startsWith(`${APPEAL_COOKIE}=`) && !c.startsWith(`${APPEAL_COOKIE}=;`))
    ?.split(';')[0] ?? null;

const auditOf = (memberId: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, memberId), eq(auditLog.action, action)));

/** What a member suspended by `suspend` (harassment) is told, before any appeal. */
const toldWhy = (until: string | null) => ({
  kind: 'suspend',
  reason_code: 'harassment',
  reason_text: ENFORCEMENT_REASON_TEXT.harassment,
  until,
  can_appeal: true,
  appealed: false,
});

/** Runs the member's action out: its end (and the lists' copy) one minute ago. */
async function runOut(memberId: string) {
  const past = new Date(Date.now() - 60_000);
  await db().update(enforcementActions).set({ until: past }).where(eq(enforcementActions.memberId, memberId));
  await db().update(profiles).set({ suspendedUntil: past }).where(eq(profiles.userId, memberId));
}

describe('admin routes', () => {
  it('refuse the signed out, members of every tier, promoters and admins without a confirmed second factor', async () => {
    const id = randomUUID();
    await expectAdminOnly(t.app, [
      ['GET', `/api/admin/members/${id}/enforcement`],
      ['POST', `/api/admin/members/${id}/suspend`, { reason_code: 'spam', note: 'x', days: 1 }],
      ['POST', `/api/admin/members/${id}/ban`, { reason_code: 'spam', note: 'x' }],
      ['POST', `/api/admin/members/${id}/lift`, { note: 'x' }],
      ['GET', '/api/admin/enforcement-appeals'],
      ['POST', `/api/admin/enforcement-appeals/${id}/decide`, { outcome: 'upheld', note: 'x' }],
    ]);
  });

  it('refuse an unknown reason code, period or an empty note (400), and an unknown member (404)', async () => {
    const { session } = await admin();
    const member = await createMember(t.app);
    for (const body of [
      { reason_code: 'rudeness' },
      { days: 2 },
      { note: '   ' },
      { note: 'x'.repeat(1001) },
    ]) {
      const res = await suspend(session, member.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const badBan = await post(session, `/api/admin/members/${member.id}/ban`, {
      reason_code: 'nope',
      note: 'x',
    });
    expect(badBan.statusCode).toBe(400);
    expect((await suspend(session, randomUUID())).statusCode).toBe(404);
    expect(
      (await request(t.app, 'GET', `/api/admin/members/${randomUUID()}/enforcement`, { session })).statusCode,
    ).toBe(404);
    expect(await db().select().from(enforcementActions)).toEqual([]);
  });

  it('never act on an admin, the acting admin included', async () => {
    const { session, member: self } = await admin();
    const other = await createMember(t.app, { roles: ['user', 'admin'] });
    for (const id of [self.id, other.id]) {
      for (const res of [await suspend(session, id), await ban(session, id)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
    }
    expect(await db().select().from(enforcementActions)).toEqual([]);
  });
});

describe('suspending a member', () => {
  it('ends their sessions, tells their open tab why and then closes it, with an audit row', async () => {
    const { session: adminSession, member: ada } = await admin();
    const { member, session } = await signedInMember(t.app);
    expect((await request(t.app, 'GET', '/api/me', { session })).statusCode).toBe(200);
    const tab = await openTab(t.app, session);
    sockets.push(tab.socket);

    const res = await suspend(adminSession, member.id);
    expect(res.statusCode, res.body).toBe(200);
    const action = enforcementActionSchema.strict().parse(res.json());
    expect(action).toMatchObject({
      member_id: member.id,
      kind: 'suspend',
      reason_code: 'harassment',
      live: true,
      created_by: 'Ada Admin',
      appeal_text: null,
    });
    const days = (Date.parse(action.until ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const event = await tab.next((f) => f.type === 'account.restricted');
    expect(event).toMatchObject({
      type: 'account.restricted',
      payload: toldWhy(action.until),
    });
    await tab.closed();
    expect(await db().select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    expect((await request(t.app, 'GET', '/api/me', { session })).statusCode).toBe(401);

    const [row, ...more] = await auditOf(member.id, 'member.suspend');
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      actorId: ada.id,
      targetType: 'user',
      ip: '127.0.0.1',
      data: {
        reason_code: 'harassment',
        action_id: action.id,
        before: { restricted: false },
        after: { kind: 'suspend', until: action.until },
        note: 'Three reports this week.',
      },
    });
  });

  it('a session that outlived the suspension finds no member (the access hook refuses it)', async () => {
    const { session: adminSession } = await admin();
    const member = await createMember(t.app);
    expect((await suspend(adminSession, member.id)).statusCode).toBe(200);
    const late = await signInAs(t.app, member);
    expect((await request(t.app, 'GET', '/api/me', { session: late })).statusCode).toBe(401);
  });

  it('is refused while another action stands (409); lift ends it early, once, with an audit row', async () => {
    const { session, member: ada } = await admin();
    const member = await createMember(t.app);
    expect((await suspend(session, member.id)).statusCode).toBe(200);
    const again = await ban(session, member.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONFLICT');

    const lifted = await lift(session, member.id);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toMatchObject({ live: false, lift_note: 'Spoke with them.' });
    expect((await lift(session, member.id)).statusCode).toBe(409);
    expect(await auditOf(member.id, 'member.lift')).toEqual([
      expect.objectContaining({
        actorId: ada.id,
        data: expect.objectContaining({ before: expect.objectContaining({ kind: 'suspend' }) }),
      }),
    ]);
    expect((await signIn(member)).statusCode).toBe(200);

    const banned = await ban(session, member.id);
    expect(banned.statusCode, banned.body).toBe(200);
    expect(banned.json()).toMatchObject({ kind: 'ban', until: null, live: true });
    expect(await auditOf(member.id, 'member.ban')).toHaveLength(1);

    const history = memberEnforcementSchema.parse(
      (await request(t.app, 'GET', `/api/admin/members/${member.id}/enforcement`, { session })).json(),
    );
    expect(history.live).toMatchObject({ kind: 'ban' });
    expect(history.history.map((a) => [a.kind, a.live])).toEqual([
      ['ban', true],
      ['suspend', false],
    ]);
  });

  it('takes the member out of the feed, search and their profile page until lifted', async () => {
    const { session: adminSession } = await admin();
    const viewerOptions: MemberOptions = { tier: 2, userType: 'men', age: 30, ageRange: [30, 30] };
    const { session: viewer } = await signedInMember(t.app, viewerOptions);
    const member = await createMember(t.app, { userType: 'women', age: 30, tier: 1, name: 'Zora Suspended' });
    const seen = async () => {
      const feed = await request(t.app, 'GET', '/api/discovery/feed', { session: viewer });
      const search = await request(t.app, 'GET', '/api/search', { session: viewer });
      const page = await request(t.app, 'GET', `/api/members/${member.id}`, { session: viewer });
      expect(feed.statusCode, feed.body).toBe(200);
      expect(search.statusCode, search.body).toBe(200);
      return {
        feed: feed.body.includes(member.id),
        search: search.body.includes(member.id),
        page: page.statusCode,
      };
    };
    expect(await seen()).toEqual({ feed: true, search: true, page: 200 });
    expect((await suspend(adminSession, member.id)).statusCode).toBe(200);
    expect(await seen()).toEqual({ feed: false, search: false, page: 404 });
    expect((await lift(adminSession, member.id)).statusCode).toBe(200);
    expect(await seen()).toEqual({ feed: true, search: true, page: 200 });
    // A suspension that ran out lets the member back by itself, the copy on the profile left as it was.
    expect((await suspend(adminSession, member.id)).statusCode).toBe(200);
    expect((await seen()).page).toBe(404);
    await runOut(member.id);
    await db().execute(sql`select nextval('search_generation')`);
    expect(await seen()).toEqual({ feed: true, search: true, page: 200 });
  });
});

describe('signing in while suspended or banned', () => {
  it('a wrong password reveals nothing; the right one is told why, with an appeal cookie and no session', async () => {
    const { session: adminSession } = await admin();
    const member = await createMember(t.app);
    const action = enforcementActionSchema.parse((await suspend(adminSession, member.id)).json());

    const wrong = await signIn(member, 'not-the-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    expect(wrong.body).not.toContain('suspend');
    expect(appealCookieOf(wrong)).toBeNull();

    const right = await signIn(member);
    expect(right.statusCode, right.body).toBe(403);
    expect(right.json().error).toEqual({
      code: 'ACCOUNT_SUSPENDED',
      message: 'Your account is suspended',
      details: toldWhy(action.until),
    });
    expect(restrictionOf(right.json().error.details)).not.toBeNull();
    const cookie = appealCookieOf(right);
    expect(cookie).not.toBeNull();
    expect(setCookies(right).find((c) => c.startsWith(APPEAL_COOKIE))).toMatch(/HttpOnly/);
    expect(setCookies(right).some((c) => c.includes('session_token=') && !c.includes('Max-Age=0'))).toBe(
      false,
    );
    expect(await db().select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
  });

  it('the member appeals once, with the cookie; without it or a second time is refused', async () => {
    const { session: adminSession } = await admin();
    const member = await createMember(t.app);
    await suspend(adminSession, member.id);
    const cookie = appealCookieOf(await signIn(member));

    const none = await appealWith(null);
    expect(none.statusCode).toBe(401);
    const forged = await appealWith(`${APPEAL_COOKIE}=${randomUUID()}.${Date.now() + 60_000}.AAAA`);
    expect(forged.statusCode).toBe(401);
    const tooShort = await appealWith(cookie, 'no');
    expect(tooShort.statusCode).toBe(400);

    const sent = await appealWith(cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toMatch(/appeal was sent/);
    const again = await appealWith(cookie, 'Please, a second look.');
    expect(again.statusCode).toBe(409);
    expect(await auditOf(member.id, 'enforcement.appeal_submitted')).toEqual([
      expect.objectContaining({ actorId: member.id }),
    ]);

    // Signing in again says it was appealed, and sets no new appeal cookie.
    const later = await signIn(member);
    expect(later.json().error.details).toMatchObject({ can_appeal: false, appealed: true });
    expect(appealCookieOf(later)).toBeNull();
  });

  it('an appeal of an action lifted meanwhile is refused as no longer needed', async () => {
    const { session: adminSession } = await admin();
    const member = await createMember(t.app);
    await suspend(adminSession, member.id);
    const cookie = appealCookieOf(await signIn(member));
    expect((await lift(adminSession, member.id)).statusCode).toBe(200);
    const res = await appealWith(cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(APPEAL_NOT_NEEDED_TEXT);
  });

  it('a ban is told as ACCOUNT_BANNED without an end; a member with two-factor is told after the code', async () => {
    const { session: adminSession } = await admin();
    const member = await createMember(t.app, { secondFactor: true });
    await ban(adminSession, member.id);
    const first = await signIn(member);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ second_factor_required: true });
    const code = totpCode(FACTORY_TOTP_SECRET, Date.now());
    const second = await request(t.app, 'POST', '/api/auth/sign-in/second-factor', {
      body: { code },
      headers: { cookie: cookieFrom(first) },
    });
    expect(second.statusCode, second.body).toBe(403);
    expect(second.json().error).toMatchObject({
      code: 'ACCOUNT_BANNED',
      details: { kind: 'ban', until: null, reason_code: 'scam_or_solicitation', can_appeal: true },
    });
    expect(appealCookieOf(second)).not.toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
  });

  it('a suspension that ran out lets the member sign in, and a new one may follow', async () => {
    const { session: adminSession } = await admin();
    const member = await createMember(t.app);
    await suspend(adminSession, member.id);
    await runOut(member.id);
    const res = await signIn(member);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await request(t.app, 'GET', '/api/me', { headers: { cookie: cookieFrom(res) } })).statusCode,
    ).toBe(200);
    const next = await suspend(adminSession, member.id, { days: 1 });
    expect(next.statusCode, next.body).toBe(200);
    const rows = await db()
      .select()
      .from(enforcementActions)
      .where(eq(enforcementActions.memberId, member.id));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.liftedAt === null)).toHaveLength(1);
  });
});

describe('the appeals queue', () => {
  async function appealed(adminSession: Session, options: MemberOptions = {}) {
    const member = await createMember(t.app, options);
    const action = enforcementActionSchema.parse((await suspend(adminSession, member.id)).json());
    expect((await appealWith(appealCookieOf(await signIn(member)))).statusCode).toBe(200);
    return { member, action };
  }

  it('lists open appeals oldest first with the member; upheld keeps the action, once, with an audit row', async () => {
    const { session, member: ada } = await admin();
    const one = await appealed(session, { name: 'Olu First' });
    const two = await appealed(session, { name: 'Tess Second' });
    const list = enforcementAppealsSchema
      .strict()
      .parse((await request(t.app, 'GET', '/api/admin/enforcement-appeals', { session })).json());
    expect(list.items.map((i) => i.member.name)).toEqual(['Olu First', 'Tess Second']);
    expect(list.items[0]).toMatchObject({
      member: { id: one.member.id, email: one.member.email },
      action: { id: one.action.id, appeal_text: 'I was quoting a film, not threatening anyone.' },
      claimed_by: null,
      claimed_by_me: false,
    });

    const upheld = await decide(session, one.action.id, 'upheld');
    expect(upheld.statusCode, upheld.body).toBe(200);
    expect(upheld.json()).toMatchObject({
      appeal_decision: 'upheld',
      live: true,
      decision_note: 'Read it twice.',
    });
    expect((await decide(session, one.action.id, 'lifted')).statusCode).toBe(409);
    expect((await decide(session, randomUUID(), 'lifted')).statusCode).toBe(404);
    expect((await signIn(one.member)).statusCode).toBe(403);
    expect(await auditOf(one.member.id, 'enforcement.appeal_upheld')).toEqual([
      expect.objectContaining({ actorId: ada.id, ip: '127.0.0.1' }),
    ]);

    const after = enforcementAppealsSchema.parse(
      (await request(t.app, 'GET', '/api/admin/enforcement-appeals', { session })).json(),
    );
    expect(after.items.map((i) => i.action.id)).toEqual([two.action.id]);
  });

  it('lifted ends the action: the member signs in and is listed again', async () => {
    const { session } = await admin();
    const { member, action } = await appealed(session);
    const res = await decide(session, action.id, 'lifted');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ appeal_decision: 'lifted', live: false });
    expect((await signIn(member)).statusCode).toBe(200);
    const [profile] = await db().select().from(profiles).where(eq(profiles.userId, member.id));
    expect(profile?.suspendedUntil).toBeNull();
    expect(await auditOf(member.id, 'enforcement.appeal_lifted')).toHaveLength(1);
  });

  it('is claimed like every queue: another admin’s claim refuses the decision and writes nothing', async () => {
    const holder = await admin();
    const other = await admin();
    const { member, action } = await appealed(holder.session);
    const claim = await post(holder.session, `/api/admin/queues/enforcement-appeals/${action.id}/claim`);
    expect(claim.statusCode, claim.body).toBe(200);
    const listed = enforcementAppealsSchema.parse(
      (await request(t.app, 'GET', '/api/admin/enforcement-appeals', { session: other.session })).json(),
    );
    expect(listed.items[0]).toMatchObject({ claimed_by: 'Ada Admin', claimed_by_me: false });
    const refused = await decide(other.session, action.id, 'lifted');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('CLAIMED_BY_OTHER');
    expect(await auditOf(member.id, 'enforcement.appeal_lifted')).toEqual([]);
    expect((await decide(holder.session, action.id, 'lifted')).statusCode).toBe(200);
    expect(await db().select().from(adminClaims)).toEqual([]);
  });
});
