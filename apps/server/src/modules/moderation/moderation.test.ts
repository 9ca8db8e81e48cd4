import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { plainJpeg } from '../../../test/image-corpus';
import { uploadAs } from '../../../test/uploads';
import { auditLog, photos } from '../../db/schema';
import type { PhotoClassifier } from './classifier';
import { moderatePendingPhotos } from './job';

/**
 * A classifier whose answer the test sets: the job's decisions are what is under test here.
 * `whileScoring` runs inside the (slow, in real life) scoring step, so a test can place an admin's
 * decision exactly between the job's read of a photo and its write.
 */
const scripted: { score: number | Error; calls: number; whileScoring?: () => Promise<void> } = {
  score: 0.97,
  calls: 0,
};
const scriptedClassifier: PhotoClassifier = {
  name: 'scripted',
  async safeProbability() {
    scripted.calls += 1;
    await scripted.whileScoring?.();
    if (scripted.score instanceof Error) throw scripted.score;
    return scripted.score;
  },
};

const t = useTestApp({}, { isolation: 'test', build: { classifier: scriptedClassifier } });

afterEach(() => {
  scripted.calls = 0;
  scripted.whileScoring = undefined;
});

async function uploaded() {
  const owner = await signedInMember(t.app, { tier: 1 });
  const res = await uploadAs(t.app, owner.session, await plainJpeg(300, 300));
  expect(res.statusCode).toBe(201);
  return { ...owner, photoId: res.json().id as string };
}

const photoRow = async (id: string) => (await t.app.ctx.db.select().from(photos).where(eq(photos.id, id)))[0];
const auditOf = (id: string) => t.app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, id));
const signedInAdmin = () => signedInMember(t.app, { tier: 0, roles: ['user', 'admin'] });

/** POST /api/admin/photos/:id/decision as `admin`. */
const decide = (
  admin: Session,
  photoId: string,
  body: { action: 'approve' | 'reject'; rejection_reason?: string },
) => request(t.app, 'POST', `/api/admin/photos/${photoId}/decision`, { session: admin, body });
const appeal = (owner: Session, photoId: string, reason: string) =>
  request(t.app, 'POST', `/api/me/photos/${photoId}/appeal`, { session: owner, body: { reason } });
const appealQueue = async (admin: Session): Promise<string[]> =>
  (await request(t.app, 'GET', '/api/admin/photo-appeals', { session: admin }))
    .json()
    .items.map((i: { id: string }) => i.id);

describe('the moderation job', () => {
  it('approves a confidently safe photo at once, stores the score and audits the reason', async () => {
    scripted.score = 0.97;
    const { photoId } = await uploaded();
    const run = await moderatePendingPhotos(t.app.ctx);
    expect(run).toEqual({ scored: 1, approved: 1, held: 0, failed: 0 });
    const row = await photoRow(photoId);
    expect(row).toMatchObject({ status: 'approved', moderatedBy: null });
    expect(row?.aiConfidenceScore).toBeCloseTo(0.97, 5);
    expect(row?.aiCheckedAt).toBeInstanceOf(Date);
    const audit = await auditOf(photoId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'photo.approved', actorId: null });
    expect(audit[0]?.data).toMatchObject({ reason_code: 'ai_confident_safe', classifier: 'scripted' });
    // Nothing left to do: a second run scores nothing again.
    expect(await moderatePendingPhotos(t.app.ctx)).toEqual({ scored: 0, approved: 0, held: 0, failed: 0 });
  });

  it('holds an uncertain photo for an admin, invisible to other members meanwhile', async () => {
    scripted.score = 0.42;
    const { photoId } = await uploaded();
    const viewer = await signedInMember(t.app, { tier: 4 });
    expect(await moderatePendingPhotos(t.app.ctx)).toMatchObject({ held: 1 });
    const row = await photoRow(photoId);
    expect(row).toMatchObject({ status: 'pending' });
    expect(row?.aiConfidenceScore).toBeCloseTo(0.42, 5);
    expect((await auditOf(photoId))[0]?.data).toMatchObject({ reason_code: 'ai_not_confident' });
    const seen = await request(t.app, 'GET', `/api/photos/${photoId}?size=blur`, { session: viewer.session });
    expect(seen.statusCode).toBe(404);
  });

  it('holds a photo the classifier fails on, with no score', async () => {
    scripted.score = new Error('model exploded');
    const { photoId } = await uploaded();
    expect(await moderatePendingPhotos(t.app.ctx)).toMatchObject({ failed: 1, approved: 0 });
    expect(await photoRow(photoId)).toMatchObject({ status: 'pending', aiConfidenceScore: null });
    expect((await auditOf(photoId))[0]?.data).toMatchObject({ reason_code: 'ai_failed' });
  });

  it('never overrides an admin who rejects the photo while the job is scoring it', async () => {
    scripted.score = 0.97;
    const admin = await signedInAdmin();
    const { photoId } = await uploaded();
    const viewer = await signedInMember(t.app, { tier: 4 });
    scripted.whileScoring = async () => {
      const res = await decide(admin.session, photoId, { action: 'reject', rejection_reason: 'Not you' });
      expect(res.statusCode).toBe(200);
    };
    expect(await moderatePendingPhotos(t.app.ctx)).toMatchObject({ approved: 0 });
    expect(await photoRow(photoId)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Not you',
      moderatedBy: admin.member.id,
    });
    const seen = await request(t.app, 'GET', `/api/photos/${photoId}`, { session: viewer.session });
    expect(seen.statusCode).toBe(404);
    expect((await auditOf(photoId)).map((a) => a.action)).toEqual(['photo.rejected']);
    // A decided photo is no longer the job's work: later runs do not score it again and again.
    scripted.whileScoring = undefined;
    const calls = scripted.calls;
    await moderatePendingPhotos(t.app.ctx);
    expect(scripted.calls).toBe(calls);
  });
});

