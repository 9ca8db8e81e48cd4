import {
  adminMemberDetailSchema,
  adminMembersPageSchema,
  SECOND_FACTOR_REQUIRED_TEXT,
  SECOND_FACTOR_UNCONFIRMED_TEXT,
  type SocketFrame,
  socketFrameSchema,
} from '@royal/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { request, type Session, TEST_ORIGIN, useTestApp } from '../../../test/app';
import { createMember, signedInMember, signInAs, type TestMember } from '../../../test/factories';
import { auditLog, escrowWallets, profiles, reports, users } from '../../db/schema';

// The admin dashboard's Users tab (issue 37): search, filters, detail, tier dropdown and verify
// toggle. Each test starts from an empty database, so the list holds only the test's own members.
const t = useTestApp({}, { isolation: 'test' });
const open: WebSocket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.terminate();
});

const admin = () => signedInMember(t.app, { tier: 0, roles: ['user', 'admin'], name: 'Ada Admin' });
const list = (session: Session | null, query = '') =>
  request(t.app, 'GET', `/api/admin/members${query}`, { session });
const names = async (session: Session, query: string) => {
  const res = await list(session, query);
  expect(res.statusCode, res.body).toBe(200);
  return adminMembersPageSchema
    .parse(res.json())
    .items.map((m) => m.name)
    .sort();
};
const patch = (session: Session | null, id: string, body: unknown, headers?: Record<string, string>) =>
  request(t.app, 'PATCH', `/api/admin/members/${id}`, { session, body, ...(headers ? { headers } : {}) });

async function setEmail(member: TestMember, email: string) {
  await t.app.ctx.db.update(users).set({ email }).where(eq(users.id, member.id));
}

