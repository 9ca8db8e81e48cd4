import { randomUUID } from 'node:crypto';
import {
  ADMIN_CLAIM_TTL_MS,
  ADMIN_QUEUES,
  type AdminQueue,
  adminClaimSchema,
  adminQueueCountsSchema,
  REPORT_REASONS,
  SUPPORT_TOPICS,
} from '@royal/shared';
import { and, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly } from '../../../test/admin-refusals';
import { request, type Session, useTestApp } from '../../../test/app';
import { createMember, signedInMember, signInAs, type TestMember } from '../../../test/factories';
import {
  adminClaims,
  auditLog,
  enforcementActions,
  outboxEmails,
  photos,
  reports,
  supportRequests,
  waitlist,
} from '../../db/schema';

// The admin queues (issue 37): counts per queue, claims that keep two admins off one item, and the
// refusal of a decision while another admin holds the item. Each test starts from an empty database,
// so the counts hold only what the test made.
const t = useTestApp({}, { isolation: 'test' });
const db = () => t.app.ctx.db;

const admin = async () => (await signedInMember(t.app, { roles: ['user', 'admin'] })).session;
const counts = (session: Session | null) => request(t.app, 'GET', '/api/admin/queues', { session });
const claim = (session: Session | null, queue: string, id: string) =>
  request(t.app, 'POST', `/api/admin/queues/${queue}/${id}/claim`, { session });
const release = (session: Session | null, queue: string, id: string) =>
  request(t.app, 'POST', `/api/admin/queues/${queue}/${id}/release`, { session });

let serial = 0;
const pick = <T>(list: readonly T[]) => list[serial++ % list.length] as T;

// Rows as the features write them, made directly: the queues read the tables, not the writers.
async function newReport(reporter: TestMember, reported: TestMember, status = 'open' as const) {
  const [row] = await db()
    .insert(reports)
    .values({ reporterId: reporter.id, reportedId: reported.id, reason: pick(REPORT_REASONS), status })
    .returning({ id: reports.id });
  return row?.id as string;
}
async function newSupportRequest(member: TestMember, status: 'open' | 'closed' = 'open') {
  const [row] = await db()
    .insert(supportRequests)
    .values({
      userId: member.id,
      topic: pick(SUPPORT_TOPICS),
      message: 'My deposit has not arrived.',
      status,
    })
    .returning({ id: supportRequests.id });
  return row?.id as string;
}
async function newApplication(status: 'pending' | 'approved' | 'rejected' = 'pending') {
  const [row] = await db()
    .insert(waitlist)
    .values({
      fullName: 'Amara Okafor',
      email: `applicant-${randomUUID().slice(0, 8)}@example.test`,
      city: 'Miami, FL',
      reason: 'Discreet and serious.',
      status,
    })
    .returning({ id: waitlist.id });
  return row?.id as string;
}
async function newPhoto(
  owner: TestMember,
  status: 'approved' | 'rejected' = 'rejected',
  appeal: 'none' | 'submitted' | 'rejected' = 'submitted',
) {
  const key = `test/${randomUUID()}`;
  const [row] = await db()
    .insert(photos)
    .values({
      userId: owner.id,
      position: serial++ % 6,
      keyLarge: `${key}-l`,
      keySmall: `${key}-s`,
      keyBlur: `${key}-b`,
      width: 800,
      height: 1000,
      status,
      rejectionReason: status === 'rejected' ? 'Face not visible' : null,
      appealStatus: appeal,
      appealReason: appeal === 'none' ? null : 'It is only me',
      appealSubmittedAt: appeal === 'none' ? null : new Date(),
    })
    .returning({ id: photos.id });
  return row?.id as string;
}

