import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { request, useTestApp } from '../../../test/app';
import { block, setVisibility } from '../../../test/discovery';
import { signedInMember } from '../../../test/factories';
import type { MemoryStorage } from '../../adapters/storage/memory';
import { photos, profiles } from '../../db/schema';
import { processImage, storePhotoVariants } from './pipeline';

const t = useTestApp();
let image: Awaited<ReturnType<typeof processImage>>;

beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 600, height: 750, channels: 3, background: '#4b1d6b' } })
    .jpeg()
    .toBuffer();
  image = await processImage(jpeg);
});

/** A photo stored through the real pipeline, so the route reads real objects. */
async function storedPhoto(ownerId: string, status: 'approved' | 'pending' = 'approved') {
  const keys = await storePhotoVariants(t.app.ctx.storage, ownerId, image);
  const [row] = await t.app.ctx.db
    .insert(photos)
    .values({ userId: ownerId, position: 0, ...keys, width: image.width, height: image.height, status })
    .returning({ id: photos.id });
  return (row as { id: string }).id;
}

describe('GET /api/photos/:id', () => {
  it('serves an approved photo as private WebP to a member who may see its tier', async () => {
    const owner = await signedInMember(t.app, { tier: 2 });
    const viewer = await signedInMember(t.app, { tier: 3 });
    const id = await storedPhoto(owner.member.id);
    for (const size of ['large', 'small', 'blur', 'face']) {
      const res = await request(t.app, 'GET', `/api/photos/${id}?size=${size}`, { session: viewer.session });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      // Kept by the browser but revalidated every time, so a revoked right takes effect at once.
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.etag).toBe(`"${id}-${size}"`);
      const again = await request(t.app, 'GET', `/api/photos/${id}?size=${size}`, {
        session: viewer.session,
        headers: { 'if-none-match': `"${id}-${size}"` },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('applies the profile visibility rule: ghost mode, private and tier_only hide every photo', async () => {
    const viewer = await signedInMember(t.app, { tier: 2 });
    for (const hide of ['ghost', 'private', 'tier_only'] as const) {
      const owner = await signedInMember(t.app, { tier: 3 });
      const id = await storedPhoto(owner.member.id);
      const blurBefore = await request(t.app, 'GET', `/api/photos/${id}?size=blur`, {
        session: viewer.session,
      });
      expect(blurBefore.statusCode, hide).toBe(200);
      if (hide === 'ghost') {
        await t.app.ctx.db
          .update(profiles)
          .set({ ghostMode: true })
          .where(eq(profiles.userId, owner.member.id));
      } else {
        await setVisibility(t.app, owner.member.id, hide);
      }
      for (const size of ['large', 'small', 'blur', 'face']) {
        const res = await request(t.app, 'GET', `/api/photos/${id}?size=${size}`, {
          session: viewer.session,
        });
        expect(res.statusCode, `${hide} ${size}`).toBe(404);
        // Nor can a copy the browser kept be confirmed as still current.
        const revalidate = await request(t.app, 'GET', `/api/photos/${id}?size=${size}`, {
          session: viewer.session,
          headers: { 'if-none-match': `"${id}-${size}"` },
        });
        expect(revalidate.statusCode, `${hide} ${size} revalidated`).toBe(404);
      }
      // The owner still sees their own.
      expect((await request(t.app, 'GET', `/api/photos/${id}`, { session: owner.session })).statusCode).toBe(
        200,
      );
    }
    // tier_only is visible from the owner's tier up.
    const peer = await signedInMember(t.app, { tier: 3 });
    const owner = await signedInMember(t.app, { tier: 3 });
    const id = await storedPhoto(owner.member.id);
    await setVisibility(t.app, owner.member.id, 'tier_only');
    expect((await request(t.app, 'GET', `/api/photos/${id}`, { session: peer.session })).statusCode).toBe(
      200,
    );
  });

  it('refuses a signed-out caller', async () => {
    const owner = await signedInMember(t.app);
    const id = await storedPhoto(owner.member.id);
    const res = await request(t.app, 'GET', `/api/photos/${id}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('gives a lower tier only the blurred teaser', async () => {
    const owner = await signedInMember(t.app, { tier: 3 });
    const viewer = await signedInMember(t.app, { tier: 1 });
    const id = await storedPhoto(owner.member.id);
    const clear = await request(t.app, 'GET', `/api/photos/${id}?size=large`, { session: viewer.session });
    expect(clear.statusCode).toBe(403);
    expect(clear.json().error.code).toBe('PROFILE_RESTRICTED');
    const blur = await request(t.app, 'GET', `/api/photos/${id}?size=blur`, { session: viewer.session });
    expect(blur.statusCode).toBe(200);
    // The avatar square is a clear face: refused the same way as the photo itself.
    const face = await request(t.app, 'GET', `/api/photos/${id}?size=face`, { session: viewer.session });
    expect(face.statusCode).toBe(403);
    expect(face.json().error.code).toBe('PROFILE_RESTRICTED');
  });

  it('hides photos across a block, in either direction', async () => {
    const owner = await signedInMember(t.app);
    const blocked = await signedInMember(t.app);
    const blocker = await signedInMember(t.app);
    const id = await storedPhoto(owner.member.id);
    await block(t.app, owner.member.id, blocked.member.id);
    await block(t.app, blocker.member.id, owner.member.id);
    for (const session of [blocked.session, blocker.session]) {
      for (const size of ['blur', 'face']) {
        const res = await request(t.app, 'GET', `/api/photos/${id}?size=${size}`, { session });
        expect(res.statusCode, size).toBe(404);
      }
    }
  });

  it('shows a photo awaiting moderation only to its owner and to admins', async () => {
    const owner = await signedInMember(t.app, { tier: 1 });
    const other = await signedInMember(t.app, { tier: 4 });
    const admin = await signedInMember(t.app, { tier: 0, roles: ['user', 'admin'] });
    const id = await storedPhoto(owner.member.id, 'pending');
    expect((await request(t.app, 'GET', `/api/photos/${id}`, { session: owner.session })).statusCode).toBe(
      200,
    );
    const othersFace = await request(t.app, 'GET', `/api/photos/${id}?size=face`, { session: other.session });
    expect(othersFace.statusCode).toBe(404);
    expect((await request(t.app, 'GET', `/api/photos/${id}`, { session: admin.session })).statusCode).toBe(
      200,
    );
    expect((await request(t.app, 'GET', `/api/photos/${id}`, { session: other.session })).statusCode).toBe(
      404,
    );
    await t.app.ctx.db.update(photos).set({ status: 'rejected' }).where(eq(photos.id, id));
    expect((await request(t.app, 'GET', `/api/photos/${id}`, { session: other.session })).statusCode).toBe(
      404,
    );
  });

  it('refuses a malformed id or size and answers 404 for an unknown photo', async () => {
    const { session } = await signedInMember(t.app);
    const badId = await request(t.app, 'GET', '/api/photos/nope', { session });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.code).toBe('VALIDATION_FAILED');
    const badSize = await request(t.app, 'GET', `/api/photos/${crypto.randomUUID()}?size=huge`, { session });
    expect(badSize.statusCode).toBe(400);
    const unknown = await request(t.app, 'GET', `/api/photos/${crypto.randomUUID()}`, { session });
    expect(unknown.statusCode).toBe(404);
  });

  it('serves the avatar square as a 192 px WebP square', async () => {
    const owner = await signedInMember(t.app, { tier: 1 });
    const viewer = await signedInMember(t.app, { tier: 1 });
    const id = await storedPhoto(owner.member.id);
    const res = await request(t.app, 'GET', `/api/photos/${id}?size=face`, { session: viewer.session });
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 192, height: 192 });
  });

  it('makes the avatar square of a photo stored before squares existed, once, for allowed viewers only', async () => {
    const owner = await signedInMember(t.app, { tier: 2 });
    const viewer = await signedInMember(t.app, { tier: 2 });
    const below = await signedInMember(t.app, { tier: 1 });
    const id = await storedPhoto(owner.member.id);
    // As migration 0037 left it: the variants of before, no face square.
    await t.app.ctx.db.update(photos).set({ keyFace: null }).where(eq(photos.id, id));
    const keyFace = async () =>
      (await t.app.ctx.db.select({ key: photos.keyFace }).from(photos).where(eq(photos.id, id)))[0]?.key;

    const refused = await request(t.app, 'GET', `/api/photos/${id}?size=face`, { session: below.session });
    expect(refused.statusCode).toBe(403);
    expect(await keyFace()).toBeNull();

    // Two viewers at once: both are served, one square is kept.
    const [first, second] = await Promise.all(
      [viewer, owner].map((m) =>
        request(t.app, 'GET', `/api/photos/${id}?size=face`, { session: m.session }),
      ),
    );
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    expect(await sharp(first?.rawPayload).metadata()).toMatchObject({ width: 192, height: 192 });
    const kept = await keyFace();
    expect(kept).toMatch(new RegExp(`^photos/${owner.member.id}/[0-9a-f-]{36}-f\\.webp$`));
    // The first upload's own square, which the row no longer names, and the one kept: no spare.
    const faces = (t.app.ctx.storage as MemoryStorage)
      .keys()
      .filter((key) => key.startsWith(`photos/${owner.member.id}/`) && key.endsWith('-f.webp'));
    expect(faces).toHaveLength(2);
    expect(faces).toContain(kept);
    const again = await request(t.app, 'GET', `/api/photos/${id}?size=face`, { session: viewer.session });
    expect(again.rawPayload.equals(first?.rawPayload ?? Buffer.alloc(0))).toBe(true);
    expect(await keyFace()).toBe(kept);
  });
});
