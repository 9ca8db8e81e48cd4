import { INTERESTS_LIST_LIMIT, type Interests, interestsSchema } from '@royal/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { addPhoto, block, profileCounts, setVisibility } from '../../../test/discovery';
import { createMember, type MemberOptions, signedInMember, signInAs } from '../../../test/factories';
import { profiles, profileViews, swipeActions } from '../../db/schema';

const t = useTestApp();

const swipe = async (session: Session, target_id: string, direction: 'left' | 'right' | 'up') => {
  const res = await request(t.app, 'POST', '/api/swipes', { session, body: { target_id, direction } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

async function interests(session: Session): Promise<Interests> {
  const res = await request(t.app, 'GET', '/api/interests', { session });
  expect(res.statusCode, res.body).toBe(200);
  return interestsSchema.parse(res.json());
}

/** A signed-in man, the member whose Interests screen the test reads. */
const me = (options: MemberOptions = {}) => signedInMember(t.app, { userType: 'men', tier: 2, ...options });
const admirer = async (options: MemberOptions = {}) => {
  const member = await createMember(t.app, { userType: 'women', tier: 2, ...options });
  return { member, session: await signInAs(t.app, member) };
};
const ids = (rows: Interests['viewed_me']) => rows.map((r) => r.member.id);

describe('interests', () => {
  it('lists who liked, super liked and viewed me, and my favorites, newest first, with the counts', async () => {
    const viewer = await me();
    const liker = await admirer();
    const superLiker = await admirer();
    const secondSuperLiker = await admirer();
    const visitor = await admirer();
    const favorite = await createMember(t.app, { userType: 'women' });
    const secondFavorite = await createMember(t.app, { userType: 'women' });

    await swipe(liker.session, viewer.member.id, 'right');
    await swipe(superLiker.session, viewer.member.id, 'up');
    await swipe(secondSuperLiker.session, viewer.member.id, 'up');
    expect(
      (await request(t.app, 'GET', `/api/members/${viewer.member.id}`, { session: visitor.session }))
        .statusCode,
    ).toBe(200);
    await swipe(viewer.session, favorite.id, 'up');
    await swipe(viewer.session, secondFavorite.id, 'up');
    // A pass on me is not interest.
    const passer = await admirer();
    await swipe(passer.session, viewer.member.id, 'left');

    const list = await interests(viewer.session);
    expect(ids(list.viewed_me)).toEqual([
      visitor.member.id,
      secondSuperLiker.member.id,
      superLiker.member.id,
      liker.member.id,
    ]);
    expect(list.viewed_me.every((r) => r.action === 'viewed')).toBe(true);
    expect(ids(list.favorited_me)).toEqual([secondSuperLiker.member.id, superLiker.member.id]);
    expect(list.favorited_me.every((r) => r.action === 'super_liked')).toBe(true);
    expect(ids(list.my_favorites)).toEqual([secondFavorite.id, favorite.id]);
    expect(list.my_favorites.every((r) => r.action === 'favorite')).toBe(true);
    // Profile Views: the four members Viewed Me lists.
    expect(list.stats).toEqual({ profile_views: 4, super_likes: 2, favorites: 2 });
    const times = list.viewed_me.map((r) => Date.parse(r.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('keeps one Viewed Me row per member, the newest, and links an active match', async () => {
    const viewer = await me();
    const her = await admirer();
    await swipe(her.session, viewer.member.id, 'right');
    await request(t.app, 'GET', `/api/members/${viewer.member.id}`, { session: her.session });
    const matched = await swipe(viewer.session, her.member.id, 'up');
    expect(matched.match).not.toBeNull();

    const list = await interests(viewer.session);
    expect(ids(list.viewed_me)).toEqual([her.member.id]);
    const [like] = await t.app.ctx.db
      .select({ at: swipeActions.createdAt })
      .from(swipeActions)
      .where(and(eq(swipeActions.swiperId, her.member.id), eq(swipeActions.targetId, viewer.member.id)));
    expect(Date.parse(list.viewed_me[0]?.at ?? '')).toBeGreaterThan(like?.at.getTime() ?? Infinity);
    expect(list.viewed_me[0]?.match_id).toBe(matched.match.id);
    expect(list.my_favorites[0]?.match_id).toBe(matched.match.id);
    const herList = await interests(her.session);
    expect(herList.favorited_me.map((r) => [r.member.id, r.match_id])).toEqual([
      [viewer.member.id, matched.match.id],
    ]);
  });

  it(`returns at most ${INTERESTS_LIST_LIMIT} rows per list, the newest`, async () => {
    const viewer = await me();
    const base = Date.now() - 3600_000;
    const likers = [];
    for (let i = 0; i < INTERESTS_LIST_LIMIT + 5; i += 1) {
      const m = await createMember(t.app, { userType: 'women' });
      likers.push(m);
      await t.app.ctx.db.insert(swipeActions).values({
        swiperId: m.id,
        targetId: viewer.member.id,
        direction: 'up',
        createdAt: new Date(base + i * 1000),
      });
    }
    const list = await interests(viewer.session);
    const newest = likers
      .slice(-INTERESTS_LIST_LIMIT)
      .reverse()
      .map((m) => m.id);
    expect(ids(list.viewed_me)).toEqual(newest);
    expect(ids(list.favorited_me)).toEqual(newest);
    expect(list.stats.super_likes).toBe(INTERESTS_LIST_LIMIT + 5);
  });

  it('leaves out blocked, ghost and private members but masks higher tiers like locked cards', async () => {
    const viewer = await me({ tier: 1 });
    const blocked = await admirer({ tier: 1 });
    const blocking = await admirer({ tier: 1 });
    const ghost = await admirer({ tier: 1 });
    const hidden = await admirer({ tier: 1 });
    const vault = await admirer({ tier: 3, name: 'Valentina' });
    const photo = await addPhoto(t.app, vault.member.id);
    for (const m of [blocked, blocking, ghost, hidden, vault]) await swipe(m.session, viewer.member.id, 'up');
    await block(t.app, viewer.member.id, blocked.member.id);
    await block(t.app, blocking.member.id, viewer.member.id);
    // Ghost mode switched on after the swipe.
    await t.app.ctx.db.update(profiles).set({ ghostMode: true }).where(eq(profiles.userId, ghost.member.id));
    await setVisibility(t.app, hidden.member.id, 'private');

    const list = await interests(viewer.session);
    expect(ids(list.viewed_me)).toEqual([vault.member.id]);
    expect(ids(list.favorited_me)).toEqual([vault.member.id]);
    expect(list.stats.super_likes).toBe(1);
    // Above the viewer's tier: the feed's locked teaser, with the tier to upgrade to — no name,
    // place, text or clear photo (her profile page is restricted to this viewer too).
    for (const row of [list.viewed_me[0], list.favorited_me[0]]) {
      expect(row?.member).toEqual({
        locked: true,
        id: vault.member.id,
        tier_level: 3,
        age: 30,
        blurred_photo: `/api/photos/${photo}?size=blur`,
        required_tier: 3,
      });
      expect(row?.match_id).toBeNull();
    }
    expect(JSON.stringify(list)).not.toContain('Valentina');
    expect(JSON.stringify(list)).not.toContain('Miami');
  });

  it('counts in Profile Views the members Viewed Me lists: each once, none who have since hidden', async () => {
    const viewer = await me();
    const daily = await admirer();
    const liker = await admirer();
    const hiding = await admirer();
    const visit = (session: Session) =>
      request(t.app, 'GET', `/api/members/${viewer.member.id}`, { session });
    // A visit yesterday and one today: the card's counter counts both days, the list one member.
    await visit(daily.session);
    await t.app.ctx.db
      .update(profileViews)
      .set({ viewedAt: sql`viewed_at - interval '1 day'`, countedAt: sql`counted_at - interval '1 day'` })
      .where(eq(profileViews.viewerId, daily.member.id));
    await visit(daily.session);
    expect((await profileCounts(t.app, viewer.member.id)).viewCount).toBe(2);
    await swipe(liker.session, viewer.member.id, 'right');
    await visit(hiding.session);
    await setVisibility(t.app, hiding.member.id, 'private');

    const list = await interests(viewer.session);
    expect(ids(list.viewed_me)).toEqual([liker.member.id, daily.member.id]);
    expect(list.stats.profile_views).toBe(2);
  });

  it('does not list or count a ghost-mode visitor', async () => {
    const viewer = await me();
    const ghost = await signedInMember(t.app, { userType: 'women', tier: 4, ghostMode: true });
    await request(t.app, 'GET', `/api/members/${viewer.member.id}`, { session: ghost.session });
    const list = await interests(viewer.session);
    expect(list.viewed_me).toEqual([]);
    expect(list.stats.profile_views).toBe(0);
  });

  it('removes my favorite, and refuses a missing one or another member’s', async () => {
    const viewer = await me();
    const other = await me();
    const target = await createMember(t.app, { userType: 'women' });
    const liked = await createMember(t.app, { userType: 'women' });
    await swipe(viewer.session, target.id, 'up');
    await swipe(other.session, target.id, 'up');
    await swipe(viewer.session, liked.id, 'right');
    expect((await profileCounts(t.app, target.id)).likeCount).toBe(2);

    const removed = await request(t.app, 'DELETE', `/api/favorites/${target.id}`, {
      session: viewer.session,
    });
    expect(removed.statusCode).toBe(204);
    expect((await interests(viewer.session)).my_favorites).toEqual([]);
    expect((await profileCounts(t.app, target.id)).likeCount).toBe(1);
    expect(ids((await interests(other.session)).my_favorites)).toEqual([target.id]);
    const stranger = await me();
    const notTheirs = await request(t.app, 'DELETE', `/api/favorites/${target.id}`, {
      session: stranger.session,
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(ids((await interests(other.session)).my_favorites)).toEqual([target.id]);

    for (const id of [target.id, liked.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await request(t.app, 'DELETE', `/api/favorites/${id}`, { session: viewer.session });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const stillLiked = await t.app.ctx.db
      .select()
      .from(swipeActions)
      .where(and(eq(swipeActions.swiperId, viewer.member.id), eq(swipeActions.targetId, liked.id)));
    expect(stillLiked).toHaveLength(1);
    expect((await request(t.app, 'DELETE', `/api/favorites/${target.id}`)).statusCode).toBe(401);
  });
});
