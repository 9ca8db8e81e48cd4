import { feedPageSchema, interestsSchema } from '@royal/shared';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { addPhoto, matchedPair } from '../../../test/discovery';
import { type MemberOptions, signedInMember } from '../../../test/factories';

// Incognito Mode and Profile Visibility (issue 34, decision 049): who may see a member, on every
// screen that shows members, decided by the server on the next request after the setting is saved.
const t = useTestApp({}, { isolation: 'test' });
const AGE = 33;

const save = async (session: Session, body: object) => {
  const res = await request(t.app, 'PATCH', '/api/me/settings', { session, body });
  expect(res.statusCode, res.body).toBe(200);
};
const swipe = async (session: Session, target_id: string, direction: 'left' | 'right' | 'up') => {
  const res = await request(t.app, 'POST', '/api/swipes', { session, body: { target_id, direction } });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const feedIds = async (session: Session) => {
  const res = await request(t.app, 'GET', '/api/discovery/feed', { session });
  expect(res.statusCode, res.body).toBe(200);
  return feedPageSchema.parse(res.json()).items.map((card) => card.id);
};
const searchIds = async (session: Session) => {
  const res = await request(t.app, 'GET', '/api/search', { session });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { id: string }[]).map((card) => card.id);
};
const likedMeIds = async (session: Session) => {
  const res = await request(t.app, 'GET', '/api/interests', { session });
  expect(res.statusCode, res.body).toBe(200);
  return interestsSchema.parse(res.json()).viewed_me.map((row) => row.member.id);
};
const profileStatus = async (session: Session, id: string) =>
  (await request(t.app, 'GET', `/api/members/${id}`, { session })).statusCode;

/** Two men of one age who see women of that age, and a woman with a photo (so she is in feeds). */
async function scene() {
  const viewer: MemberOptions = { tier: 2, userType: 'men', age: AGE, ageRange: [AGE, AGE] };
  const liked = await signedInMember(t.app, { ...viewer, name: 'Liked' });
  const stranger = await signedInMember(t.app, { ...viewer, name: 'Stranger' });
  const her = await signedInMember(t.app, { tier: 2, userType: 'women', age: AGE, ageRange: [AGE, AGE] });
  await addPhoto(t.app, her.member.id);
  return { liked, stranger, her };
}

describe('Incognito Mode', () => {
  it('shows the member only to the members she liked: feed, Interests and her page; never in browse', async () => {
    const { liked, stranger, her } = await scene();
    expect(await feedIds(stranger.session)).toContain(her.member.id);
    expect(await searchIds(stranger.session)).toContain(her.member.id);

    await save(her.session, { incognito_mode: true });
    await swipe(her.session, liked.member.id, 'right');

    // A member she has not liked: she is nowhere, and her page answers as if she did not exist.
    expect(await feedIds(stranger.session)).not.toContain(her.member.id);
    expect(await searchIds(stranger.session)).not.toContain(her.member.id);
    expect(await profileStatus(stranger.session, her.member.id)).toBe(404);
    const refused = await request(t.app, 'POST', '/api/swipes', {
      session: stranger.session,
      body: { target_id: her.member.id, direction: 'right' },
    });
    expect(refused.statusCode).toBe(404);

    // The member she liked sees her in his deck, in Interests and on her page; browse is a directory
    // and lists no incognito member (decision 049).
    expect(await feedIds(liked.session)).toContain(her.member.id);
    expect(await likedMeIds(liked.session)).toContain(her.member.id);
    expect(await profileStatus(liked.session, her.member.id)).toBe(200);
    expect(await searchIds(liked.session)).not.toContain(her.member.id);

    // Turned off: everyone sees her again at once.
    await save(her.session, { incognito_mode: false });
    expect(await feedIds(stranger.session)).toContain(her.member.id);
    expect(await searchIds(stranger.session)).toContain(her.member.id);
    expect(await profileStatus(stranger.session, her.member.id)).toBe(200);
  });

  it('does not show a pass as a like', async () => {
    const { stranger, her } = await scene();
    await save(her.session, { incognito_mode: true });
    await swipe(her.session, stranger.member.id, 'left');
    expect(await feedIds(stranger.session)).not.toContain(her.member.id);
    expect(await profileStatus(stranger.session, her.member.id)).toBe(404);
  });
});

describe('Profile Visibility', () => {
  it('private: only her matches see her page and their chat; nobody finds her', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const stranger = await signedInMember(t.app, { tier: 4, userType: 'men' });
    await save(her.session, { profile_visibility: 'private' });

    expect(await profileStatus(him.session, her.member.id)).toBe(200);
    expect(await profileStatus(stranger.session, her.member.id)).toBe(404);
    expect(await searchIds(stranger.session)).not.toContain(her.member.id);
    expect(await searchIds(him.session)).not.toContain(her.member.id);
    const matches = (await request(t.app, 'GET', '/api/matches', { session: him.session })).json();
    expect(matches.items.map((m: { id: string }) => m.id)).toContain(matchId);
    const sent = await request(t.app, 'POST', `/api/matches/${matchId}/messages`, {
      session: him.session,
      body: { id: crypto.randomUUID(), content: 'Still on for Friday?' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
  });

  it('tier_only: members of her tier and above see her, lower tiers do not', async () => {
    const her = await signedInMember(t.app, { tier: 3, userType: 'women' });
    await addPhoto(t.app, her.member.id);
    const lower = await signedInMember(t.app, { tier: 2, userType: 'men' });
    const same = await signedInMember(t.app, { tier: 3, userType: 'men' });
    await save(her.session, { profile_visibility: 'tier_only' });
    expect(await profileStatus(lower.session, her.member.id)).toBe(404);
    expect(await profileStatus(same.session, her.member.id)).toBe(200);
  });
});

describe('Show Online Status off', () => {
  it('hides others’ online status from the member too: deck, browse and profile page', async () => {
    const { stranger, her } = await scene();
    type Card = { id: string; online: boolean; last_active: string | null };
    const seen = async () => {
      const feed = (await request(t.app, 'GET', '/api/discovery/feed', { session: stranger.session })).json();
      const search = (await request(t.app, 'GET', '/api/search', { session: stranger.session })).json();
      const page = (
        await request(t.app, 'GET', `/api/members/${her.member.id}`, { session: stranger.session })
      ).json();
      const mine = (items: Card[]) => items.find((card) => card.id === her.member.id);
      return [mine(feed.items), mine(search.items), page.member ?? page].map((card) => ({
        online: card?.online,
        shown: card?.last_active !== null,
      }));
    };
    expect(await seen()).toEqual(Array(3).fill({ online: true, shown: true }));
    await save(stranger.session, { show_online_status: false });
    expect(await seen()).toEqual(Array(3).fill({ online: false, shown: false }));
    await save(stranger.session, { show_online_status: true });
    expect(await seen()).toEqual(Array(3).fill({ online: true, shown: true }));
  });
});