/** A suspension whose member appealed it (decided already when `decided`). */
async function newAppeal(member: TestMember, decided = false) {
  const [row] = await db()
    .insert(enforcementActions)
    .values({
      memberId: member.id,
      kind: 'suspend',
      reasonCode: 'spam',
      note: 'Links in every first message.',
      until: new Date(Date.now() + 86_400_000),
      appealText: 'Those were my own event pages.',
      appealedAt: new Date(),
      ...(decided ? { appealDecision: 'upheld' as const, decidedAt: new Date() } : {}),
    })
    .returning({ id: enforcementActions.id });
  return row?.id as string;
}

/** One waiting item of each queue, and the decide request for it. */
async function oneOfEach() {
  const [a, b] = await Promise.all([createMember(t.app), createMember(t.app)]);
  const items: Record<AdminQueue, string> = {
    reports: await newReport(a, b),
    'support-requests': await newSupportRequest(a),
    waitlist: await newApplication(),
    'photo-appeals': await newPhoto(a),
    'enforcement-appeals': await newAppeal(b),
  };
  return items;
}
const decide = (session: Session, queue: AdminQueue, id: string) => {
  switch (queue) {
    case 'reports':
      return request(t.app, 'POST', `/api/admin/reports/${id}/decide`, {
        session,
        body: { outcome: 'dismissed' },
      });
    case 'support-requests':
      return request(t.app, 'POST', `/api/admin/support-requests/${id}/close`, { session });
    case 'waitlist':
      return request(t.app, 'POST', `/api/admin/waitlist/${id}/decline`, { session });
    case 'photo-appeals':
      return request(t.app, 'POST', `/api/admin/photo-appeals/${id}/decision`, {
        session,
        body: { action: 'reject' },
      });
    case 'enforcement-appeals':
      return request(t.app, 'POST', `/api/admin/enforcement-appeals/${id}/decide`, {
        session,
        body: { outcome: 'upheld', note: 'The links were advertising.' },
      });
  }
};
const claimRows = (queue: AdminQueue, id: string) =>
  db()
    .select()
    .from(adminClaims)
    .where(and(eq(adminClaims.queue, queue), eq(adminClaims.itemId, id)));
const expireClaim = (queue: AdminQueue, id: string) =>
  db()
    .update(adminClaims)
    .set({ expiresAt: new Date(Date.now() - 1_000) })
    .where(and(eq(adminClaims.queue, queue), eq(adminClaims.itemId, id)));

const expectClaimedByOther = (res: { statusCode: number; json: () => { error: unknown } }) => {
  expect(res.statusCode).toBe(409);
  expect(res.json().error).toEqual({
    code: 'CLAIMED_BY_OTHER',
    message: 'Another admin is working on this item',
  });
};

