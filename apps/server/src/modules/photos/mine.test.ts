import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { plainJpeg } from '../../../test/image-corpus';
import { uploadAs } from '../../../test/uploads';
import type { MemoryStorage } from '../../adapters/storage/memory';
import { auditLog, photos } from '../../db/schema';

const t = useTestApp();

async function memberWithPhotos(n: number) {
  const signed = await signedInMember(t.app);
  const jpeg = await plainJpeg(300, 300);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await uploadAs(t.app, signed.session, jpeg)).json().id);
  return { ...signed, ids };
}

const me = async (session: Session | null) => (await request(t.app, 'GET', '/api/me', { session })).json();

describe('the member’s own photos', () => {
  it('lists every state in order; the first photo is the main one and the avatar', async () => {
    const { session, ids } = await memberWithPhotos(3);
    const list = await request(t.app, 'GET', '/api/me/photos', { session });
    expect(list.statusCode).toBe(200);
    expect(list.json().photos.map((p: { id: string; position: number }) => [p.id, p.position])).toEqual([
      [ids[0], 0],
      [ids[1], 1],
      [ids[2], 2],
    ]);
    const mine = await me(session);
    expect(mine.photos.map((p: { id: string }) => p.id)).toEqual(ids);
    expect(mine.avatar).toBe(`/api/photos/${ids[0]}?size=face`);
  });

  it('deleting the first photo makes the next the main photo and the avatar, positions stay 0…n-1', async () => {
    const { session, ids } = await memberWithPhotos(3);
    const objects = (t.app.ctx.storage as MemoryStorage).size();
    const res = await request(t.app, 'DELETE', `/api/me/photos/${ids[0]}`, { session });
    expect(res.statusCode).toBe(200);
    expect(res.json().photos.map((p: { id: string; position: number }) => [p.id, p.position])).toEqual([
      [ids[1], 0],
      [ids[2], 1],
    ]);
    expect((await me(session)).avatar).toBe(`/api/photos/${ids[1]}?size=face`);
    // The four variants of the deleted photo are gone from storage.
    expect((t.app.ctx.storage as MemoryStorage).size()).toBe(objects - 4);
    // A photo from before face squares (no key_face) is deleted all the same, with its three.
    await t.app.ctx.db
      .update(photos)
      .set({ keyFace: null })
      .where(eq(photos.id, ids[1] as string));
    const legacy = await request(t.app, 'DELETE', `/api/me/photos/${ids[1]}`, { session });
    expect(legacy.statusCode).toBe(200);
    expect((t.app.ctx.storage as MemoryStorage).size()).toBe(objects - 4 - 3);
    // Deleting the rest leaves no avatar.
    await request(t.app, 'DELETE', `/api/me/photos/${ids[2]}`, { session });
    expect((await me(session)).avatar).toBeNull();
  });

  it('reorders with every id once; the new first photo is the avatar', async () => {
    const { session, ids } = await memberWithPhotos(3);
    const order = [ids[2], ids[0], ids[1]] as string[];
    const res = await request(t.app, 'PUT', '/api/me/photos/order', { session, body: { ids: order } });
    expect(res.statusCode).toBe(200);
    expect(res.json().photos.map((p: { id: string }) => p.id)).toEqual(order);
    expect((await me(session)).avatar).toBe(`/api/photos/${ids[2]}?size=face`);
    for (const bad of [
      [ids[0], ids[1]],
      [ids[0], ids[0], ids[1]],
      [...order, crypto.randomUUID()],
    ]) {
      const refused = await request(t.app, 'PUT', '/api/me/photos/order', { session, body: { ids: bad } });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('never lets a member delete, reorder or appeal someone else’s photo', async () => {
    const owner = await memberWithPhotos(1);
    const other = await memberWithPhotos(1);
    const photoId = owner.ids[0] as string;
    await t.app.ctx.db
      .update(photos)
      .set({ status: 'rejected', rejectionReason: 'Blurry' })
      .where(eq(photos.id, photoId));
    const del = await request(t.app, 'DELETE', `/api/me/photos/${photoId}`, { session: other.session });
    expect(del.statusCode).toBe(404);
    const order = await request(t.app, 'PUT', '/api/me/photos/order', {
      session: other.session,
      body: { ids: [other.ids[0], photoId] },
    });
    expect(order.statusCode).toBe(400);
    const appeal = await request(t.app, 'POST', `/api/me/photos/${photoId}/appeal`, {
      session: other.session,
      body: { reason: 'Not mine but let me try' },
    });
    expect(appeal.statusCode).toBe(404);
    const [row] = await t.app.ctx.db.select().from(photos).where(eq(photos.id, photoId));
    expect(row).toMatchObject({ position: 0, appealStatus: 'none' });
  });
});

describe('POST /api/me/photos/:id/appeal', () => {
  it('appeals a rejection once, with a reason, and records it', async () => {
    const { member, session, ids } = await memberWithPhotos(1);
    const photoId = ids[0] as string;
    const early = await request(t.app, 'POST', `/api/me/photos/${photoId}/appeal`, {
      session,
      body: { reason: 'Why?' },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Only a rejected photo can be appealed');

    await t.app.ctx.db
      .update(photos)
      .set({ status: 'rejected', rejectionReason: 'Face not visible' })
      .where(eq(photos.id, photoId));
    const blank = await request(t.app, 'POST', `/api/me/photos/${photoId}/appeal`, {
      session,
      body: { reason: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Please provide a reason for your appeal');

    const ok = await request(t.app, 'POST', `/api/me/photos/${photoId}/appeal`, {
      session,
      body: { reason: '  It is my face, in good light.  ' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Face not visible',
      appeal_status: 'submitted',
      appeal_reason: 'It is my face, in good light.',
    });
    const twice = await request(t.app, 'POST', `/api/me/photos/${photoId}/appeal`, {
      session,
      body: { reason: 'Again' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('You have already appealed this photo');
    const audit = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, photoId), eq(auditLog.action, 'photo.appeal_submitted')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: member.id, data: { reason_code: 'member_appeal' } });
  });
});