describe('the admin Photo Moderation routes', () => {
  it('are for admins only: members, promoters and the signed-out are refused', async () => {
    const { photoId } = await uploaded();
    const member = await signedInMember(t.app, { tier: 4 });
    const promoter = await signedInMember(t.app, { tier: 1, roles: ['user', 'promoter'] });
    const calls: Array<['GET' | 'POST', string, unknown]> = [
      ['GET', '/api/admin/photos?status=pending', undefined],
      ['POST', `/api/admin/photos/${photoId}/decision`, { action: 'approve' }],
      ['GET', '/api/admin/photo-appeals', undefined],
      ['POST', `/api/admin/photo-appeals/${photoId}/decision`, { action: 'approve' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await request(t.app, method, url, { body })).statusCode, url).toBe(401);
      for (const session of [member.session, promoter.session]) {
        const res = await request(t.app, method, url, { session, body });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: 'Admins only' });
      }
    }
    expect(await photoRow(photoId)).toMatchObject({ status: 'pending', appealStatus: 'none' });
  });

  it('lists a tab newest first with the member and the AI score, and pages with a cursor', async () => {
    scripted.score = 0.5;
    const admin = await signedInMember(t.app, { tier: 0, roles: ['user', 'admin'] });
    const first = await uploaded();
    const second = await uploaded();
    await moderatePendingPhotos(t.app.ctx);
    const res = await request(t.app, 'GET', '/api/admin/photos?status=pending', { session: admin.session });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.items.map((i: { id: string }) => i.id)).toEqual([second.photoId, first.photoId]);
    expect(page.items[0]).toMatchObject({
      status: 'pending',
      ai_confidence_score: 0.5,
      member: { id: second.member.id, name: second.member.name, tier_level: 1 },
    });
    expect(page.items[0].member).not.toHaveProperty('email');
    const approved = await request(t.app, 'GET', '/api/admin/photos?status=approved', {
      session: admin.session,
    });
    expect(approved.json().items).toEqual([]);
    const bad = await request(t.app, 'GET', '/api/admin/photos?status=pending&cursor=nonsense', {
      session: admin.session,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('pages through more than a page without repeats', async () => {
    scripted.score = 0.5;
    const admin = await signedInMember(t.app, { tier: 0, roles: ['user', 'admin'] });
    const owner = await signedInMember(t.app);
    const jpeg = await plainJpeg(120, 120);
    for (let i = 0; i < 5; i++) await uploadAs(t.app, owner.session, jpeg);
    const others = await signedInMember(t.app);
    for (let i = 0; i < 5; i++) await uploadAs(t.app, others.session, jpeg);
    // Make the queue longer than a page by copying rows (the keys may repeat: only the list is read).
    const rows = await t.app.ctx.db.select().from(photos);
    for (let i = 0; i < 3; i++) {
      const extra = await signedInMember(t.app);
      await t.app.ctx.db.insert(photos).values(
        rows.slice(0, 6).map(({ id: _id, createdAt: _c, ...r }, position) => ({
          ...r,
          userId: extra.member.id,
          position,
        })),
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/photos?status=pending${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await request(t.app, 'GET', url, { session: admin.session })).json();
      seen.push(...page.items.map((i: { id: string }) => i.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(28);
    expect(new Set(seen).size).toBe(28);
  });

  it('approves, and rejects only with a reason; each decision is audited with the admin', async () => {
    const admin = await signedInMember(t.app, { tier: 0, roles: ['user', 'admin'] });
    const { photoId, session: ownerSession } = await uploaded();
    const viewer = await signedInMember(t.app, { tier: 4 });
    const url = `/api/admin/photos/${photoId}/decision`;
    for (const body of [{ action: 'reject' }, { action: 'reject', rejection_reason: '  ' }]) {
      const res = await request(t.app, 'POST', url, { session: admin.session, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Please provide a rejection reason');
    }
    const approve = await request(t.app, 'POST', url, {
      session: admin.session,
      body: { action: 'approve' },
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ status: 'approved', rejection_reason: null });
    expect(
      (await request(t.app, 'GET', `/api/photos/${photoId}`, { session: viewer.session })).statusCode,
    ).toBe(200);

    const reject = await request(t.app, 'POST', url, {
      session: admin.session,
      body: { action: 'reject', rejection_reason: 'Face not visible' },
    });
    expect(reject.json()).toMatchObject({ status: 'rejected', rejection_reason: 'Face not visible' });
    // Rejected: gone for others, still listed for its owner with the reason.
    expect(
      (await request(t.app, 'GET', `/api/photos/${photoId}`, { session: viewer.session })).statusCode,
    ).toBe(404);
    const mine = (await request(t.app, 'GET', '/api/me/photos', { session: ownerSession })).json().photos;
    expect(mine[0]).toMatchObject({ id: photoId, status: 'rejected', rejection_reason: 'Face not visible' });

    const audit = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, photoId), eq(auditLog.actorId, admin.member.id)));
    expect(audit.map((a) => [a.action, (a.data as { reason_code: string }).reason_code])).toEqual([
      ['photo.approved', 'admin_approved'],
      ['photo.rejected', 'admin_rejected'],
    ]);
    const unknown = await request(t.app, 'POST', `/api/admin/photos/${crypto.randomUUID()}/decision`, {
      session: admin.session,
      body: { action: 'approve' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('decides appeals: approved restores the photo, rejected keeps it rejected; only once', async () => {
    const admin = await signedInMember(t.app, { tier: 0, roles: ['user', 'admin'] });
    const results: Record<string, string> = {};
    for (const action of ['approve', 'reject'] as const) {
      const { photoId, session } = await uploaded();
      await request(t.app, 'POST', `/api/admin/photos/${photoId}/decision`, {
        session: admin.session,
        body: { action: 'reject', rejection_reason: 'Group photo' },
      });
      const url = `/api/admin/photo-appeals/${photoId}/decision`;
      const tooEarly = await request(t.app, 'POST', url, { session: admin.session, body: { action } });
      expect(tooEarly.statusCode).toBe(409);
      await request(t.app, 'POST', `/api/me/photos/${photoId}/appeal`, {
        session,
        body: { reason: 'It is only me' },
      });
      const queue = (
        await request(t.app, 'GET', '/api/admin/photo-appeals', { session: admin.session })
      ).json();
      expect(queue.items.map((i: { id: string }) => i.id)).toContain(photoId);
      const decided = await request(t.app, 'POST', url, { session: admin.session, body: { action } });
      expect(decided.statusCode).toBe(200);
      results[action] = `${decided.json().status}/${decided.json().appeal_status}`;
      const again = await request(t.app, 'POST', url, { session: admin.session, body: { action } });
      expect(again.statusCode).toBe(409);
      const reasons = (await auditOf(photoId)).map((a) => (a.data as { reason_code: string }).reason_code);
      expect(reasons).toContain(action === 'approve' ? 'appeal_upheld' : 'appeal_denied');
    }
    expect(results).toEqual({ approve: 'approved/approved', reject: 'rejected/rejected' });
  });

  it('a decision that changes the status resets the appeal, so a fresh rejection can be appealed', async () => {
    const admin = await signedInAdmin();
    const { photoId, session } = await uploaded();
    await decide(admin.session, photoId, { action: 'reject', rejection_reason: 'Group photo' });
    expect((await appeal(session, photoId, 'It is only me')).statusCode).toBe(200);
    await request(t.app, 'POST', `/api/admin/photo-appeals/${photoId}/decision`, {
      session: admin.session,
      body: { action: 'approve' },
    });
    const again = await decide(admin.session, photoId, { action: 'reject', rejection_reason: 'Sunglasses' });
    expect(again.json()).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Sunglasses',
      appeal_status: 'none',
      appeal_reason: null,
      appeal_submitted_at: null,
    });
    const second = await appeal(session, photoId, 'Taken off now');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ appeal_status: 'submitted', appeal_reason: 'Taken off now' });
    expect(await appealQueue(admin.session)).toEqual([photoId]);
  });

  it('approving a photo whose appeal is pending takes the appeal off the queue for good', async () => {
    const admin = await signedInAdmin();
    const { photoId, session } = await uploaded();
    await decide(admin.session, photoId, { action: 'reject', rejection_reason: 'Group photo' });
    await appeal(session, photoId, 'It is only me');
    expect(await appealQueue(admin.session)).toEqual([photoId]);
    const approved = await decide(admin.session, photoId, { action: 'approve' });
    expect(approved.json()).toMatchObject({ status: 'approved', appeal_status: 'none', appeal_reason: null });
    expect(await appealQueue(admin.session)).toEqual([]);
    // The stale appeal can no longer be decided, so it cannot stamp "rejected" on an approved photo.
    const late = await request(t.app, 'POST', `/api/admin/photo-appeals/${photoId}/decision`, {
      session: admin.session,
      body: { action: 'reject' },
    });
    expect(late.statusCode).toBe(409);
    expect(await photoRow(photoId)).toMatchObject({ status: 'approved', appealStatus: 'none' });
  });
});