describe('GET /api/admin/queues', () => {
  it('counts the waiting items of each queue as the database holds them, and the claimed ones', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(t.app)));
    const member = (i: number) => members[i % members.length] as TestMember;
    // Generated data: every status of every queue, in uneven numbers.
    const reportStatuses = ['open', 'reviewing', 'resolved', 'dismissed', 'open'] as const;
    const reportIds: string[] = [];
    for (let i = 0; i < 13; i++) {
      const status = reportStatuses[i % reportStatuses.length] ?? 'open';
      // One unsettled report per pair: walk distinct pairs.
      reportIds.push(await newReport(member(i), member(i + 1 + Math.floor(i / 6)), status as 'open'));
    }
    const supportIds: string[] = [];
    for (let i = 0; i < 9; i++)
      supportIds.push(await newSupportRequest(member(i), i % 3 === 0 ? 'closed' : 'open'));
    const waitlistIds: string[] = [];
    const applicationStatuses = ['pending', 'approved', 'rejected', 'pending'] as const;
    for (let i = 0; i < 7; i++) waitlistIds.push(await newApplication(applicationStatuses[i % 4]));
    const photoIds: string[] = [];
    for (let i = 0; i < 8; i++) {
      const [status, appeal] = (
        [
          ['rejected', 'submitted'],
          ['rejected', 'none'],
          ['rejected', 'rejected'],
          // An appeal left on a photo approved since: not waiting (moderation's rule).
          ['approved', 'submitted'],
          ['rejected', 'submitted'],
        ] as const
      )[i % 5] ?? ['rejected', 'submitted'];
      photoIds.push(await newPhoto(member(i), status, appeal));
    }
    // Appeals: two waiting, one decided (each member has one unlifted action at most).
    for (let i = 0; i < 3; i++) await newAppeal(member(i), i === 2);

    const [one, two] = [await admin(), await admin()];
    // Claims: live ones on waiting items count as claimed; an expired one does not.
    const waitingReport = (
      await db().select({ id: reports.id }).from(reports).where(eq(reports.status, 'open'))
    )[0]?.id as string;
    const waitingRequest = (
      await db()
        .select({ id: supportRequests.id })
        .from(supportRequests)
        .where(eq(supportRequests.status, 'open'))
    )[0]?.id as string;
    const pendingApps = await db()
      .select({ id: waitlist.id })
      .from(waitlist)
      .where(eq(waitlist.status, 'pending'));
    expect((await claim(one, 'reports', waitingReport)).statusCode).toBe(200);
    expect((await claim(two, 'support-requests', waitingRequest)).statusCode).toBe(200);
    for (const app of pendingApps) expect((await claim(one, 'waitlist', app.id)).statusCode).toBe(200);
    if (pendingApps[0]) await expireClaim('waitlist', pendingApps[0].id);

    // The figures taken directly from the database, with the rules written out here.
    const n = (rows: { n: number }[]) => rows[0]?.n ?? 0;
    const expected = {
      reports: n(
        await db()
          .select({ n: count() })
          .from(reports)
          .where(inArray(reports.status, ['open', 'reviewing'])),
      ),
      'support-requests': n(
        await db().select({ n: count() }).from(supportRequests).where(eq(supportRequests.status, 'open')),
      ),
      waitlist: n(await db().select({ n: count() }).from(waitlist).where(eq(waitlist.status, 'pending'))),
      'photo-appeals': n(
        await db()
          .select({ n: count() })
          .from(photos)
          .where(and(eq(photos.status, 'rejected'), eq(photos.appealStatus, 'submitted'))),
      ),
      'enforcement-appeals': n(
        await db()
          .select({ n: count() })
          .from(enforcementActions)
          .where(
            and(
              isNotNull(enforcementActions.appealedAt),
              isNull(enforcementActions.appealDecision),
              isNull(enforcementActions.liftedAt),
            ),
          ),
      ),
    };
    const res = await counts(one);
    expect(res.statusCode, res.body).toBe(200);
    const body = adminQueueCountsSchema.strict().parse(res.json());
    expect(body.queues.map((q) => q.queue)).toEqual([...ADMIN_QUEUES]);
    expect(Object.fromEntries(body.queues.map((q) => [q.queue, q.open]))).toEqual(expected);
    expect(expected).toEqual({
      reports: 8,
      'support-requests': 6,
      waitlist: 3,
      'photo-appeals': 3,
      'enforcement-appeals': 2,
    });
    expect(Object.fromEntries(body.queues.map((q) => [q.queue, q.claimed]))).toEqual({
      reports: 1,
      'support-requests': 1,
      waitlist: Math.max(0, pendingApps.length - 1),
      'photo-appeals': 0,
      'enforcement-appeals': 0,
    });
  });
});

