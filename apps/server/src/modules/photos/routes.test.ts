import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { request, useTestApp } from '../../../test/app';
import { block, setVisibility } from '../../../test/discovery';
import { signedInMember } from '../../../test/factories';
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
    for (const size of ['large', 'small', 'blur']) {
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
      for (const size of ['large', 'small', 'blur']) {
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
  });

  it('hides photos across a block, in either direction', async () => {
    const owner = await signedInMember(t.app);
    const blocked = await signedInMember(t.app);
    const blocker = await signedInMember(t.app);
    const id = await storedPhoto(owner.member.id);
    await block(t.app, owner.member.id, blocked.member.id);
    await block(t.app, blocker.member.id, owner.member.id);
    for (const session of [blocked.session, blocker.session]) {
      const res = await request(t.app, 'GET', `/api/photos/${id}?size=blur`, { session });
      expect(res.statusCode).toBe(404);
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
});
