import { randomUUID } from 'node:crypto';
import { AUDIT_ACTIONS, type AuditEntry, auditPageSchema } from '@royal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { createMember, signedInMember, type TestMember } from '../../../test/factories';
import { auditLog, photos, reports, supportRequests, verificationRequests, waitlist } from '../../db/schema';

// Every admin decision of the queues and moderation writes its audit row in the decision's own
// transaction: who, what, on whom (named in the admins' list), before → after, why and from where.
// Items are written straight into their tables: these tests are about the decisions, not the filing.
const t = useTestApp({}, { isolation: 'test' });
const db = () => t.app.ctx.db;
const ADDRESS = '127.0.0.1';

const post = (session: Session, url: string, body?: object) =>
  request(t.app, 'POST', url, { session, ...(body ? { body } : {}) });

async function auditOf(session: Session, targetId: string): Promise<AuditEntry[]> {
  const res = await request(t.app, 'GET', `/api/admin/audit?target_id=${targetId}`, { session });
  expect(res.statusCode, res.body).toBe(200);
  return auditPageSchema.parse(res.json()).items;
}

async function newSupportRequest(member: TestMember) {
  const [row] = await db()
    .insert(supportRequests)
    .values({ userId: member.id, topic: 'wallet', message: 'My deposit has not arrived.' })
    .returning({ id: supportRequests.id });
  return row?.id as string;
}
async function newApplication(email: string) {
  const [row] = await db()
    .insert(waitlist)
    .values({ fullName: 'Amara Okafor', email, city: 'Miami, FL', reason: 'Discreet and serious.' })
    .returning({ id: waitlist.id });
  return row?.id as string;
}
async function newPhoto(owner: TestMember, appealed = false) {
  const key = `test/${randomUUID()}`;
  const [row] = await db()
    .insert(photos)
    .values({
      userId: owner.id,
      position: 0,
      keyLarge: `${key}-l`,
      keySmall: `${key}-s`,
      keyBlur: `${key}-b`,
      width: 800,
      height: 1000,
      status: appealed ? 'rejected' : 'pending',
      rejectionReason: appealed ? 'Face not visible' : null,
      appealStatus: appealed ? 'submitted' : 'none',
      appealReason: appealed ? 'It is only me' : null,
      appealSubmittedAt: appealed ? new Date() : null,
    })
    .returning({ id: photos.id });
  return row?.id as string;
}

