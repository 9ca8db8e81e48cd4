import { meSchema } from '@royal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useCountedApp, useTestApp, useTwoInstances } from '../../../test/app';
import { addPhoto } from '../../../test/discovery';
import { signedInMember } from '../../../test/factories';
import type { App } from '../../app';
import { photos, profiles } from '../../db/schema';
import { loadMe } from './service';

const t = useTestApp();

describe('GET /api/me', () => {
  it('refuses a signed-out caller', async () => {
    const res = await request(t.app, 'GET', '/api/me', { session: null });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('returns every field of the member as stored, with the driver types turned into the API shape', async () => {
    const endsAt = new Date('2027-03-04T05:06:07.000Z');
    const { member, session } = await signedInMember(t.app, {
      tier: 3,
      subscriptionEndsAt: endsAt,
      verified: true,
      roles: ['user', 'promoter'],
      name: 'Céline',
      location: { lat: 25.76, lng: -80.19 },
    });
    await t.app.ctx.db
      .update(profiles)
      .set({
        ratingAvg: 4.5,
        ratingCount: 3,
        lifestyleTags: ['travel', 'fine_dining'],
        height: `5'9"`,
        viewCount: 7,
      })
      .where(eq(profiles.userId, member.id));
    const first = await addPhoto(t.app, member.id, 0);
    const second = await addPhoto(t.app, member.id, 1);
    await t.app.ctx.db.update(photos).set({ status: 'rejected' }).where(eq(photos.id, second));

    const res = await request(t.app, 'GET', '/api/me', { session });
    expect(res.statusCode, res.body).toBe(200);
    const me = meSchema.parse(res.json());
    expect(me).toMatchObject({
      id: member.id,
      email: member.email,
      name: 'Céline',
      tier_level: 3,
      tier_subscription_active: true,
      tier_subscription_ends_at: endsAt.toISOString(),
      rating_avg: 4.5,
      verified: true,
      lifestyle_tags: ['travel', 'fine_dining'],
      height: `5'9"`,
      view_count: 7,
      location: { city: 'Miami', state: 'FL', coordinates: { lat: 25.76, lng: -80.19 } },
      roles: expect.arrayContaining(['user', 'promoter']),
      capabilities: expect.objectContaining({ can_swipe: true, can_create_parties: true }),
      compliance: { terms_accepted: true, privacy_accepted: expect.any(Boolean), age_verified: false },
    });
    // Rejected photos are not shown; the avatar is the first shown photo.
    expect(me.photos.map((p) => p.id)).toEqual([first]);
    expect(me.avatar).toContain(first);
    expect(Number.isNaN(Date.parse(me.last_active))).toBe(false);
    expect(Number.isNaN(Date.parse(me.created_at))).toBe(false);
  });
});

describe('GET /api/me, a subscription past its end date', () => {
  it('is not active, as every rule counts it, though the stored flag is still set', async () => {
    const { session } = await signedInMember(t.app, {
      tier: 2,
      subscriptionEndsAt: new Date(Date.now() - 86_400_000),
    });
    const me = meSchema.parse((await request(t.app, 'GET', '/api/me', { session })).json());
    expect(me.tier_subscription_active).toBe(false);
    expect(me.capabilities.can_swipe).toBe(false);
  });
});

describe('statements of GET /api/me', () => {
  const counted = useCountedApp();

  it('reads the view with one statement once the session is cached', async () => {
    const { session } = await signedInMember(counted.app);
    expect((await request(counted.app, 'GET', '/api/me', { session })).statusCode).toBe(200);
    counted.statements = 0;
    expect((await request(counted.app, 'GET', '/api/me', { session })).statusCode).toBe(200);
    expect(counted.statements).toBe(1);
  });

  it('answers views asked for at once with one statement, each member with their own', async () => {
    const members = await Promise.all(
      ['Ada', 'Bea', 'Cleo', 'Dora'].map(
        async (name) => (await signedInMember(counted.app, { name })).member,
      ),
    );
    const missing = '00000000-0000-4000-8000-00000000dead';
    counted.statements = 0;
    const views = await Promise.allSettled([
      ...members.map((member) => loadMe(counted.app.ctx, member.id)),
      loadMe(counted.app.ctx, missing),
      // The same member twice in one batch gets the same view twice.
      loadMe(counted.app.ctx, members[0]?.id ?? missing),
    ]);
    expect(counted.statements).toBe(1);
    const names = views.map((view) => (view.status === 'fulfilled' ? view.value.name : null));
    expect(names).toEqual(['Ada', 'Bea', 'Cleo', 'Dora', null, 'Ada']);
    const emails = views.map((view) => (view.status === 'fulfilled' ? view.value.email : null));
    expect(emails.slice(0, 4)).toEqual(members.map((member) => member.email));
    // Only the unknown member's view fails, and as the single read would.
    const failed = views[4];
    expect(failed?.status === 'rejected' && failed.reason.code).toBe('PROFILE_NOT_FOUND');
  });
});

describe('GET /api/me after a change', () => {
  const me = async (session: Session) => {
    const res = await request(t.app, 'GET', '/api/me', { session });
    expect(res.statusCode, res.body).toBe(200);
    return meSchema.parse(res.json());
  };

  it('shows what the member just changed', async () => {
    const { member, session } = await signedInMember(t.app);
    const first = await addPhoto(t.app, member.id, 0);
    const second = await addPhoto(t.app, member.id, 1);
    expect((await me(session)).photos.map((photo) => photo.id)).toEqual([first, second]);
    const deleted = await request(t.app, 'DELETE', `/api/me/photos/${first}`, { session });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await me(session)).photos.map((photo) => photo.id)).toEqual([second]);
  });

  it("shows an admin's rejection of their photo", async () => {
    const { member, session } = await signedInMember(t.app);
    const { session: admin } = await signedInMember(t.app, { tier: 0, roles: ['user', 'admin'] });
    const photo = await addPhoto(t.app, member.id, 0);
    expect((await me(session)).photos.map((p) => p.id)).toEqual([photo]);
    const decided = await request(t.app, 'POST', `/api/admin/photos/${photo}/decision`, {
      session: admin,
      body: { action: 'reject', rejection_reason: 'Not a clear photo of you' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await me(session)).photos).toEqual([]);
  });

  it('shows counters other members moved', async () => {
    const { member, session } = await signedInMember(t.app);
    expect((await me(session)).like_count).toBe(0);
    await t.app.ctx.db.update(profiles).set({ likeCount: 3 }).where(eq(profiles.userId, member.id));
    expect((await me(session)).like_count).toBe(3);
  });
});

describe('GET /api/me across two instances', () => {
  const two = useTwoInstances();

  it('shows on one instance what the member changed through the other', async () => {
    const { a, b } = two;
    const { member, session } = await signedInMember(a);
    const photo = await addPhoto(a, member.id, 0);
    const photosOn = async (app: App) =>
      (await request(app, 'GET', '/api/me', { session })).json().photos.map((p: { id: string }) => p.id);
    expect(await photosOn(b)).toEqual([photo]);
    expect((await request(a, 'DELETE', `/api/me/photos/${photo}`, { session })).statusCode).toBe(200);
    expect(await photosOn(b)).toEqual([]);
  });
});