describe('finding members', () => {
  it('by any part of the name, by the beginning of the e-mail or the whole of it; a % is no wildcard', async () => {
    const { session } = await admin();
    const anna = await createMember(t.app, { name: 'Anna Karenina' });
    const hanna = await createMember(t.app, { name: 'Hannah Arendt' });
    const bob = await createMember(t.app, { name: 'Bob Dylan' });
    await setEmail(anna, 'anna.k@example.test');
    await setEmail(hanna, 'h.arendt@example.test');
    await setEmail(bob, 'zimmerman@example.test');

    expect(await names(session, '?q=ANN')).toEqual(['Anna Karenina', 'Hannah Arendt']);
    expect(await names(session, '?q=dyl')).toEqual(['Bob Dylan']);
    expect(await names(session, '?q=zimmer')).toEqual(['Bob Dylan']);
    expect(await names(session, `?q=${encodeURIComponent('H.Arendt@Example.test')}`)).toEqual([
      'Hannah Arendt',
    ]);
    // The e-mail matches from its beginning only; the name anywhere.
    expect(await names(session, '?q=example.test')).toEqual([]);
    expect(await names(session, `?q=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await names(session, `?q=${encodeURIComponent('a_na')}`)).toEqual([]);
  });

  it('filters by tier, verified and sign-up date, newest first, page by page', async () => {
    const { session, member: me } = await admin();
    const old = await createMember(t.app, { tier: 3, verified: true, name: 'Old Three' });
    const mid = await createMember(t.app, { tier: 3, verified: false, name: 'Mid Three' });
    const two = await createMember(t.app, { tier: 2, verified: true, name: 'New Two' });
    const day = (d: string) => new Date(`${d}T12:00:00Z`);
    for (const [m, d] of [
      [old, '2026-01-10'],
      [mid, '2026-02-10'],
      [two, '2026-03-10'],
      [me, '2026-04-10'],
    ] as const)
      await t.app.ctx.db
        .update(users)
        .set({ createdAt: day(d) })
        .where(eq(users.id, m.id));

    expect(await names(session, '?tier=3')).toEqual(['Mid Three', 'Old Three']);
    expect(await names(session, '?tier=3&verified=true')).toEqual(['Old Three']);
    expect(await names(session, '?verified=false&tier=3')).toEqual(['Mid Three']);
    expect(await names(session, '?joined_from=2026-02-10&joined_to=2026-03-10')).toEqual([
      'Mid Three',
      'New Two',
    ]);

    const first = adminMembersPageSchema.parse((await list(session, '?limit=3')).json());
    expect(first.items.map((m) => m.name)).toEqual(['Ada Admin', 'New Two', 'Mid Three']);
    expect(first.next_cursor).not.toBeNull();
    const second = adminMembersPageSchema.parse(
      (await list(session, `?limit=3&cursor=${first.next_cursor}`)).json(),
    );
    expect(second).toEqual({ items: [expect.objectContaining({ name: 'Old Three' })], next_cursor: null });

    for (const query of ['?tier=5', '?verified=yes', '?joined_from=yesterday', '?cursor=nonsense'])
      expect((await list(session, query)).statusCode, query).toBe(400);
  });
  it('filters by suspended now: a suspension that ran out counts as none, a ban as one', async () => {
    const { session } = await admin();
    const db = t.app.ctx.db;
    const suspend = async (name: string, until: Date | 'infinity') => {
      const member = await createMember(t.app, { name });
      await db
        .update(profiles)
        .set({ suspendedUntil: until === 'infinity' ? sql`'infinity'::timestamptz` : until })
        .where(eq(profiles.userId, member.id));
    };
    await suspend('Suspended Sue', new Date(Date.now() + 86_400_000));
    await suspend('Banned Ben', 'infinity');
    await suspend('Lapsed Lou', new Date(Date.now() - 60_000));
    await createMember(t.app, { name: 'Clean Cleo' });

    expect(await names(session, '?suspended=true')).toEqual(['Banned Ben', 'Suspended Sue']);
    expect(await names(session, '?suspended=false')).toEqual(['Ada Admin', 'Clean Cleo', 'Lapsed Lou']);
    const rows = adminMembersPageSchema.parse((await list(session)).json()).items;
    expect(Object.fromEntries(rows.map((m) => [m.name, m.suspended]))).toEqual({
      'Ada Admin': false,
      'Banned Ben': true,
      'Suspended Sue': true,
      'Lapsed Lou': false,
      'Clean Cleo': false,
    });
    expect((await list(session, '?suspended=maybe')).statusCode).toBe(400);
  });
});

describe("a member's detail", () => {
  it("shows their e-mail, tier, wallet balance, counts, reports against them and sessions, and nobody else's", async () => {
    const { session } = await admin();
    const member = await createMember(t.app, { tier: 2, verified: true, name: 'Vera' });
    const other = await createMember(t.app, { tier: 4, name: 'Other' });
    const reporter = await createMember(t.app);
    await signInAs(t.app, member);
    await signInAs(t.app, other);
    const db = t.app.ctx.db;
    await db.update(profiles).set({ viewCount: 7, likeCount: 3 }).where(eq(profiles.userId, member.id));
    const [wallet] = await db
      .select({ cents: escrowWallets.currentBalanceCents })
      .from(escrowWallets)
      .where(eq(escrowWallets.userId, member.id));
    await db.insert(reports).values([
      { reporterId: reporter.id, reportedId: member.id, reason: 'harassment' },
      { reporterId: other.id, reportedId: member.id, reason: 'fake_profile', status: 'dismissed' },
      { reporterId: member.id, reportedId: other.id, reason: 'fake_profile' },
    ]);

    const res = await request(t.app, 'GET', `/api/admin/members/${member.id}`, { session });
    expect(res.statusCode, res.body).toBe(200);
    const detail = adminMemberDetailSchema.parse(res.json());
    expect(detail).toMatchObject({
      id: member.id,
      name: 'Vera',
      email: member.email,
      tier_level: 2,
      verified: true,
      view_count: 7,
      like_count: 3,
      wallet_balance_cents: wallet ? wallet.cents : null,
      reports_against: { total: 2, by_status: { open: 1, reviewing: 0, resolved: 0, dismissed: 1 } },
    });
    expect(detail.sessions).toHaveLength(1);
    expect(detail.sessions[0]).toMatchObject({ device: 'Unknown device', second_factor_confirmed: true });
    expect(JSON.stringify(detail)).not.toContain(other.email);
    expect(JSON.stringify(detail)).not.toContain(other.id);

    const missing = await request(t.app, 'GET', '/api/admin/members/00000000-0000-4000-8000-000000000000', {
      session,
    });
    expect(missing.statusCode).toBe(404);
  });
});

/** A socket as a browser tab of ours opens it, collecting what arrives. */
async function connect(session: Session) {
  const frames: SocketFrame[] = [];
  const socket = await t.app.injectWS(
    '/api/realtime',
    { headers: { host: 'localhost', cookie: session.cookie, origin: TEST_ORIGIN } } as never,
    {
      onInit: (ws) =>
        ws.on('message', (data) => frames.push(socketFrameSchema.parse(JSON.parse(data.toString())))),
    },
  );
  open.push(socket);
  return {
    async next(test: (frame: SocketFrame) => boolean, ms = 3000): Promise<SocketFrame> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = frames.find(test);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching frame; got ${JSON.stringify(frames)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

const auditOf = (memberId: string, action: string) =>
  t.app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, memberId), eq(auditLog.action, action)));

describe('the tier dropdown and the verify toggle', () => {
  it('change the member at once, in their open tab too, each with an audit row from the admin’s address', async () => {
    const { session: adminSession, member: ada } = await admin();
    const { member, session } = await signedInMember(t.app, { tier: 1, verified: false });
    // The member's actor is cached by their first request; the change must not wait for it to lapse.
    expect((await request(t.app, 'GET', '/api/me', { session })).json().tier_level).toBe(1);
    const tab = await connect(session);

    const res = await patch(adminSession, member.id, { tier_level: 3 }, { 'x-forwarded-for': '203.0.113.9' });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminMemberDetailSchema.parse(res.json())).toMatchObject({
      tier_level: 3,
      tier_subscription_active: true,
    });
    const event = await tab.next((f) => f.type === 'account.updated');
    expect(event).toMatchObject({ type: 'account.updated', payload: { fields: ['tier_level'] } });
    expect((event as { id?: string }).id, 'delivered through the outbox').toEqual(expect.any(String));
    const me = (await request(t.app, 'GET', '/api/me', { session })).json();
    expect(me).toMatchObject({ tier_level: 3, tier_subscription_active: true });

    const [tierRow, ...more] = await auditOf(member.id, 'member_tier_change');
    expect(more).toEqual([]);
    expect(tierRow).toMatchObject({
      actorId: ada.id,
      targetType: 'user',
      ip: '127.0.0.1',
      data: {
        reason_code: 'admin_set',
        before: { tier_level: 1, tier_subscription_active: true },
        after: { tier_level: 3, tier_subscription_active: true },
      },
    });

    const verified = await patch(adminSession, member.id, { verified: true });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().verified).toBe(true);
    await tab.next((f) => f.type === 'account.updated' && f.payload.fields.includes('verified'));
    expect((await request(t.app, 'GET', '/api/me', { session })).json().verified).toBe(true);
    expect(await auditOf(member.id, 'member_verified_change')).toEqual([
      expect.objectContaining({
        actorId: ada.id,
        ip: '127.0.0.1',
        data: { reason_code: 'admin_set', before: { verified: false }, after: { verified: true } },
      }),
    ]);

    // The same value again changes nothing and records nothing; down to Tier 0 ends the plan.
    expect((await patch(adminSession, member.id, { verified: true, tier_level: 3 })).statusCode).toBe(200);
    expect(await auditOf(member.id, 'member_verified_change')).toHaveLength(1);
    expect(await auditOf(member.id, 'member_tier_change')).toHaveLength(1);
    const down = await patch(adminSession, member.id, { tier_level: 0, verified: false });
    expect(down.json()).toMatchObject({ tier_level: 0, tier_subscription_active: false, verified: false });
    expect(await auditOf(member.id, 'member_tier_change')).toHaveLength(2);
    expect(await auditOf(member.id, 'member_verified_change')).toHaveLength(2);
  });

  it('refuses bad input and an unknown member', async () => {
    const { session } = await admin();
    const member = await createMember(t.app);
    for (const body of [
      {},
      { tier_level: 5 },
      { tier_level: '3' },
      { verified: 'yes' },
      { tier_level: 2, name: 'x' },
    ])
      expect((await patch(session, member.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect(
      (await patch(session, '00000000-0000-4000-8000-000000000000', { verified: true })).statusCode,
    ).toBe(404);
  });
});

describe('who may use the Users tab', () => {
  it('admins with a second factor confirmed in this session only', async () => {
    const target = await createMember(t.app);
    const calls = (session: Session | null) => [
      list(session),
      request(t.app, 'GET', `/api/admin/members/${target.id}`, { session }),
      patch(session, target.id, { tier_level: 4 }),
    ];
    const expectAll = async (session: Session | null, status: number, code: string, message?: string) => {
      for (const res of await Promise.all(calls(session))) {
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().error.code).toBe(code);
        if (message) expect(res.json().error.message).toBe(message);
      }
    };
    await expectAll(null, 401, 'UNAUTHENTICATED');
    for (const tier of [0, 1, 2, 3, 4] as const)
      await expectAll((await signedInMember(t.app, { tier })).session, 403, 'FORBIDDEN');
    await expectAll((await signedInMember(t.app, { roles: ['user', 'promoter'] })).session, 403, 'FORBIDDEN');

    const enrolled = await createMember(t.app, { roles: ['user', 'admin'] });
    const unconfirmed = await signInAs(t.app, enrolled, undefined, { secondFactor: false });
    await expectAll(unconfirmed, 403, 'SECOND_FACTOR_UNCONFIRMED', SECOND_FACTOR_UNCONFIRMED_TEXT);
    const bare = await createMember(t.app, { roles: ['user', 'admin'], secondFactor: false });
    await expectAll(await signInAs(t.app, bare), 403, 'SECOND_FACTOR_REQUIRED', SECOND_FACTOR_REQUIRED_TEXT);

    expect(await auditOf(target.id, 'member_tier_change')).toEqual([]);
    const [row] = await t.app.ctx.db.select().from(profiles).where(eq(profiles.userId, target.id));
    expect(row?.tierLevel).toBe(1);
  });
});
