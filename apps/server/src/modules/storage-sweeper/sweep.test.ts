import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { sampleImage, upload, uploadAs } from '../../../test/uploads';
import { createMemoryStorage } from '../../adapters/storage/memory';
import { photos, verificationRequests } from '../../db/schema';
import { idStoreOf } from '../verification';
import { ORPHAN_GRACE_MS, SWEPT_FOLDERS, sweepOrphanedObjects } from './sweep';

// The orphan sweeper (issue 38, decision 065): objects no row names, older than the grace period, go;
// everything a row names, anything younger, and folders it does not know stay.

let clock = new Date('2026-06-01T12:00:00Z');
const storage = createMemoryStorage({ now: () => clock });
const t = useTestApp({}, { build: { storage } });
const MINUTE = 60_000;
const later = (ms: number) => new Date(clock.getTime() + ms);
const body = Buffer.from('bytes');

describe('the storage orphan sweeper', () => {
  it('removes what no row names once the grace period has passed, and nothing else', async () => {
    const { session } = await signedInMember(t.app, { tier: 1 });
    const photo = await uploadAs(t.app, session, await sampleImage('jpeg'));
    expect(photo.statusCode, photo.body).toBe(201);
    const wizard = await upload(
      t.app,
      '/api/verification/requests',
      session,
      { id_type: 'passport' },
      {
        selfie: { data: await sampleImage('jpeg'), filename: 's.jpg', type: 'image/jpeg' },
        id: { data: await sampleImage('png'), filename: 'i.png', type: 'image/png' },
      },
    );
    expect(wizard.statusCode, wizard.body).toBe(201);
    const named = new Set(storage.keys());
    expect(named.size).toBe(6); // four photo variants, the ID image and the selfie
    // Every folder an upload writes to is one the sweeper walks (event photos: `events/`).
    expect(SWEPT_FOLDERS).toEqual(['photos/', 'events/', 'id-documents/', 'exports/']);
    for (const key of named)
      expect(
        SWEPT_FOLDERS.some((folder) => key.startsWith(folder)),
        key,
      ).toBe(true);

    // The ID store's known orphan (decision 012): an image stored, then the process died before its
    // request's row was inserted. And the other kinds a crash or a failed delete leaves behind.
    const idOrphan = await idStoreOf(t.app.ctx).put(await sampleImage('png'));
    const orphans = [
      idOrphan,
      `photos/${session.userId}/${randomUUID()}-l.webp`,
      `photos/${randomUUID()}/${randomUUID()}-s.webp`,
      `events/${randomUUID()}/${randomUUID()}-l.webp`,
      `exports/${session.userId}/${randomUUID()}.zip`,
    ];
    for (const key of orphans.slice(1)) await storage.put(key, body, 'image/webp');
    // A folder the sweeper does not know is never touched.
    await storage.put('elsewhere/keep.bin', body, 'application/octet-stream');

    // Within the grace period (an upload whose row is not committed yet looks just like this).
    expect(await sweepOrphanedObjects(t.app.ctx, later(59 * MINUTE))).toMatchObject({ deleted: 0 });
    expect(storage.size()).toBe(named.size + orphans.length + 1);

    // An object written just now is still young when the others are due.
    clock = later(50 * MINUTE);
    const young = `photos/${session.userId}/${randomUUID()}-b.webp`;
    await storage.put(young, body, 'image/webp');

    const counts = await sweepOrphanedObjects(t.app.ctx, later(ORPHAN_GRACE_MS - 50 * MINUTE + MINUTE));
    expect(counts).toMatchObject({ deleted: orphans.length, failed: 0 });
    expect(counts.bytes).toBeGreaterThan(0);
    const left = new Set(storage.keys());
    for (const key of orphans) expect(left.has(key), key).toBe(false);
    for (const key of [...named, young, 'elsewhere/keep.bin']) expect(left.has(key), key).toBe(true);

    // What the rows name is still served.
    const served = await request(t.app, 'GET', photo.json().url, { session });
    expect(served.statusCode).toBe(200);
    const [row] = await t.app.ctx.db
      .select({ idKey: verificationRequests.idKey })
      .from(verificationRequests)
      .where(eq(verificationRequests.userId, session.userId));
    expect(await idStoreOf(t.app.ctx).read(row?.idKey ?? '')).not.toBeNull();
  });

  it('keeps an object a row names even when it is filed under another member’s folder', async () => {
    const { session } = await signedInMember(t.app);
    expect((await uploadAs(t.app, session, await sampleImage('png'))).statusCode).toBe(201);
    const elsewhere = `photos/${randomUUID()}/${randomUUID()}-f.webp`;
    await storage.put(elsewhere, body, 'image/webp');
    await t.app.ctx.db.update(photos).set({ keyFace: elsewhere }).where(eq(photos.userId, session.userId));
    await sweepOrphanedObjects(t.app.ctx, later(2 * ORPHAN_GRACE_MS));
    expect(storage.keys()).toContain(elsewhere);
  });

  it('sweeps a store larger than one page, page by page', async () => {
    const many = Array.from({ length: 1_203 }, () => `events/${randomUUID()}/${randomUUID()}-s.webp`);
    for (const key of many) await storage.put(key, body, 'image/webp');
    const counts = await sweepOrphanedObjects(t.app.ctx, later(2 * ORPHAN_GRACE_MS));
    expect(counts.deleted).toBe(many.length);
    expect(storage.keys().filter((key) => key.startsWith('events/'))).toEqual([]);
  });

  it('counts a delete that fails and leaves it for the next run', async () => {
    const key = `exports/${randomUUID()}/${randomUUID()}.zip`;
    await storage.put(key, body, 'application/zip');
    const flaky = {
      ...t.app.ctx.storage,
      delete: async () => {
        throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
      },
    };
    const counts = await sweepOrphanedObjects({ ...t.app.ctx, storage: flaky }, later(2 * ORPHAN_GRACE_MS));
    expect(counts).toMatchObject({ deleted: 0, failed: 1 });
    expect(storage.keys()).toContain(key);
    expect(await sweepOrphanedObjects(t.app.ctx, later(2 * ORPHAN_GRACE_MS))).toMatchObject({ deleted: 1 });
  });
});
