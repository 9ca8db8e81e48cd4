import {
  EVENT_PHOTO_MAX_COUNT,
  EVENT_PHOTO_MESSAGES,
  type EventBody,
  eventCardSchema,
  eventPhotosSchema,
  instantToLocal,
} from '@royal/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { jpegWithGpsAndOrientation, metadataMarkersIn, plainJpeg } from '../../../test/image-corpus';
import { upload } from '../../../test/uploads';
import type { MemoryStorage } from '../../adapters/storage/memory';
import { eventPhotos } from '../../db/schema';

// Event photos (issue 36): managers add them through the member photo pipeline; members the event
// admits (and managers) are served them; a locked event serves none.

/** The classifier's answer for the next uploads: safe unless a test says otherwise. */
const classifier = { score: 0.99 };
const t = useTestApp(
  {},
  { build: { classifier: { name: 'scripted', safeProbability: async () => classifier.score } } },
);
const storage = () => t.app.ctx.storage as MemoryStorage;
const eventObjects = (eventId: string) =>
  storage()
    .keys()
    .filter((key) => key.startsWith(`events/${eventId}/`));

const DAY_MS = 86_400_000;

function form(overrides: Partial<EventBody> = {}): EventBody {
  const { date } = instantToLocal(new Date(Date.now() + 7 * DAY_MS), 'America/New_York');
  return {
    name: 'Velvet Night',
    description: 'Champagne and a string quartet',
    venue: 'The Aurelian Rooftop',
    address: '901 Brickell Ave',
    city: 'Miami, FL',
    date,
    time: '21:00',
    tiers_required: [1, 2, 3, 4],
    max_guests: 100,
    ...overrides,
  };
}

const manager = () => signedInMember(t.app, { tier: 0, roles: ['user', 'promoter'] });

