import { ID_UNDECIDED_RETENTION_DAYS } from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, startTestApp, useTestApp } from '../../../test/app';
import { actorFor, signedInMember, type TestMember } from '../../../test/factories';
import { sampleImage, upload } from '../../../test/uploads';
import type { ObjectStorage } from '../../adapters/storage/types';
import type { App } from '../../app';
import { verificationRequests } from '../../db/schema';
import { purgeVerificationImages } from './purge';
import { decideVerification } from './service';

const t = useTestApp({}, { isolation: 'test' });
const HOUR = 3_600_000;

async function submitted(app: App, session: Session) {
  const res = await upload(
    app,
    '/api/verification/requests',
    session,
    { id_type: 'passport' },
    {
      selfie: { data: await sampleImage('jpeg'), filename: 's.jpg', type: 'image/jpeg' },
      id: { data: await sampleImage('png'), filename: 'i.png', type: 'image/png' },
    },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function decided(admin: TestMember, requestId: string, at: Date, action: 'approve' | 'reject') {
  await decideVerification(t.app.ctx, {
    actor: await actorFor(t.app, admin),
    requestId,
    decision: action === 'approve' ? { action } : { action, reason: 'Blurry' },
    ip: '127.0.0.1',
    now: at,
  });
}

const rowOf = async (id: string) =>
  (await t.app.ctx.db.select().from(verificationRequests).where(eq(verificationRequests.id, id)))[0];
const exists = async (key: string | null | undefined) =>
  key != null && (await t.app.ctx.storage.get(key)) !== null;

describe('forgetting ID images 72 hours after the decision', () => {
  it('deletes nothing before 72 hours, then every image and key, keeping the decision, its date and the ID type', async () => {
    const admin = (await signedInMember(t.app, { roles: ['user', 'admin'] })).member;
    const a = await signedInMember(t.app);
    const b = await signedInMember(t.app);
    const c = await signedInMember(t.app);
    const decisionTime = new Date('2026-03-01T12:00:00Z');
    const approvedId = await submitted(t.app, a.session);
    const rejectedId = await submitted(t.app, b.session);
    const pendingId = await submitted(t.app, c.session);
    await decided(admin, approvedId, decisionTime, 'approve');
    await decided(admin, rejectedId, new Date(decisionTime.getTime() + HOUR), 'reject');
    const keysBefore = await rowOf(approvedId);
    const links = (
      await request(t.app, 'POST', `/api/verification/requests/${approvedId}/links`, { session: a.session })
    ).json();

    expect(await purgeVerificationImages(t.app.ctx, new Date(decisionTime.getTime() + 72 * HOUR - 1))).toBe(
      0,
    );
    expect(await exists(keysBefore?.idKey)).toBe(true);

    expect(await purgeVerificationImages(t.app.ctx, new Date(decisionTime.getTime() + 72 * HOUR))).toBe(1);
    const approved = await rowOf(approvedId);
    expect(approved).toMatchObject({ idKey: null, selfieKey: null, status: 'approved', idType: 'passport' });
    expect(approved?.reviewedAt?.toISOString()).toBe(decisionTime.toISOString());
    expect(await exists(keysBefore?.idKey)).toBe(false);
    expect(await exists(keysBefore?.selfieKey)).toBe(false);
    // The links issued before are dead, and no new ones are given.
    expect((await request(t.app, 'GET', links.id_url, { session: a.session })).statusCode).toBe(404);
    const after = await request(t.app, 'POST', `/api/verification/requests/${approvedId}/links`, {
      session: a.session,
    });
    expect(after.json()).toMatchObject({ selfie_url: null, id_url: null });

    // A week later: everything decided is gone; the undecided request keeps its images for review.
    expect(await purgeVerificationImages(t.app.ctx, new Date(decisionTime.getTime() + 7 * 24 * HOUR))).toBe(
      1,
    );
    expect(await rowOf(rejectedId)).toMatchObject({
      idKey: null,
      selfieKey: null,
      status: 'rejected',
      rejectionReason: 'Blurry',
    });
    const pending = await rowOf(pendingId);
    expect(await exists(pending?.idKey)).toBe(true);
    const remaining = await t.app.ctx.db.select().from(verificationRequests);
    const leftover = remaining.filter((r) => r.status !== 'pending' && (r.idKey || r.selfieKey));
    expect(leftover).toEqual([]);
  });

  it('finishes after a run that stopped between deleting the files and clearing the row', async () => {
    const admin = (await signedInMember(t.app, { roles: ['user', 'admin'] })).member;
    const a = await signedInMember(t.app);
    const requestId = await submitted(t.app, a.session);
    const at = new Date('2026-03-01T12:00:00Z');
    await decided(admin, requestId, at, 'approve');
    const keys = await rowOf(requestId);

    // The storage fails on the second object of the request, after the first is deleted.
    let deletes = 0;
    const flaky: ObjectStorage = {
      ...t.app.ctx.storage,
      async delete(key) {
        deletes += 1;
        if (deletes === 2) throw new Error('storage went away');
        await t.app.ctx.storage.delete(key);
      },
    };
    const later = new Date(at.getTime() + 73 * HOUR);
    await expect(purgeVerificationImages({ ...t.app.ctx, storage: flaky }, later)).rejects.toThrow(
      'storage went away',
    );
    expect(await exists(keys?.idKey)).toBe(false);
    expect((await rowOf(requestId))?.idKey).toBe(keys?.idKey); // the row was not cleared yet

    // The rerun deletes what is left (the already-deleted object is no error) and clears the row.
    expect(await purgeVerificationImages(t.app.ctx, later)).toBe(1);
    expect(await rowOf(requestId)).toMatchObject({ idKey: null, selfieKey: null, status: 'approved' });
    expect(await exists(keys?.selfieKey)).toBe(false);
    expect(await purgeVerificationImages(t.app.ctx, later)).toBe(0);
  });
});

describe('a request nobody decides', () => {
  const DAY = 24 * HOUR;

  /** The gate's age check: one ID image. */
  async function submittedId(app: App, session: Session) {
    const res = await upload(
      app,
      '/api/compliance/id',
      session,
      { id_type: 'drivers_license' },
      { id: { data: await sampleImage('png'), filename: 'i.png', type: 'image/png' } },
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  const submittedAtOf = async (id: string) => {
    const row = await rowOf(id);
    if (!row) throw new Error(`no request ${id}`);
    return row.createdAt.getTime();
  };

  const queue = async (admin: Session, status: string) =>
    (
      await request(t.app, 'GET', `/api/admin/verification-requests?status=${status}`, { session: admin })
    ).json().items as { id: string; status: string; has_id: boolean; has_selfie: boolean }[];

  it(`expires ${ID_UNDECIDED_RETENTION_DAYS} days after submission: images deleted, listed as expired, and the member may submit again`, async () => {
    const admin = await signedInMember(t.app, { roles: ['user', 'admin'] });
    const a = await signedInMember(t.app);
    const b = await signedInMember(t.app);
    const wizardId = await submitted(t.app, a.session);
    const gateId = await submittedId(t.app, b.session);
    const wizard = await rowOf(wizardId);
    const submittedAt = await submittedAtOf(wizardId);
    // A purge date from the start: the submission's own time plus the retention.
    expect(wizard?.purgeAfter?.getTime()).toBe(submittedAt + ID_UNDECIDED_RETENTION_DAYS * DAY);
    const gateDue = (await rowOf(gateId))?.purgeAfter as Date;

    expect(
      await purgeVerificationImages(t.app.ctx, new Date(submittedAt + ID_UNDECIDED_RETENTION_DAYS * DAY - 1)),
    ).toBe(0);
    expect(await rowOf(wizardId)).toMatchObject({ status: 'pending' });
    expect(await exists(wizard?.idKey)).toBe(true);

    // A millisecond on: PostgreSQL keeps microseconds, which a Date read back has cut off.
    const later = new Date(Math.max(submittedAt + ID_UNDECIDED_RETENTION_DAYS * DAY, gateDue.getTime()) + 1);
    expect(await purgeVerificationImages(t.app.ctx, later)).toBe(2);
    for (const id of [wizardId, gateId])
      expect(await rowOf(id)).toMatchObject({
        status: 'expired',
        idKey: null,
        selfieKey: null,
        reviewedAt: null,
      });
    expect(await exists(wizard?.idKey)).toBe(false);
    expect(await exists(wizard?.selfieKey)).toBe(false);

    // The admin queue shows them as expired, without images, and no longer as pending.
    expect((await queue(admin.session, 'expired')).map((item) => item.id).sort()).toEqual(
      [gateId, wizardId].sort(),
    );
    expect(await queue(admin.session, 'expired')).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: wizardId, has_id: false, has_selfie: false })]),
    );
    expect(await queue(admin.session, 'pending')).toEqual([]);
    const decide = await request(t.app, 'POST', `/api/admin/verification-requests/${wizardId}/approve`, {
      session: admin.session,
    });
    expect(decide.statusCode).toBe(409);
    expect(decide.json().error.message).toBe('This verification request expired before it was reviewed');

    // The members see it expired and may submit again.
    const mine = await request(t.app, 'GET', '/api/verification', { session: a.session });
    expect(mine.json().request).toMatchObject({ id: wizardId, status: 'expired' });
    const gate = await request(t.app, 'GET', '/api/compliance', { session: b.session });
    expect(gate.json()).toMatchObject({ id_check: 'expired', age_verified: false, next_step: 'done' });
    const again = await submitted(t.app, a.session);
    expect(await rowOf(again)).toMatchObject({ status: 'pending' });
    expect(await submittedId(t.app, b.session)).not.toBe(gateId);
  });

  it('is kept by a decision before its expiry: the images then go 72 hours after the decision', async () => {
    const admin = (await signedInMember(t.app, { roles: ['user', 'admin'] })).member;
    const a = await signedInMember(t.app);
    const requestId = await submitted(t.app, a.session);
    const submittedAt = await submittedAtOf(requestId);
    const decisionTime = new Date(submittedAt + (ID_UNDECIDED_RETENTION_DAYS - 1) * DAY);
    await decided(admin, requestId, decisionTime, 'approve');

    expect(
      await purgeVerificationImages(t.app.ctx, new Date(submittedAt + ID_UNDECIDED_RETENTION_DAYS * DAY + 1)),
    ).toBe(0);
    expect(await rowOf(requestId)).toMatchObject({ status: 'approved' });
    expect((await rowOf(requestId))?.idKey).not.toBeNull();
    expect(await purgeVerificationImages(t.app.ctx, new Date(decisionTime.getTime() + 72 * HOUR))).toBe(1);
    expect(await rowOf(requestId)).toMatchObject({ status: 'approved', idKey: null, selfieKey: null });
  });
});

describe('the purge job on the queue', () => {
  it('is scheduled every five minutes, and a queued run clears what is due', async () => {
    const started = await startTestApp({}, { jobs: true });
    try {
      const { app } = started;
      const schedules = await app.ctx.db.execute<{ name: string; cron: string }>(
        sql`select name, cron from pgboss.schedule where name = 'verification-image-purge'`,
      );
      expect(schedules.rows).toEqual([{ name: 'verification-image-purge', cron: '*/5 * * * *' }]);
      const admin = (await signedInMember(app, { roles: ['user', 'admin'] })).member;
      const a = await signedInMember(app);
      const requestId = await submitted(app, a.session);
      await decideVerification(app.ctx, {
        actor: await actorFor(app, admin),
        requestId,
        decision: { action: 'approve' },
        ip: '127.0.0.1',
        now: new Date(Date.now() - 73 * HOUR),
      });
      await app.ctx.jobs.send('verification-image-purge');
      await expect
        .poll(
          async () =>
            (
              await app.ctx.db
                .select()
                .from(verificationRequests)
                .where(eq(verificationRequests.id, requestId))
            )[0]?.idKey,
          { timeout: 15_000, interval: 250 },
        )
        .toBeNull();
    } finally {
      await started.dispose();
    }
  });
});
