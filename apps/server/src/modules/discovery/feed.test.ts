import {
  type FeedCard,
  type FeedPage,
  feedPageSchema,
  LOCKED_TEASER_RATIO,
  type TierLevel,
} from '@royal/shared';
import { describe, expect, it } from 'vitest';
import { request, type Session, testConfig, useTestApp } from '../../../test/app';
import {
  addPhoto,
  block,
  boostProfile,
  hideOnlineStatus,
  placeAt,
  setVisibility,
} from '../../../test/discovery';
import { createMember, type MemberOptions, signedInMember } from '../../../test/factories';
import { createMemoryStorage } from '../../adapters/storage/memory';
import { buildApp } from '../../app';

// Every test starts from an empty database: the feed spans all members, and each test must see
// only the members it made.
const t = useTestApp({}, { isolation: 'test' });
const AGE = 30;
const HOUR = 3600_000;

async function feedPage(session: Session, cursor?: string | null): Promise<FeedPage> {
  const url = cursor ? `/api/discovery/feed?cursor=${encodeURIComponent(cursor)}` : '/api/discovery/feed';
  const res = await request(t.app, 'GET', url, { session });
  expect(res.statusCode, res.body).toBe(200);
  return feedPageSchema.parse(res.json());
}

/** Every card of every page, in order. */
async function wholeFeed(session: Session): Promise<{ pages: FeedPage[]; cards: FeedCard[] }> {
  const pages: FeedPage[] = [];
  let cursor: string | null = null;
  do {
    const page = await feedPage(session, cursor);
    pages.push(page);
    cursor = page.next_cursor;
  } while (cursor && pages.length < 20);
  return { pages, cards: pages.flatMap((p) => p.items) };
}

/** A man who prefers one age, and a factory for women of that age (18 and 99 are out of range). */
async function scene(viewer: MemberOptions = {}) {
  const age = AGE;
  const { member, session } = await signedInMember(t.app, {
    tier: 2,
    userType: 'men',
    age,
    ...viewer,
    ageRange: [age, age],
  });
  const woman = (options: MemberOptions = {}) =>
    createMember(t.app, { userType: 'women', age, tier: 1, ...options });
  return { viewer: member, session, age, woman };
}

const swipe = (session: Session, target_id: string, direction: 'left' | 'right' | 'up') =>
  request(t.app, 'POST', '/api/swipes', { session, body: { target_id, direction } });