async function newEvent(overrides: Partial<EventBody> = {}) {
  const { session } = await manager();
  const res = await request(t.app, 'POST', '/api/events', { session, body: form(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return { eventId: eventCardSchema.parse(res.json()).id, managerSession: session };
}

const addPhoto = async (session: Session | null, eventId: string, file?: Buffer) =>
  upload(
    t.app,
    `/api/events/${eventId}/photos`,
    session,
    {},
    {
      file: { data: file ?? (await plainJpeg(120, 90)), filename: 'party.jpg', type: 'image/jpeg' },
    },
  );

describe('POST /api/events/:id/photos', () => {
  it('stores a phone photo upright, re-encoded, without EXIF or GPS, and shows it on the card', async () => {
    const { eventId, managerSession } = await newEvent();
    const input = await jpegWithGpsAndOrientation();
    expect(metadataMarkersIn(input)).toEqual(expect.arrayContaining(['Exif', 'SpyCam']));

    const res = await addPhoto(managerSession, eventId, input);
    expect(res.statusCode, res.body).toBe(201);
    const { photos } = eventPhotosSchema.parse(res.json());
    expect(photos).toHaveLength(1);
    const photo = photos[0] as (typeof photos)[number];

    // What is stored, not only what is served, is clean.
    const stored = eventObjects(eventId);
    expect(stored).toHaveLength(2);
    for (const key of stored) {
      const object = await storage().get(key);
      const meta = await sharp(object?.body).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(metadataMarkersIn(object?.body as Buffer)).toEqual([]);
    }

    const member = await signedInMember(t.app, { tier: 2 });
    const served = await request(t.app, 'GET', photo.url, { session: member.session });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('private, no-cache');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    // Turned upright from its orientation tag: 400×200 sideways is portrait now.
    expect(meta.width).toBeLessThan(meta.height as number);
    const thumb = await request(t.app, 'GET', photo.thumb_url, { session: member.session });
    expect(thumb.statusCode).toBe(200);

    // The card's photos are the served URLs; a cached copy is confirmed with no bytes.
    const card = eventCardSchema.parse(
      (await request(t.app, 'GET', `/api/events/${eventId}`, { session: member.session })).json(),
    );
    expect(card.photos).toEqual([photo.url]);
    const again = await request(t.app, 'GET', photo.url, {
      session: member.session,
      headers: { 'if-none-match': served.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it(`refuses a photo past ${EVENT_PHOTO_MAX_COUNT} with UPLOAD_REJECTED and leaves nothing stored`, async () => {
    const { eventId, managerSession } = await newEvent();
    for (let i = 0; i < EVENT_PHOTO_MAX_COUNT; i++) {
      expect((await addPhoto(managerSession, eventId)).statusCode).toBe(201);
    }
    const res = await addPhoto(managerSession, eventId);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'UPLOAD_REJECTED',
      message: EVENT_PHOTO_MESSAGES.limit,
      details: { reason: 'limit' },
    });
    expect(eventObjects(eventId)).toHaveLength(EVENT_PHOTO_MAX_COUNT * 2);
    const rows = await t.app.ctx.db.select().from(eventPhotos).where(eq(eventPhotos.eventId, eventId));
    expect(rows.map((r) => r.position).sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('refuses what the classifier does not judge safe, and what is not an image, storing nothing', async () => {
    const { eventId, managerSession } = await newEvent();
    classifier.score = 0.4;
    try {
      const res = await addPhoto(managerSession, eventId);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({
        message: EVENT_PHOTO_MESSAGES.notSafe,
        details: { reason: 'not_safe' },
      });
    } finally {
      classifier.score = 0.99;
    }
    const text = await addPhoto(managerSession, eventId, Buffer.from('not a picture at all'.repeat(20)));
    expect(text.statusCode).toBe(422);
    expect(text.json().error.details).toMatchObject({ reason: 'not_an_image' });
    expect(eventObjects(eventId)).toEqual([]);
  });

  it('is for managers only: 403 for a member of any tier, 401 signed out, 404 for an unknown event', async () => {
    const { eventId } = await newEvent();
    const vip = await signedInMember(t.app, { tier: 4 });
    const refused = await addPhoto(vip.session, eventId);
    expect(refused.statusCode).toBe(403);
    expect((await addPhoto(null, eventId)).statusCode).toBe(401);
    const admin = await signedInMember(t.app, { tier: 0, roles: ['user', 'admin'] });
    expect((await addPhoto(admin.session, eventId)).statusCode).toBe(201);
    const missing = await addPhoto(admin.session, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('EVENT_NOT_FOUND');
    expect(eventObjects(eventId)).toHaveLength(2);
  });
});

describe('GET /api/events/:id/photos/:photoId', () => {
  it('serves a locked event’s photo to no member below its tiers, but to managers', async () => {
    const { eventId, managerSession } = await newEvent({ tiers_required: [4] });
    const { photos } = eventPhotosSchema.parse((await addPhoto(managerSession, eventId)).json());
    const url = photos[0]?.url as string;

    const locked = await signedInMember(t.app, { tier: 2 });
    const refused = await request(t.app, 'GET', url, { session: locked.session });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'TIER_REQUIRED', message: 'Tier 4+ Required' });
    // Not even a cached copy is confirmed, and the list says the same.
    const cached = await request(t.app, 'GET', url, {
      session: locked.session,
      headers: { 'if-none-match': `"${photos[0]?.id}-large"` },
    });
    expect(cached.statusCode).toBe(403);
    expect(
      (await request(t.app, 'GET', `/api/events/${eventId}/photos`, { session: locked.session })).statusCode,
    ).toBe(403);
    const card = (await request(t.app, 'GET', '/api/events?limit=50', { session: locked.session })).json();
    expect(card.items.find((c: { id: string }) => c.id === eventId).photos).toEqual([]);

    expect((await request(t.app, 'GET', url, { session: null })).statusCode).toBe(401);
    const vip = await signedInMember(t.app, { tier: 4 });
    expect((await request(t.app, 'GET', url, { session: vip.session })).statusCode).toBe(200);
    expect((await request(t.app, 'GET', url, { session: managerSession })).statusCode).toBe(200);
  });

  it('serves a photo only under its own event', async () => {
    const first = await newEvent();
    const other = await newEvent();
    const { photos } = eventPhotosSchema.parse((await addPhoto(first.managerSession, first.eventId)).json());
    const member = await signedInMember(t.app, { tier: 1 });
    const res = await request(t.app, 'GET', `/api/events/${other.eventId}/photos/${photos[0]?.id}`, {
      session: member.session,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('DELETE /api/events/:id/photos/:photoId', () => {
  it('removes the photo and its files; the next becomes the cover', async () => {
    const { eventId, managerSession } = await newEvent();
    await addPhoto(managerSession, eventId);
    const { photos } = eventPhotosSchema.parse((await addPhoto(managerSession, eventId)).json());
    const [cover, second] = photos as [(typeof photos)[0], (typeof photos)[0]];

    const member = await signedInMember(t.app, { tier: 3 });
    const notManager = await request(t.app, 'DELETE', `/api/events/${eventId}/photos/${cover.id}`, {
      session: member.session,
    });
    expect(notManager.statusCode).toBe(403);

    const res = await request(t.app, 'DELETE', `/api/events/${eventId}/photos/${cover.id}`, {
      session: managerSession,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(eventPhotosSchema.parse(res.json()).photos).toEqual([second]);
    expect(eventObjects(eventId)).toHaveLength(2);
    const [row] = await t.app.ctx.db.select().from(eventPhotos).where(eq(eventPhotos.id, second.id));
    expect(row?.position).toBe(0);
    expect((await request(t.app, 'GET', cover.url, { session: member.session })).statusCode).toBe(404);
    const again = await request(t.app, 'DELETE', `/api/events/${eventId}/photos/${cover.id}`, {
      session: managerSession,
    });
    expect(again.statusCode).toBe(404);
  });

  it('takes the files with the event when the event is deleted', async () => {
    const { eventId, managerSession } = await newEvent();
    await addPhoto(managerSession, eventId);
    expect(eventObjects(eventId)).toHaveLength(2);
    const res = await request(t.app, 'DELETE', `/api/events/${eventId}`, { session: managerSession });
    expect(res.statusCode).toBe(204);
    expect(eventObjects(eventId)).toEqual([]);
  });
});