describe('audit rows of the admins’ decisions', () => {
  it('closing a support request: one row with the asker named, open → closed, the address; closing again records nothing', async () => {
    const { member: admin, session } = await signedInMember(t.app, {
      roles: ['user', 'admin'],
      name: 'Ada Admin',
    });
    const asker = await createMember(t.app, { name: 'Giulia' });
    const id = await newSupportRequest(asker);
    expect((await post(session, `/api/admin/support-requests/${id}/close`)).statusCode).toBe(200);
    expect((await post(session, `/api/admin/support-requests/${id}/close`)).statusCode).toBe(200);
    const rows = await auditOf(session, id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor: { id: admin.id, name: 'Ada Admin' },
      action: 'support_request.close',
      target: { type: 'support_request', id, name: 'Giulia' },
      before: 'open',
      after: 'closed',
      reason: 'admin_closed',
      ip: ADDRESS,
    });
    expect(rows[0]?.data).toMatchObject({ member_id: asker.id });
    // A refused close writes nothing.
    const missing = randomUUID();
    expect((await post(session, `/api/admin/support-requests/${missing}/close`)).statusCode).toBe(404);
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, missing))).toEqual([]);
  });

  it('approving and declining waitlist applications: the applicant named, pending → approved / rejected, the note as the reason', async () => {
    const { member: admin, session } = await signedInMember(t.app, { roles: ['user', 'admin'] });
    const approved = await newApplication('amara@example.test');
    const declined = await newApplication('bianca@example.test');
    expect((await post(session, `/api/admin/waitlist/${approved}/approve`)).statusCode).toBe(200);
    const decline = await post(session, `/api/admin/waitlist/${declined}/decline`, {
      note: '  Outside our cities for now.  ',
    });
    expect(decline.statusCode, decline.body).toBe(200);
    expect(await auditOf(session, approved)).toMatchObject([
      {
        actor: { id: admin.id },
        action: 'waitlist.approve',
        target: { type: 'waitlist_application', id: approved, name: 'Amara Okafor' },
        before: 'pending',
        after: 'approved',
        reason: 'admin_approved',
        ip: ADDRESS,
      },
    ]);
    const [row] = await auditOf(session, declined);
    expect(row).toMatchObject({
      action: 'waitlist.decline',
      before: 'pending',
      after: 'rejected',
      reason: 'Outside our cities for now.',
      ip: ADDRESS,
    });
    // The trail keeps no address of someone who may never become a member.
    expect(JSON.stringify(row?.data)).not.toContain('@example.test');
    // Deciding again is refused, and records nothing more.
    expect((await post(session, `/api/admin/waitlist/${approved}/decline`)).statusCode).toBe(409);
    expect(await auditOf(session, approved)).toHaveLength(1);
  });

  it('deciding a report: the reported member named, open → resolved, the note as the reason, the address', async () => {
    const { session } = await signedInMember(t.app, { roles: ['user', 'admin'] });
    const [reporter, reported] = [await createMember(t.app), await createMember(t.app, { name: 'Rex' })];
    const [report] = await db()
      .insert(reports)
      .values({ reporterId: reporter.id, reportedId: reported.id, reason: 'harassment' })
      .returning({ id: reports.id });
    const id = report?.id as string;
    const res = await post(session, `/api/admin/reports/${id}/decide`, {
      outcome: 'actioned',
      note: 'Warned.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await auditOf(session, id)).toMatchObject([
      {
        action: 'report.actioned',
        target: { type: 'report', id, name: 'Rex' },
        before: 'open',
        after: 'resolved',
        reason: 'Warned.',
        ip: ADDRESS,
      },
    ]);
  });

  it('photo decisions and appeal decisions: the owner named, before → after, the address', async () => {
    const { session } = await signedInMember(t.app, { roles: ['user', 'admin'] });
    const owner = await createMember(t.app, { name: 'Olivia' });
    const pending = await newPhoto(owner);
    const reject = await post(session, `/api/admin/photos/${pending}/decision`, {
      action: 'reject',
      rejection_reason: 'Group photo',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(await auditOf(session, pending)).toMatchObject([
      {
        action: 'photo.rejected',
        target: { type: 'photo', id: pending, name: 'Olivia' },
        before: 'pending',
        after: 'rejected',
        reason: 'Group photo',
        ip: ADDRESS,
      },
    ]);
    const appealed = await newPhoto(owner, true);
    const appeal = await post(session, `/api/admin/photo-appeals/${appealed}/decision`, {
      action: 'approve',
    });
    expect(appeal.statusCode, appeal.body).toBe(200);
    expect(await auditOf(session, appealed)).toMatchObject([
      {
        action: 'photo.appeal_approved',
        target: { name: 'Olivia' },
        before: 'submitted',
        after: 'approved',
        reason: 'appeal_upheld',
        ip: ADDRESS,
      },
    ]);
  });

  it('verification decisions: the member named, pending → approved / rejected with the reason, the address', async () => {
    const { session } = await signedInMember(t.app, { roles: ['user', 'admin'] });
    const [vera, walt] = [
      await createMember(t.app, { name: 'Vera' }),
      await createMember(t.app, { name: 'Walt' }),
    ];
    const requests = await db()
      .insert(verificationRequests)
      .values([
        { userId: vera.id, verificationType: 'selfie' as const, idType: 'passport' as const },
        { userId: walt.id, verificationType: 'id' as const, idType: 'state_id' as const },
      ])
      .returning({ id: verificationRequests.id });
    const [approved, rejected] = requests.map((row) => row.id) as [string, string];
    expect((await post(session, `/api/admin/verification-requests/${approved}/approve`)).statusCode).toBe(
      200,
    );
    const reject = await post(session, `/api/admin/verification-requests/${rejected}/reject`, {
      reason: 'Blurred',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(await auditOf(session, approved)).toMatchObject([
      {
        action: 'verification.approved',
        target: { type: 'verification_request', name: 'Vera' },
        before: 'pending',
        after: 'approved',
        ip: ADDRESS,
      },
    ]);
    expect(await auditOf(session, rejected)).toMatchObject([
      { action: 'verification.rejected', target: { name: 'Walt' }, after: 'rejected', reason: 'Blurred' },
    ]);
  });

  it('the member filter finds every row about a member: done to her, her photo, a report against her, her request', async () => {
    const { session } = await signedInMember(t.app, { roles: ['user', 'admin'] });
    const mia = await createMember(t.app, { name: 'Mia', tier: 1 });
    const other = await createMember(t.app, { name: 'Otto' });
    const ok = async (res: Promise<{ statusCode: number; body: string }>) =>
      expect((await res).statusCode, (await res).body).toBe(200);
    await ok(request(t.app, 'PATCH', `/api/admin/members/${mia.id}`, { session, body: { tier_level: 2 } }));
    await ok(post(session, `/api/admin/photos/${await newPhoto(mia)}/decision`, { action: 'approve' }));
    await ok(post(session, `/api/admin/photos/${await newPhoto(other)}/decision`, { action: 'approve' }));
    const [report] = await db()
      .insert(reports)
      .values({ reporterId: other.id, reportedId: mia.id, reason: 'harassment' })
      .returning({ id: reports.id });
    await ok(post(session, `/api/admin/reports/${report?.id}/decide`, { outcome: 'dismissed' }));
    await ok(post(session, `/api/admin/support-requests/${await newSupportRequest(mia)}/close`));

    const res = await request(t.app, 'GET', `/api/admin/audit?member_id=${mia.id}`, { session });
    expect(res.statusCode, res.body).toBe(200);
    const rows = auditPageSchema.parse(res.json()).items;
    expect(rows.map((e) => [e.action, e.target.type, e.target.name])).toEqual([
      ['support_request.close', 'support_request', 'Mia'],
      ['report.dismissed', 'report', 'Mia'],
      ['photo.approved', 'photo', 'Mia'],
      ['member_tier_change', 'user', 'Mia'],
    ]);
    expect((await request(t.app, 'GET', '/api/admin/audit?member_id=nope', { session })).statusCode).toBe(
      400,
    );
  });

  it('every action the writers record is one the Audit Log filter offers', async () => {
    const { session } = await signedInMember(t.app, { roles: ['user', 'admin'] });
    const id = await newApplication('carla@example.test');
    await post(session, `/api/admin/waitlist/${id}/approve`);
    const rows = await db().select({ action: auditLog.action }).from(auditLog);
    for (const { action } of rows) expect(AUDIT_ACTIONS).toContain(action);
    const filtered = await request(t.app, 'GET', '/api/admin/audit?action=waitlist.approve', { session });
    expect(auditPageSchema.parse(filtered.json()).items.map((e) => e.target.id)).toEqual([id]);
  });
});
