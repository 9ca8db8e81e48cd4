import { memberProfileSchema } from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { addPhoto, block, placeAt, profileCounts, setVisibility } from '../../../test/discovery';
import { createMember, type MemberOptions, signedInMember } from '../../../test/factories';
import { profiles, profileViews, swipeActions } from '../../db/schema';

const t = useTestApp();

const open = (session: Session, id: string) => request(t.app, 'GET', `/api/members/${id}`, { session });
const swipe = (session: Session, target_id: string, direction: 'left' | 'right' | 'up') =>
  request(t.app, 'POST', '/api/swipes', { session, body: { target_id, direction } });
const woman = (options: MemberOptions = {}) => createMember(t.app, { userType: 'women', ...options });
/** Opens the page and reads the member's stored view count (the page itself no longer shows it). */
const viewsAfterOpening = async (session: Session, id: string) => {
  await open(session, id);
  return (await profileCounts(t.app, id)).viewCount;
};

async function viewsRecorded(viewerId: string, viewedId: string) {
  const rows = await t.app.ctx.db
    .select()
    .from(profileViews)
    .where(and(eq(profileViews.viewerId, viewerId), eq(profileViews.viewedId, viewedId)));
  return rows.length;
}

describe('profile page', () => {
  it('shows a visible member and counts a view once per viewer per day', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 2 });
    const her = await woman({ tier: 2, name: 'Serena' });
    const photo = await addPhoto(t.app, her.id);

    const first = await open(session, her.id);
    expect(first.statusCode, first.body).toBe(200);
    const profile = memberProfileSchema.parse(first.json());
    expect(profile).toMatchObject({ id: her.id, name: 'Serena', my_swipe: null, match_id: null });
    expect((await profileCounts(t.app, her.id)).viewCount).toBe(1);
    expect(profile.photos).toEqual([{ id: photo, url: `/api/photos/${photo}?size=large` }]);
    expect(await viewsRecorded(member.id, her.id)).toBe(1);

    // Opening the page again the same day (or a link doing it for you) counts nothing more.
    for (let i = 0; i < 3; i += 1) expect(await viewsAfterOpening(session, her.id)).toBe(1);

    // A day later the same viewer counts again.
    await t.app.ctx.db
      .update(profileViews)
      .set({ countedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(and(eq(profileViews.viewerId, member.id), eq(profileViews.viewedId, her.id)));
    expect(await viewsAfterOpening(session, her.id)).toBe(2);

    // Another viewer counts once too; a cross-site request opens the page but counts nothing.
    const other = await signedInMember(t.app, { tier: 2 });
    const crossSite = await request(t.app, 'GET', `/api/members/${her.id}`, {
      session: other.session,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(200);
    expect((await profileCounts(t.app, her.id)).viewCount).toBe(2);
    expect(await viewsAfterOpening(other.session, her.id)).toBe(3);
  });

  it('sends no view or like count of another member, and their rating only from three ratings', async () => {
    const { session } = await signedInMember(t.app, { tier: 2 });
    const her = await woman({ tier: 2 });
    const where = eq(profiles.userId, her.id);
    await t.app.ctx.db
      .update(profiles)
      .set({ viewCount: 40, likeCount: 9, ratingAvg: 4.7, ratingCount: 2 })
      .where(where);

    const page = (await open(session, her.id)).json();
    expect(page).not.toHaveProperty('view_count');
    expect(page).not.toHaveProperty('like_count');
    expect(page.rating_avg).toBeNull();

    await t.app.ctx.db.update(profiles).set({ ratingCount: 3 }).where(where);
    expect((await open(session, her.id)).json().rating_avg).toBe(4.7);
  });

  it('gives Profile Views the same count as the page views Viewed Me lists', async () => {
    const her = await signedInMember(t.app, { userType: 'women', tier: 2 });
    const visitors = [await signedInMember(t.app, { tier: 2 }), await signedInMember(t.app, { tier: 3 })];
    for (const visitor of visitors) {
      for (let i = 0; i < 4; i += 1) await open(visitor.session, her.member.id);
    }
    const interests = (await request(t.app, 'GET', '/api/interests', { session: her.session })).json();
    expect(interests.stats.profile_views).toBe(2);
    expect(interests.viewed_me).toHaveLength(2);
  });

  it('counts no view Viewed Me would not list: a private viewer, a tier-only one above her, one not onboarded', async () => {
    const her = await signedInMember(t.app, { userType: 'women', tier: 1 });
    const hidden = await signedInMember(t.app, { tier: 2 });
    await setVisibility(t.app, hidden.member.id, 'private');
    const above = await signedInMember(t.app, { tier: 3 });
    await setVisibility(t.app, above.member.id, 'tier_only');
    for (const viewer of [hidden, above]) {
      const page = await open(viewer.session, her.member.id);
      expect(page.statusCode, page.body).toBe(200);
      expect((await profileCounts(t.app, her.member.id)).viewCount).toBe(0);
    }
    // An account that never finished onboarding is not in the app yet: no page, no view.
    const newcomer = await signedInMember(t.app, { onboarded: false });
    const refused = await open(newcomer.session, her.member.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ONBOARDING_REQUIRED');
    const interests = (await request(t.app, 'GET', '/api/interests', { session: her.session })).json();
    expect(interests.stats.profile_views).toBe(0);
    expect(interests.viewed_me).toEqual([]);
  });

  it('reports no match with a member you have not matched, whatever your other matches', async () => {
    const him = await signedInMember(t.app, { userType: 'men' });
    const first = await signedInMember(t.app, { userType: 'women' });
    const second = await signedInMember(t.app, { userType: 'women' });
    await swipe(him.session, first.member.id, 'right');
    const matched = (await swipe(first.session, him.member.id, 'right')).json();
    expect(matched.match).not.toBeNull();
    expect((await open(him.session, first.member.id)).json().match_id).toBe(matched.match.id);
    expect((await open(him.session, second.member.id)).json().match_id).toBeNull();
    expect((await open(second.session, him.member.id)).json().match_id).toBeNull();
  });

  it('does not record or count a ghost-mode viewer, nor yourself', async () => {
    const ghost = await signedInMember(t.app, { tier: 4, ghostMode: true });
    const her = await woman();
    expect(await viewsAfterOpening(ghost.session, her.id)).toBe(0);
    expect(await viewsRecorded(ghost.member.id, her.id)).toBe(0);

    const self = await open(ghost.session, ghost.member.id);
    expect(self.statusCode).toBe(200);
    expect(memberProfileSchema.parse(self.json())).toMatchObject({
      id: ghost.member.id,
      my_swipe: null,
      match_id: null,
    });
    expect((await profileCounts(t.app, ghost.member.id)).viewCount).toBe(0);
  });

  it('shows your own page also under your id in upper case, private or not', async () => {
    const me = await signedInMember(t.app, { tier: 2 });
    for (const visibility of ['public', 'private'] as const) {
      await setVisibility(t.app, me.member.id, visibility);
      const res = await open(me.session, me.member.id.toUpperCase());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().id).toBe(me.member.id);
    }
    expect(await viewsRecorded(me.member.id, me.member.id)).toBe(0);
  });

  it('does not record or count a viewer in Incognito Mode, who still sees the page', async () => {
    const viewer = await signedInMember(t.app, { tier: 2 });
    const her = await woman({ tier: 1 });
    const on = await request(t.app, 'PATCH', '/api/me/settings', {
      session: viewer.session,
      body: { incognito_mode: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    const page = await open(viewer.session, her.id);
    expect(page.statusCode).toBe(200);
    expect((await profileCounts(t.app, her.id)).viewCount).toBe(0);
    expect(await viewsRecorded(viewer.member.id, her.id)).toBe(0);
    // Off again, the next opening counts.
    await request(t.app, 'PATCH', '/api/me/settings', {
      session: viewer.session,
      body: { incognito_mode: false },
    });
    expect(await viewsAfterOpening(viewer.session, her.id)).toBe(1);
    expect(await viewsRecorded(viewer.member.id, her.id)).toBe(1);
  });

  it('answers 403 Profile Restricted with the tier needed for a higher tier, without recording a view', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 1 });
    const vault = await woman({ tier: 3 });
    const res = await open(session, vault.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'PROFILE_RESTRICTED',
      message: 'This profile is only visible to Tier 3+ members. Upgrade your tier to view this profile.',
      details: { required_tier: 3, my_swipe: null },
    });
    expect(await viewsRecorded(member.id, vault.id)).toBe(0);
    expect((await profileCounts(t.app, vault.id)).viewCount).toBe(0);
    // Once liked (with a message token), the refusal says so: the page need not offer it again.
    await t.app.ctx.db
      .insert(swipeActions)
      .values({ swiperId: member.id, targetId: vault.id, direction: 'right' });
    expect((await open(session, vault.id)).json().error.details).toEqual({
      required_tier: 3,
      my_swipe: 'right',
    });
  });

  it('answers 404 for ghost, private, tier_only-above, blocked (either way) and unknown members', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 2 });
    const ghost = await woman({ ghostMode: true });
    const hidden = await woman();
    await setVisibility(t.app, hidden.id, 'private');
    const exclusive = await woman({ tier: 3 });
    await setVisibility(t.app, exclusive.id, 'tier_only');
    const blockedByMe = await woman();
    await block(t.app, member.id, blockedByMe.id);
    const blockingMe = await woman();
    await block(t.app, blockingMe.id, member.id);
    for (const id of [
      ghost.id,
      hidden.id,
      exclusive.id,
      blockedByMe.id,
      blockingMe.id,
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await open(session, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error).toEqual({ code: 'PROFILE_NOT_FOUND', message: 'Profile not found' });
    }
    // tier_only is visible from the member's own tier up.
    const peer = await signedInMember(t.app, { tier: 3 });
    expect((await open(peer.session, exclusive.id)).statusCode).toBe(200);
    expect((await request(t.app, 'GET', `/api/members/${ghost.id}`)).statusCode).toBe(401);
    expect((await open(session, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('fills in my_swipe and the active match', async () => {
    const him = await signedInMember(t.app, { userType: 'men' });
    const her = await signedInMember(t.app, { userType: 'women' });
    await swipe(him.session, her.member.id, 'up');
    expect((await open(him.session, her.member.id)).json()).toMatchObject({ my_swipe: 'up', match_id: null });
    const matched = (await swipe(her.session, him.member.id, 'right')).json();
    expect(matched.match).not.toBeNull();
    expect((await open(him.session, her.member.id)).json()).toMatchObject({
      my_swipe: 'up',
      match_id: matched.match.id,
    });
    expect((await open(her.session, him.member.id)).json()).toMatchObject({
      my_swipe: 'right',
      match_id: matched.match.id,
    });
  });
});

describe('member presenter', () => {
  it('says since which month a verified member is verified, and nothing of an unverified one', async () => {
    const { session } = await signedInMember(t.app, { tier: 2 });
    const her = await woman({ tier: 2, verified: true });
    const him = await createMember(t.app, { tier: 2, verified: false });
    const card = async (id: string) => memberProfileSchema.parse((await open(session, id)).json());
    const setVerified = (id: string, values: { verified: boolean; verifiedAt?: Date }) =>
      t.app.ctx.db.update(profiles).set(values).where(eq(profiles.userId, id));

    // Verified as she was created: since this month (the database dates it, UTC).
    expect((await card(her.id)).verified_since).toBe(new Date().toISOString().slice(0, 7));
    expect((await card(him.id)).verified_since).toBeNull();

    // Verified in March 2025: only the month leaves the server, not the moment.
    await setVerified(her.id, { verified: false });
    expect((await card(her.id)).verified_since).toBeNull();
    await setVerified(her.id, { verified: true, verifiedAt: new Date('2025-03-10T08:30:00Z') });
    const reply = await open(session, her.id);
    expect(memberProfileSchema.parse(reply.json()).verified_since).toBe('2025-03');
    expect(reply.body).not.toContain('2025-03-10');

    // A second approval keeps the first date; losing the badge loses the date with it.
    await setVerified(her.id, { verified: true });
    expect((await card(her.id)).verified_since).toBe('2025-03');
    await setVerified(her.id, { verified: false, verifiedAt: new Date('2025-03-10T08:30:00Z') });
    expect((await card(her.id)).verified_since).toBeNull();
  });

  it('never puts the e-mail, exact or coarse coordinates into a card or a profile', async () => {
    const age = 44;
    const viewer = await signedInMember(t.app, { userType: 'men', tier: 2, age, ageRange: [age, age] });
    const her = await woman({ age, tier: 2 });
    await placeAt(t.app, viewer.member.id, 40.7128, -74.006);
    await placeAt(t.app, her.id, 40.758896, -73.98513);
    const feed = await request(t.app, 'GET', '/api/discovery/feed', { session: viewer.session });
    const profile = await open(viewer.session, her.id);
    for (const json of [
      JSON.stringify(feed.json().items.find((c: { id: string }) => c.id === her.id)),
      profile.body,
    ]) {
      expect(json).toContain(her.id);
      expect(json).not.toContain(her.email);
      expect(json).not.toContain('@example.test');
      expect(json).not.toMatch(/"(lat|lng|geo_lat|geo_lng|email|coordinates)"/);
      expect(json).not.toContain('40.758896');
      expect(json).not.toContain('73.98513');
    }
  });
});
