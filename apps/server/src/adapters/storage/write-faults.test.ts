import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_MESSAGES, type EventBody, eventCardSchema, instantToLocal } from '@royal/shared';
import { count, eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request, type Session, startTestApp, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { freePort } from '../../../test/free-port';
import { sampleImage, upload, uploadAs } from '../../../test/uploads';
import type { App } from '../../app';
import { eventPhotos, photos, verificationRequests } from '../../db/schema';
import { createMemoryStorage } from './memory';
import { createS3Storage } from './s3';
import type { ObjectStorage } from './types';

// Issue 38: the uploads store fails (disk full, object store stopped). Every upload path answers 503
// STORAGE_UNAVAILABLE with the member-facing message, writes no row, and leaves no object behind.

const memory = createMemoryStorage();
/** Which put fails next: 0 none, 1 the first, 2 the second (an upload whose first object was stored). */
const fault = { failPut: 0, puts: 0 };
const diskFull = (): NodeJS.ErrnoException =>
  Object.assign(new Error("ENOSPC: no space left on device, write '/data/uploads/x'"), { code: 'ENOSPC' });
const faulty: ObjectStorage = {
  ...memory,
  async put(key, body, contentType) {
    fault.puts += 1;
    if (fault.failPut !== 0 && fault.puts >= fault.failPut) throw diskFull();
    await memory.put(key, body, contentType);
  },
};

const t = useTestApp(
  {},
  {
    build: {
      storage: faulty,
      classifier: { name: 'scripted', safeProbability: async () => 0.99 },
    },
  },
);

beforeEach(() => {
  fault.failPut = 0;
  fault.puts = 0;
});

const rowsOf = async (table: typeof photos | typeof verificationRequests, userId: string) => {
  const [row] = await t.app.ctx.db.select({ n: count() }).from(table).where(eq(table.userId, userId));
  return row?.n ?? 0;
};

function expectStorageUnavailable(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({
    error: { code: 'STORAGE_UNAVAILABLE', message: ERROR_MESSAGES.STORAGE_UNAVAILABLE },
  });
}

async function submitWizard(app: App, session: Session) {
  return upload(
    app,
    '/api/verification/requests',
    session,
    { id_type: 'passport' },
    {
      selfie: { data: await sampleImage('jpeg'), filename: 's.jpg', type: 'image/jpeg' },
      id: { data: await sampleImage('png'), filename: 'i.png', type: 'image/png' },
    },
  );
}

async function newEvent(): Promise<{ eventId: string; session: Session }> {
  const { session } = await signedInMember(t.app, { tier: 0, roles: ['user', 'promoter'] });
  const { date } = instantToLocal(new Date(Date.now() + 7 * 86_400_000), 'America/New_York');
  const body: EventBody = {
    name: 'Velvet Night',
    description: 'Champagne and a string quartet',
    venue: 'The Aurelian Rooftop',
    address: '901 Brickell Ave',
    city: 'Miami, FL',
    date,
    time: '21:00',
    tiers_required: [1, 2, 3, 4],
    max_guests: 100,
  };
  const res = await request(t.app, 'POST', '/api/events', { session, body });
  expect(res.statusCode, res.body).toBe(201);
  return { eventId: eventCardSchema.parse(res.json()).id, session };
}

describe('a full disk (ENOSPC) under every upload path', () => {
  it.each([1, 3])('a member photo: 503, no photo row, no object left (put %i fails)', async (failPut) => {
    const { session } = await signedInMember(t.app);
    const before = memory.size();
    fault.failPut = failPut;
    expectStorageUnavailable(await uploadAs(t.app, session, await sampleImage('jpeg')));
    expect(await rowsOf(photos, session.userId)).toBe(0);
    expect(memory.size()).toBe(before);

    // The disk has room again: the same upload goes through.
    fault.failPut = 0;
    expect((await uploadAs(t.app, session, await sampleImage('jpeg'))).statusCode).toBe(201);
    expect(await rowsOf(photos, session.userId)).toBe(1);
  });

  it('an event photo: 503, no event photo row, no object left', async () => {
    const { eventId, session } = await newEvent();
    const before = memory.size();
    fault.failPut = 2;
    const file = { data: await sampleImage('jpeg'), filename: 'e.jpg', type: 'image/jpeg' };
    expectStorageUnavailable(await upload(t.app, `/api/events/${eventId}/photos`, session, {}, { file }));
    const [row] = await t.app.ctx.db
      .select({ n: count() })
      .from(eventPhotos)
      .where(eq(eventPhotos.eventId, eventId));
    expect(row?.n).toBe(0);
    expect(memory.size()).toBe(before);
  });

  it.each([1, 2])(
    'ID and selfie images: 503, no request row, no image left (put %i fails)',
    async (failPut) => {
      const { session } = await signedInMember(t.app, { tier: 1 });
      const before = memory.size();
      fault.failPut = failPut;
      expectStorageUnavailable(await submitWizard(t.app, session));
      expect(await rowsOf(verificationRequests, session.userId)).toBe(0);
      expect(memory.size()).toBe(before);
    },
  );
});

describe('the S3 stand-in stopped', () => {
  let server: S3rver;
  let directory: string;
  let app: App;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'rc-s3-fault-'));
    const port = await freePort();
    server = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: 'royal-photos', configs: [] }],
    });
    await server.run();
    const storage = createS3Storage({
      bucket: 'royal-photos',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      prefix: '',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    ({ app, dispose } = await startTestApp({}, { storage }));
  });

  afterAll(async () => {
    await dispose?.();
    await server?.close().catch(() => undefined);
    await rm(directory, { recursive: true, force: true });
  });

  it('uploads while it runs, then answers 503 in seconds with no row once it is gone', async () => {
    const { session } = await signedInMember(app);
    expect((await uploadAs(app, session, await sampleImage('jpeg'))).statusCode).toBe(201);

    await server.close();
    const started = Date.now();
    const res = await uploadAs(app, session, await sampleImage('jpeg'));
    expectStorageUnavailable(res);
    expect(Date.now() - started).toBeLessThan(10_000);
    const [row] = await app.ctx.db
      .select({ n: count() })
      .from(photos)
      .where(eq(photos.userId, session.userId));
    expect(row?.n).toBe(1);
  });
});
