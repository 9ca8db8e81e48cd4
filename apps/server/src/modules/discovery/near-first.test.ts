import {
  deckWidenedNotice,
  FEED_PAGE_SIZE,
  type FeedCard,
  type FeedPage,
  feedPageSchema,
} from '@royal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { boostProfile, placeAt } from '../../../test/discovery';
import { createMember, type MemberOptions, signedInMember } from '../../../test/factories';
import { DUBAI, LOS_ANGELES, MIAMI, northOf } from '../../../test/places';
import { profiles } from '../../db/schema';

// Near first (issue 33, shared deck-order.ts): members within the viewer's distance preference lead
// the deck, nearest band first and the most active first within a band (then boosts and popularity);
// the page says where it widens beyond the preference. Members are placed at known distances due
// north of the viewer (placeAt puts the coarse cell on the point, so the distances are exact).
const t = useTestApp({}, { isolation: 'test' });
const AGE = 31;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function viewerAt(at: { lat: number; lng: number }, distancePreference: number) {
  const { member, session } = await signedInMember(t.app, {
    tier: 4,
    userType: 'men',
    age: AGE,
    ageRange: [AGE, AGE],
  });
  await placeAt(t.app, member.id, at.lat, at.lng);
  await t.app.ctx.db.update(profiles).set({ distancePreference }).where(eq(profiles.userId, member.id));
  return { id: member.id, session };
}

async function womanAt(at: { lat: number; lng: number } | null, options: MemberOptions & { name: string }) {
  const member = await createMember(t.app, { userType: 'women', age: AGE, tier: 1, ...options });
  if (at) await placeAt(t.app, member.id, at.lat, at.lng);
  return member;
}

async function feedPage(session: Session, cursor?: string | null): Promise<FeedPage> {
  const url = cursor ? `/api/discovery/feed?cursor=${encodeURIComponent(cursor)}` : '/api/discovery/feed';
  const res = await request(t.app, 'GET', url, { session });
  expect(res.statusCode, res.body).toBe(200);
  return feedPageSchema.parse(res.json());
}

const namesOf = (cards: FeedCard[]) => cards.map((card) => (card.locked ? 'locked' : card.name));
const ago = (ms: number) => new Date(Date.now() - ms);