describe('claims', () => {
  it('two admins racing for one item: exactly one gets it, the other is told without a name', async () => {
    const [a, b] = await Promise.all([createMember(t.app), createMember(t.app)]);
    const admins = await Promise.all(
      Array.from({ length: 2 }, () => createMember(t.app, { roles: ['user', 'admin'] })),
    );
    const sessions = await Promise.all(admins.map((m) => signInAs(t.app, m)));
    for (let round = 0; round < 8; round++) {
      const id = await newSupportRequest(round % 2 ? a : b);
      const replies = await Promise.all(sessions.map((s) => claim(s, 'support-requests', id)));
      const won = replies.filter((r) => r.statusCode === 200);
      const lost = replies.filter((r) => r.statusCode !== 200);
      expect(won, replies.map((r) => r.body).join('\n')).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expectClaimedByOther(lost[0] as (typeof replies)[number]);
      for (const m of admins) expect(lost[0]?.body).not.toContain(m.email);
      const rows = await claimRows('support-requests', id);
      expect(rows).toHaveLength(1);
      const winner = admins[replies.indexOf(won[0] as (typeof replies)[number])];
      expect(rows[0]?.adminId).toBe(winner?.id);
    }
  });

  it('a claim lasts 15 minutes, is renewed by its holder, released by its holder only, then open to others', async () => {
    const { reports: id } = await oneOfEach();
    const [one, two] = [await admin(), await admin()];
    const first = await claim(one, 'reports', id);
    expect(first.statusCode, first.body).toBe(200);
    const claimed = adminClaimSchema.strict().parse(first.json());
    expect(claimed).toMatchObject({ queue: 'reports', item_id: id });
    const ttl = Date.parse(claimed.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(ADMIN_CLAIM_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(ADMIN_CLAIM_TTL_MS + 1_000);

    expect((await claim(one, 'reports', id)).statusCode).toBe(200);
    expectClaimedByOther(await claim(two, 'reports', id));
    expectClaimedByOther(await release(two, 'reports', id));
    expect((await release(one, 'reports', id)).statusCode).toBe(204);
    expect(await claimRows('reports', id)).toEqual([]);
    // Releasing what nobody holds changes nothing.
    expect((await release(one, 'reports', id)).statusCode).toBe(204);
    expect((await claim(two, 'reports', id)).statusCode).toBe(200);
  });

  it('an expired claim no longer holds: another admin may claim the item, or decide it', async () => {
    const items = await oneOfEach();
    const [one, two] = [await admin(), await admin()];
    for (const queue of ADMIN_QUEUES) {
      expect((await claim(one, queue, items[queue])).statusCode).toBe(200);
      await expireClaim(queue, items[queue]);
    }
    expect((await claim(two, 'reports', items.reports)).statusCode).toBe(200);
    expectClaimedByOther(await claim(one, 'reports', items.reports));
    for (const queue of ['support-requests', 'waitlist', 'photo-appeals', 'enforcement-appeals'] as const) {
      const res = await decide(two, queue, items[queue]);
      expect(res.statusCode, `${queue}: ${res.body}`).toBe(200);
      expect(await claimRows(queue, items[queue])).toEqual([]);
    }
  });

  it('refuses a claim on an unknown item (404), a decided one (409) and an unknown queue (400)', async () => {
    const one = await admin();
    const [a, b] = await Promise.all([createMember(t.app), createMember(t.app)]);
    const missing = randomUUID();
    for (const queue of ADMIN_QUEUES) expect((await claim(one, queue, missing)).statusCode).toBe(404);
    const decided = {
      reports: await newReport(a, b, 'dismissed' as 'open'),
      'support-requests': await newSupportRequest(a, 'closed'),
      waitlist: await newApplication('approved'),
      'photo-appeals': await newPhoto(a, 'rejected', 'rejected'),
      'enforcement-appeals': await newAppeal(a, true),
    };
    for (const queue of ADMIN_QUEUES) {
      const res = await claim(one, queue, decided[queue]);
      expect(res.statusCode, queue).toBe(409);
      expect(res.json().error.code).toBe('CONFLICT');
    }
    expect((await claim(one, 'verifications', missing)).statusCode).toBe(400);
    expect((await claim(one, 'reports', 'not-an-id')).statusCode).toBe(400);
  });
});

describe('deciding a claimed item', () => {
  it('is refused to every other admin in every queue, leaves the item waiting, and is the holder’s to decide', async () => {
    const items = await oneOfEach();
    const [holder, other] = [await admin(), await admin()];
    for (const queue of ADMIN_QUEUES) expect((await claim(holder, queue, items[queue])).statusCode).toBe(200);
    for (const queue of ADMIN_QUEUES) expectClaimedByOther(await decide(other, queue, items[queue]));
    // Nothing changed: every item still waits, every claim still holds.
    const after = adminQueueCountsSchema.parse((await counts(other)).json());
    expect(after.queues.every((q) => q.open === 1 && q.claimed === 1)).toBe(true);
    // The holder decides; the decision releases the claim.
    for (const queue of ADMIN_QUEUES) {
      const res = await decide(holder, queue, items[queue]);
      expect(res.statusCode, `${queue}: ${res.body}`).toBe(200);
      expect(await claimRows(queue, items[queue])).toEqual([]);
    }
    const done = adminQueueCountsSchema.parse((await counts(other)).json());
    expect(done.queues.every((q) => q.open === 0 && q.claimed === 0)).toBe(true);
  });

  it('an unclaimed item may be decided by any admin', async () => {
    const items = await oneOfEach();
    const one = await admin();
    for (const queue of ADMIN_QUEUES) expect((await decide(one, queue, items[queue])).statusCode).toBe(200);
  });

  it('a decision that fails keeps the holder’s claim (rolled back with it)', async () => {
    const one = await admin();
    const id = await newApplication();
    expect((await claim(one, 'waitlist', id)).statusCode).toBe(200);
    // Decided behind the queue's back: the holder's decision now fails as already decided.
    await db().update(waitlist).set({ status: 'approved' }).where(eq(waitlist.id, id));
    expect((await decide(one, 'waitlist', id)).statusCode).toBe(409);
    expect(await claimRows('waitlist', id)).toHaveLength(1);
  });
});

describe('POST /api/admin/reports/:id/decide', () => {
  it('actions or dismisses an open report with an audit row in the same transaction; only once', async () => {
    const [reporter, reported, other] = await Promise.all([
      createMember(t.app),
      createMember(t.app),
      createMember(t.app),
    ]);
    const actioned = await newReport(reporter, reported);
    const dismissed = await newReport(other, reported, 'reviewing' as 'open');
    const adminMember = await createMember(t.app, { roles: ['user', 'admin'] });
    const session = await signInAs(t.app, adminMember);
    const url = (id: string) => `/api/admin/reports/${id}/decide`;

    const res = await request(t.app, 'POST', url(actioned), {
      session,
      body: { outcome: 'actioned', note: '  Warned and suspended for a week.  ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: actioned, status: 'resolved', outcome: 'actioned' });
    const dismiss = await request(t.app, 'POST', url(dismissed), { session, body: { outcome: 'dismissed' } });
    expect(dismiss.json()).toMatchObject({ id: dismissed, status: 'dismissed', outcome: 'dismissed' });

    const rows = await db()
      .select()
      .from(reports)
      .where(inArray(reports.id, [actioned, dismissed]));
    for (const row of rows) {
      expect(row.resolvedBy).toBe(adminMember.id);
      expect(row.resolvedAt).toBeInstanceOf(Date);
    }
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetType, 'report'));
    expect(audit.map((row) => [row.action, row.targetId, row.actorId]).sort()).toEqual(
      [
        ['report.actioned', actioned, adminMember.id],
        ['report.dismissed', dismissed, adminMember.id],
      ].sort(),
    );
    expect(audit.find((row) => row.targetId === actioned)?.data).toEqual({
      reason_code: 'report_actioned',
      reported_id: reported.id,
      before: 'open',
      after: 'resolved',
      note: 'Warned and suspended for a week.',
    });
    expect(audit.find((row) => row.targetId === dismissed)?.data).toMatchObject({ before: 'reviewing' });

    const again = await request(t.app, 'POST', url(actioned), { session, body: { outcome: 'dismissed' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONFLICT');
    expect(
      (await request(t.app, 'POST', url(randomUUID()), { session, body: { outcome: 'actioned' } }))
        .statusCode,
    ).toBe(404);
    const bad = await request(t.app, 'POST', url(actioned), { session, body: { outcome: 'banned' } });
    expect(bad.statusCode).toBe(400);
    expect(await db().select().from(auditLog).where(eq(auditLog.targetType, 'report'))).toHaveLength(2);
  });

  it('writes no audit row when refused for another admin’s claim', async () => {
    const { reports: id } = await oneOfEach();
    const [holder, other] = [await admin(), await admin()];
    expect((await claim(holder, 'reports', id)).statusCode).toBe(200);
    expectClaimedByOther(await decide(other, 'reports', id));
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, id))).toEqual([]);
    expect((await db().select().from(reports).where(eq(reports.id, id)))[0]?.status).toBe('open');
  });
});

describe('declining a waitlist application with a note', () => {
  it('keeps the trimmed note on the application for the team, sends no e-mail, and allows none', async () => {
    const session = await admin();
    const [withNote, without] = [await newApplication(), await newApplication()];
    const url = (id: string) => `/api/admin/waitlist/${id}/decline`;
    const res = await request(t.app, 'POST', url(withNote), {
      session,
      body: { note: '  Not in a launch city yet.  ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', decline_note: 'Not in a launch city yet.' });
    const bare = await request(t.app, 'POST', url(without), { session });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().decline_note).toBeNull();
    const rows = await db()
      .select()
      .from(waitlist)
      .where(inArray(waitlist.id, [withNote, without]));
    expect(rows.map((row) => row.declineNote).sort()).toEqual(['Not in a launch city yet.', null]);
    expect(await db().select().from(outboxEmails)).toEqual([]);
    const long = await newApplication();
    const tooLong = await request(t.app, 'POST', url(long), { session, body: { note: 'x'.repeat(501) } });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('GET /api/admin/reports/:id/history', () => {
  it('shows the reported member’s other reports, newest first, with their outcomes', async () => {
    const [reported, x, y, z, bystander] = await Promise.all(
      Array.from({ length: 5 }, () => createMember(t.app, { name: 'Dana' })),
    );
    if (!reported || !x || !y || !z || !bystander) throw new Error('members');
    const older = await newReport(x, reported, 'dismissed' as 'open');
    const middle = await newReport(y, reported, 'resolved' as 'open');
    const current = await newReport(z, reported);
    await newReport(x, bystander);
    const hour = 3_600_000;
    for (const [id, ago] of [
      [older, 3],
      [middle, 2],
      [current, 1],
    ] as const) {
      await db()
        .update(reports)
        .set({ createdAt: new Date(Date.now() - ago * hour) })
        .where(eq(reports.id, id));
    }
    const session = await admin();
    const res = await request(t.app, 'GET', `/api/admin/reports/${current}/history`, { session });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.reported).toEqual({ id: reported.id, name: 'Dana' });
    expect(body.earlier.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [middle, 'resolved'],
      [older, 'dismissed'],
    ]);
    expect(JSON.stringify(body)).not.toContain(x.id);
    expect(
      (await request(t.app, 'GET', `/api/admin/reports/${randomUUID()}/history`, { session })).statusCode,
    ).toBe(404);
  });
});

describe('who may use the queues', () => {
  it('refuses the signed out, members of every tier, promoters and admins without a confirmed second factor', async () => {
    const id = randomUUID();
    const decision = { outcome: 'dismissed' };
    await expectAdminOnly(t.app, [
      ['GET', '/api/admin/queues'],
      ['POST', `/api/admin/queues/reports/${id}/claim`, decision],
      ['POST', `/api/admin/queues/reports/${id}/release`, decision],
      ['POST', `/api/admin/reports/${id}/decide`, decision],
      ['GET', `/api/admin/reports/${id}/history`],
    ]);
  });
});