describe('discovery feed: exclusions', () => {
  const rules: [string, (s: Awaited<ReturnType<typeof scene>>) => Promise<string>][] = [
    ['self', async (s) => s.viewer.id],
    ['ghost mode', async (s) => (await s.woman({ ghostMode: true })).id],
    [
      'already swiped',
      async (s) => {
        const m = await s.woman();
        expect((await swipe(s.session, m.id, 'left')).statusCode).toBe(200);
        return m.id;
      },
    ],
    ['younger than my range', async (s) => (await s.woman({ age: 18 })).id],
    ['older than my range', async (s) => (await s.woman({ age: 99 })).id],
    ['same type', async (s) => (await createMember(t.app, { userType: 'men', age: s.age, tier: 1 })).id],
    [
      'blocked by me',
      async (s) => {
        const m = await s.woman();
        await block(t.app, s.viewer.id, m.id);
        return m.id;
      },
    ],
    [
      'blocking me',
      async (s) => {
        const m = await s.woman();
        await block(t.app, m.id, s.viewer.id);
        return m.id;
      },
    ],
    [
      'private profile',
      async (s) => {
        const m = await s.woman();
        await setVisibility(t.app, m.id, 'private');
        return m.id;
      },
    ],
    [
      'tier_only above my tier (not even as a teaser)',
      async (s) => {
        const m = await s.woman({ tier: 3 });
        await setVisibility(t.app, m.id, 'tier_only');
        return m.id;
      },
    ],
  ];

  it.each(rules)('leaves out: %s', async (_rule, make) => {
    const s = await scene();
    // Five visible members, so one teaser slot exists and a wrongly admitted locked card would show.
    const shown = await Promise.all(Array.from({ length: 5 }, () => s.woman()));
    const excluded = await make(s);
    const ids = (await wholeFeed(s.session)).cards.map((c) => c.id);
    expect(ids).not.toContain(excluded);
    expect(new Set(ids)).toEqual(new Set(shown.map((m) => m.id)));
  });

  it('shows women to men and men to women, and tier_only members to their own tier', async () => {
    const age = AGE;
    const him = await signedInMember(t.app, { userType: 'men', tier: 2, age, ageRange: [age, age] });
    const her = await signedInMember(t.app, { userType: 'women', tier: 2, age, ageRange: [age, age] });
    await setVisibility(t.app, her.member.id, 'tier_only');
    expect((await wholeFeed(him.session)).cards.map((c) => c.id)).toEqual([her.member.id]);
    expect((await wholeFeed(her.session)).cards.map((c) => c.id)).toEqual([him.member.id]);
  });

  it('refuses a signed-out caller and a forged cursor', async () => {
    expect((await request(t.app, 'GET', '/api/discovery/feed')).statusCode).toBe(401);
    const { session } = await scene();
    // A well-formed sort key of the kind a readable cursor would hold: forged, so refused.
    const forged = { v: { r: 0, t: '2026-01-01T00:00:00.000000Z', id: session.userId }, l: null };
    for (const cursor of [
      'not-base64-json',
      Buffer.from('{"v":{"r":9}}').toString('base64url'),
      Buffer.from(JSON.stringify(forged)).toString('base64url'),
    ]) {
      const res = await request(t.app, 'GET', `/api/discovery/feed?cursor=${cursor}`, { session });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('discovery feed: tiers and locked teasers', () => {
  it('shows visible tiers as full cards and higher tiers only as masked teasers, one card in five at most', async () => {
    const s = await scene({ tier: 1 });
    const visible = await Promise.all(
      [0, 1, 0, 1, 0, 1, 0, 1, 0, 1].map((tier) => s.woman({ tier: tier as TierLevel })),
    );
    const higher = await Promise.all(
      ([2, 3, 4, 2, 3] as TierLevel[]).map((tier) =>
        s.woman({ tier, name: `Secret ${tier}`, city: 'Hidden City' }),
      ),
    );
    for (const m of higher) await addPhoto(t.app, m.id);

    const { cards } = await wholeFeed(s.session);
    const full = cards.filter((c) => !c.locked);
    const locked = cards.filter((c) => c.locked);
    expect(new Set(full.map((c) => c.id))).toEqual(new Set(visible.map((m) => m.id)));
    expect(full.every((c) => c.tier_level <= 1)).toBe(true);
    // 10 visible cards leave room for 2 teasers, at positions 4 and 9.
    expect(locked).toHaveLength(2);
    expect(cards.map((c) => c.locked)).toEqual([
      false,
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      false,
      true,
      false,
      false,
    ]);
    for (const card of locked) {
      expect(Object.keys(card).sort()).toEqual([
        'age',
        'blurred_photo',
        'id',
        'locked',
        'required_tier',
        'tier_level',
      ]);
      expect(card.tier_level).toBeGreaterThan(1);
      expect(card.required_tier).toBe(card.tier_level);
      expect(card.blurred_photo).toMatch(/^\/api\/photos\/[0-9a-f-]{36}\?size=blur$/);
      const json = JSON.stringify(card);
      expect(json).not.toContain('Secret');
      expect(json).not.toContain('Hidden City');
      expect(json).not.toContain('Test member');
      expect(json).not.toContain('size=large');
    }
    for (let i = 0; i + LOCKED_TEASER_RATIO <= cards.length; i += 1) {
      expect(cards.slice(i, i + LOCKED_TEASER_RATIO).filter((c) => c.locked).length).toBeLessThanOrEqual(1);
    }
  });

  it('adds no teaser when fewer than five visible cards come back', async () => {
    const s = await scene({ tier: 1 });
    await Promise.all([
      s.woman(),
      s.woman(),
      s.woman(),
      s.woman(),
      s.woman({ tier: 3 }),
      s.woman({ tier: 4 }),
    ]);
    const { cards } = await wholeFeed(s.session);
    expect(cards).toHaveLength(4);
    expect(cards.some((c) => c.locked)).toBe(false);
  });

  it('gives a tier 4 viewer full cards of every tier and no teasers', async () => {
    const s = await scene({ tier: 4 });
    const all = await Promise.all(
      ([0, 1, 2, 3, 4, 4, 3, 2, 1, 0] as TierLevel[]).map((tier) => s.woman({ tier })),
    );
    const { cards } = await wholeFeed(s.session);
    expect(cards.every((c) => !c.locked)).toBe(true);
    expect(new Set(cards.map((c) => c.id))).toEqual(new Set(all.map((m) => m.id)));
  });

  it('lets a tier 0 observer browse tier 0 profiles, with higher tiers as teasers', async () => {
    const s = await scene({ tier: 0 });
    const observers = await Promise.all(Array.from({ length: 5 }, () => s.woman({ tier: 0 })));
    const paid = await s.woman({ tier: 1 });
    const { cards } = await wholeFeed(s.session);
    expect(
      cards
        .filter((c) => !c.locked)
        .map((c) => c.id)
        .sort(),
    ).toEqual(observers.map((m) => m.id).sort());
    expect(cards.filter((c) => c.locked).map((c) => c.id)).toEqual([paid.id]);
  });
});

describe('discovery feed: order and pages', () => {
  it('ranks boosted, then sponsored or top-10% members first, then by last activity', async () => {
    const s = await scene();
    const ago = (ms: number) => new Date(Date.now() - ms);
    const plainRecent = await s.woman({ lastActive: ago(0) });
    const plainOld = await s.woman({ lastActive: ago(24 * HOUR) });
    const sponsored = await s.woman({ sponsored: true, lastActive: ago(48 * HOUR) });
    const popular = await s.woman({ popularity: 90, lastActive: ago(72 * HOUR) });
    const almostPopular = await s.woman({ popularity: 89, lastActive: ago(HOUR) });
    const boosted = await s.woman({ lastActive: ago(120 * HOUR) });
    await boostProfile(t.app, boosted.id, new Date(Date.now() + HOUR));
    const boostOver = await s.woman({ lastActive: ago(HOUR / 6) });
    await boostProfile(t.app, boostOver.id, ago(HOUR));

    const { cards } = await wholeFeed(s.session);
    expect(cards.map((c) => c.id)).toEqual(
      [boosted, sponsored, popular, plainRecent, boostOver, almostPopular, plainOld].map((m) => m.id),
    );
  });

  it('pages with a cursor: 20 visible cards a page, no duplicates, nothing skipped', async () => {
    const s = await scene({ tier: 1 });
    const lastActive = new Date(Date.now() - HOUR); // many ties: the user id breaks them
    const visible = [];
    for (let i = 0; i < 45; i += 1) {
      visible.push(
        await s.woman({
          lastActive: i % 3 === 0 ? lastActive : new Date(Date.now() - i * 1000),
          sponsored: i % 7 === 0,
        }),
      );
    }
    const locked = await Promise.all(Array.from({ length: 12 }, () => s.woman({ tier: 2 })));

    const { pages, cards } = await wholeFeed(s.session);
    expect(pages.map((p) => p.items.filter((c) => !c.locked).length)).toEqual([20, 20, 5]);
    expect(pages.map((p) => p.items.filter((c) => c.locked).length)).toEqual([4, 4, 1]);
    expect(pages.at(-1)?.next_cursor).toBeNull();
    const ids = cards.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(cards.filter((c) => !c.locked).map((c) => c.id))).toEqual(
      new Set(visible.map((m) => m.id)),
    );
    const lockedIds = new Set(locked.map((m) => m.id));
    expect(cards.filter((c) => c.locked).every((c) => lockedIds.has(c.id))).toBe(true);
  });
  it('two viewers paging at once each get their own pages', async () => {
    const him = await scene({ tier: 1 });
    const her = await signedInMember(t.app, {
      tier: 1,
      userType: 'women',
      age: AGE,
      ageRange: [AGE, AGE],
    });
    const man = (options: MemberOptions = {}) =>
      createMember(t.app, { userType: 'men', age: AGE, tier: 1, ...options });
    const women = await Promise.all(Array.from({ length: 25 }, () => him.woman()));
    const lockedWomen = await Promise.all(Array.from({ length: 3 }, () => him.woman({ tier: 2 })));
    const men = await Promise.all(Array.from({ length: 22 }, () => man()));
    const lockedMen = await Promise.all(Array.from({ length: 2 }, () => man({ tier: 2 })));

    const seen = { his: [] as FeedCard[], hers: [] as FeedCard[] };
    let cursors: { his?: string | null; hers?: string | null } = {};
    let pagesAsked = 0;
    while (cursors.his !== null || cursors.hers !== null) {
      const [his, hers] = await Promise.all([
        cursors.his === null ? null : feedPage(him.session, cursors.his),
        cursors.hers === null ? null : feedPage(her.session, cursors.hers),
      ]);
      pagesAsked += Number(his !== null) + Number(hers !== null);
      seen.his.push(...(his?.items ?? []));
      seen.hers.push(...(hers?.items ?? []));
      cursors = { his: his ? his.next_cursor : null, hers: hers ? hers.next_cursor : null };
    }

    const ids = (cards: FeedCard[], locked: boolean) =>
      new Set(cards.filter((card) => card.locked === locked).map((card) => card.id));
    // She is a woman of his age, and he a man of hers: each is in the other's feed.
    expect(ids(seen.his, false)).toEqual(new Set([...women.map((w) => w.id), her.member.id]));
    expect(ids(seen.his, true)).toEqual(new Set(lockedWomen.map((w) => w.id)));
    expect(ids(seen.hers, false)).toEqual(new Set([...men.map((m) => m.id), him.viewer.id]));
    expect(ids(seen.hers, true)).toEqual(new Set(lockedMen.map((m) => m.id)));
    expect(seen.his.length).toBe(new Set(seen.his.map((card) => card.id)).size);
    expect(seen.hers.length).toBe(new Set(seen.hers.map((card) => card.id)).size);
    expect(pagesAsked).toBe(4);
  });
});

describe('discovery feed: card contents', () => {
  it('shows approved photos main first, distance in whole miles and online status unless hidden', async () => {
    const s = await scene();
    await placeAt(t.app, s.viewer.id, 25.7617, -80.1918); // Miami
    const near = await s.woman({ lastActive: new Date() });
    await placeAt(t.app, near.id, 25.7617, -80.1918);
    const second = await addPhoto(t.app, near.id, 1);
    const main = await addPhoto(t.app, near.id, 0);
    const far = await s.woman({ lastActive: new Date(Date.now() - 2 * HOUR) });
    await placeAt(t.app, far.id, 26.1224, -80.1373); // Fort Lauderdale, ~25 miles
    const nowhere = await s.woman({ lastActive: new Date() });
    await hideOnlineStatus(t.app, nowhere.id);

    const cards = new Map((await wholeFeed(s.session)).cards.map((c) => [c.id, c]));
    const n = cards.get(near.id);
    const f = cards.get(far.id);
    const x = cards.get(nowhere.id);
    if (n?.locked !== false || f?.locked !== false || x?.locked !== false) throw new Error('missing cards');
    expect(n.photos.map((p) => p.id)).toEqual([main, second]);
    expect(n.photos[0]?.url).toBe(`/api/photos/${main}?size=large`);
    expect(n.avatar).toBe(`/api/photos/${main}?size=face`);
    expect(n.distance_miles).toBe(1);
    expect(n.online).toBe(true);
    expect(f.distance_miles).toBeGreaterThanOrEqual(24);
    expect(f.distance_miles).toBeLessThanOrEqual(26);
    expect(f.online).toBe(false);
    expect(f.last_active).not.toBeNull();
    expect(x.distance_miles).toBeNull();
    expect(x.online).toBe(false);
    expect(x.last_active).toBeNull();
    expect(x.photos).toEqual([]);
    expect(x.avatar).toBeNull();
  });
});

describe('Start Over', () => {
  it('Start Over brings back passed profiles only', async () => {
    const s = await scene();
    const { session } = s;
    const passed = await s.woman();
    const liked = await s.woman();
    const superLiked = await s.woman();
    const untouched = await s.woman();
    await swipe(session, passed.id, 'left');
    await swipe(session, liked.id, 'right');
    await swipe(session, superLiked.id, 'up');
    const feedIds = async () =>
      (await request(t.app, 'GET', '/api/discovery/feed', { session }))
        .json()
        .items.map((c: { id: string }) => c.id);
    expect(await feedIds()).toEqual([untouched.id]);

    const reset = await request(t.app, 'POST', '/api/discovery/reset', { session });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ cleared: 1 });
    expect((await feedIds()).sort()).toEqual([passed.id, untouched.id].sort());
    expect((await request(t.app, 'POST', '/api/discovery/reset', { session })).json()).toEqual({
      cleared: 0,
    });
    expect((await request(t.app, 'POST', '/api/discovery/reset')).statusCode).toBe(401);
  });
});

describe('discovery feed on a database migrated at start', () => {
  it('pages on a fresh embedded database, as `npm start` creates it (types made after it opened)', async () => {
    // The tests' databases are copies of a migrated template; the app itself opens a new folder and
    // migrates it, so PGlite meets the enum types only after it started.
    const app = await buildApp(testConfig(), { storage: createMemoryStorage(), logger: false, jobs: false });
    try {
      await app.ready();
      const { session } = await signedInMember(app, { tier: 1, userType: 'men', age: AGE });
      const woman = await createMember(app, { userType: 'women', age: AGE, tier: 1 });
      const res = await request(app, 'GET', '/api/discovery/feed', { session });
      expect(res.statusCode, res.body).toBe(200);
      expect(feedPageSchema.parse(res.json()).items.map((card) => card.id)).toEqual([woman.id]);
    } finally {
      await app.close();
    }
  });
});