describe('discovery feed: near first', () => {
  it('in Dubai: within the preference first, nearest band then most active then promoted; then widens and says so', async () => {
    const viewer = await viewerAt(DUBAI, 25);
    // Made in an order unlike the expected one, so the creation order cannot pass the test.
    await womanAt(LOS_ANGELES, { name: 'Far boosted', lastActive: ago(MINUTE) }).then((m) =>
      boostProfile(t.app, m.id, new Date(Date.now() + DAY)),
    );
    await womanAt(northOf(DUBAI, 40), { name: 'Forty miles', lastActive: ago(2 * MINUTE) });
    await womanAt(null, { name: 'No location', lastActive: ago(3 * MINUTE) });
    await womanAt(northOf(DUBAI, 15), { name: 'Fifteen, quiet, boosted', lastActive: ago(2 * DAY) }).then(
      (m) => boostProfile(t.app, m.id, new Date(Date.now() + DAY)),
    );
    await womanAt(northOf(DUBAI, 18), { name: 'Eighteen, active', lastActive: ago(10 * MINUTE) });
    await womanAt(northOf(DUBAI, 22), {
      name: 'Twenty-two, active, popular',
      lastActive: ago(20 * MINUTE),
      popularity: 95,
    });
    await womanAt(northOf(DUBAI, 4), { name: 'Four miles', lastActive: ago(MINUTE) });
    await womanAt(northOf(DUBAI, 1), { name: 'One mile, quiet', lastActive: ago(3 * DAY) });

    const page = await feedPage(viewer.session);
    expect(namesOf(page.items)).toEqual([
      'One mile, quiet', // band ≤ 2 miles, whatever the activity
      'Four miles', // band ≤ 5
      'Twenty-two, active, popular', // band 10–25, active within the hour, promoted
      'Eighteen, active', // same band and activity, not promoted
      'Fifteen, quiet, boosted', // same band, active two days ago: activity before the boost
      // Beyond 25 miles: the usual order (a live boost first, then the most recently active).
      'Far boosted',
      'Forty miles',
      'No location',
    ]);
    expect(page.widening).toEqual({ from_index: 5, within_miles: 25 });
    expect(deckWidenedNotice(25)).toBe('No one new within 25 miles — showing members further away');
    const distances = page.items.slice(0, 5).map((card) => (card.locked ? null : card.distance_miles));
    expect(distances).toEqual([1, 4, 22, 18, 15]);
  });

  it('in Miami with a 10-mile preference: Dubai and 12 miles away come after, and the walk pages without gaps', async () => {
    const viewer = await viewerAt(MIAMI, 10);
    // More members within 10 miles than one page holds: the near walk continues on page two.
    const near = FEED_PAGE_SIZE + 4;
    for (let i = 0; i < near; i++) {
      await womanAt(northOf(MIAMI, 0.3 + i * 0.35), { name: `Near ${i}`, lastActive: ago((i % 5) * DAY) });
    }
    await womanAt(northOf(MIAMI, 12), { name: 'Twelve miles', lastActive: ago(MINUTE) });
    await womanAt(DUBAI, { name: 'Dubai', lastActive: ago(2 * MINUTE) });

    const first = await feedPage(viewer.session);
    expect(first.items).toHaveLength(FEED_PAGE_SIZE);
    expect(first.widening).toBeNull();
    expect(namesOf(first.items).every((name) => name.startsWith('Near '))).toBe(true);
    // Each page runs band by band; within a band, the more recently active first.
    const miles = first.items.map((card) => (card.locked ? 0 : (card.distance_miles ?? 0)));
    const bands = miles.map((m) => [2, 5, 10].findIndex((edge) => m <= edge));
    expect(bands).toEqual([...bands].sort((a, b) => a - b));

    const second = await feedPage(viewer.session, first.next_cursor);
    expect(namesOf(second.items)).toHaveLength(near - FEED_PAGE_SIZE + 2);
    expect(namesOf(second.items).slice(-2)).toEqual(['Twelve miles', 'Dubai']);
    expect(second.widening).toEqual({ from_index: near - FEED_PAGE_SIZE, within_miles: 10 });
    expect(second.next_cursor).toBeNull();
    const all = [...namesOf(first.items), ...namesOf(second.items)];
    expect(new Set(all).size).toBe(near + 2);
  });

  it('pages through members at exactly one distance without skipping or repeating any', async () => {
    const viewer = await viewerAt(MIAMI, 25);
    const count = FEED_PAGE_SIZE + 5;
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      ids.push((await womanAt(northOf(MIAMI, 3), { name: `Same ${i}`, lastActive: ago(i * MINUTE) })).id);
    }
    const first = await feedPage(viewer.session);
    const second = await feedPage(viewer.session, first.next_cursor);
    const seen = [...first.items, ...second.items].map((card) => card.id);
    expect(seen).toHaveLength(count);
    expect(new Set(seen)).toEqual(new Set(ids));
  });

  it('keeps the usual order for a viewer without a location, and never says it widened', async () => {
    const { session } = await signedInMember(t.app, {
      tier: 4,
      userType: 'men',
      age: AGE,
      ageRange: [AGE, AGE],
    });
    await womanAt(northOf(MIAMI, 1), { name: 'Older', lastActive: ago(DAY) });
    await womanAt(DUBAI, { name: 'Newer', lastActive: ago(MINUTE) });
    const page = await feedPage(session);
    expect(namesOf(page.items)).toEqual(['Newer', 'Older']);
    expect(page.widening).toBeNull();
  });

  it('after the near members are swiped, a fresh first page starts beyond the preference and says so', async () => {
    const viewer = await viewerAt(DUBAI, 25);
    const near = await womanAt(northOf(DUBAI, 3), { name: 'Near', lastActive: ago(MINUTE) });
    await womanAt(LOS_ANGELES, { name: 'Far', lastActive: ago(MINUTE) });
    const swiped = await request(t.app, 'POST', '/api/swipes', {
      session: viewer.session,
      body: { target_id: near.id, direction: 'left' },
    });
    expect(swiped.statusCode).toBe(200);
    const page = await feedPage(viewer.session);
    expect(namesOf(page.items)).toEqual(['Far']);
    expect(page.widening).toEqual({ from_index: 0, within_miles: 25 });
  });
});
