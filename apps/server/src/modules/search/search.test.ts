import {
  type LOOKING_FOR,
  SEARCH_COUNT_CAP,
  SEARCH_PAGE_SIZE,
  type SearchPage,
  searchPageSchema,
  shownMiles,
} from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, startTestApp, useTestApp } from '../../../test/app';
import { block, hideOnlineStatus, setVisibility } from '../../../test/discovery';
import { createMember, type MemberOptions, signedInMember, type TestMember } from '../../../test/factories';
import { distanceMiles } from '../../db/geo';
import { profiles, safetySettings } from '../../db/schema';

// Search spans all members: every test starts from an empty database and sees only its own.
const t = useTestApp({}, { isolation: 'test' });
const HOUR = 3600_000;
const LA = { lat: 34.0522, lng: -118.2437 };

async function search(session: Session, query = ''): Promise<SearchPage> {
  const res = await request(t.app, 'GET', `/api/search${query ? `?${query}` : ''}`, { session });
  expect(res.statusCode, res.body).toBe(200);
  return searchPageSchema.parse(res.json());
}
const names = (page: SearchPage) => page.items.map((c) => c.name).sort();

async function setTags(userId: string, tags: string[]) {
  await t.app.ctx.db
    .update(profiles)
    .set({ lifestyleTags: tags as never })
    .where(eq(profiles.userId, userId));
}
async function setLookingFor(userId: string, lookingFor: (typeof LOOKING_FOR)[number]) {
  await t.app.ctx.db.update(profiles).set({ lookingFor }).where(eq(profiles.userId, userId));
}
const locate = (session: Session, body: object) =>
  request(t.app, 'PUT', '/api/me/location', { session, body });

describe('search filters', () => {
  async function cast() {
    const viewer = await signedInMember(t.app, { tier: 3, name: 'Viewer' });
    const make = (name: string, o: MemberOptions = {}) =>
      createMember(t.app, { name, tier: 1, age: 30, ...o });
    const ana = await make('Anastasia', { userType: 'women', age: 25, verified: true });
    const bella = await make('Bella', { userType: 'women', age: 40, tier: 2 });
    const chris = await make('Christopher', { userType: 'men', age: 50, tier: 3, verified: true });
    const dana = await make('Dana', {
      userType: 'women',
      age: 18,
      tier: 0,
      lastActive: new Date(Date.now() - 3 * HOUR),
    });
    const eve = await make('Evelyn', { userType: 'women', age: 65, tier: 2 });
    await setTags(ana.id, ['travel', 'yachts']);
    await setTags(bella.id, ['nightlife']);
    await setTags(chris.id, ['travel']);
    await setLookingFor(ana.id, 'long_term');
    await setLookingFor(chris.id, 'long_term');
    return { ...viewer, ana, bella, chris, dana, eve };
  }

  it('each filter alone, combined, with the count equal to the rows', async () => {
    const { session } = await cast();
    const everyone = await search(session);
    expect(names(everyone)).toEqual(['Anastasia', 'Bella', 'Christopher', 'Dana', 'Evelyn']);
    expect(everyone.total).toBe(5);
    expect(everyone.total_capped).toBe(false);
    expect(everyone.max_visible_tier).toBe(3);
    const cases: [string, string[]][] = [
      ['q=AN', ['Anastasia', 'Dana']],
      ['q=stoph', ['Christopher']],
      ['q=%25', []],
      ['q=_', []],
      ['age_min=40', ['Bella', 'Christopher', 'Evelyn']],
      ['age_max=25', ['Anastasia', 'Dana']],
      ['age_min=18&age_max=18', ['Dana']],
      ['age_min=65&age_max=65', ['Evelyn']],
      ['user_type=men', ['Christopher']],
      ['user_type=women', ['Anastasia', 'Bella', 'Dana', 'Evelyn']],
      ['tier=0', ['Dana']],
      ['tier=2', ['Bella', 'Evelyn']],
      ['tier=3', ['Christopher']],
      ['looking_for=long_term', ['Anastasia', 'Christopher']],
      ['tags=travel', ['Anastasia', 'Christopher']],
      ['tags=nightlife,yachts', ['Anastasia', 'Bella']],
      ['verified=true', ['Anastasia', 'Christopher']],
      ['verified=false', ['Anastasia', 'Bella', 'Christopher', 'Dana', 'Evelyn']],
      ['online=true', ['Anastasia', 'Bella', 'Christopher', 'Evelyn']],
      ['user_type=women&verified=true&tags=travel&age_max=30', ['Anastasia']],
      ['q=a&tier=2&online=true', ['Bella']],
      ['q=a&user_type=men', []],
    ];
    for (const [query, expected] of cases) {
      const page = await search(session, query);
      expect(names(page), query).toEqual(expected);
      expect(page.total, query).toBe(expected.length);
    }
  });

  it('shows no view or like count on a card, and a rating only from three ratings', async () => {
    const { session } = await signedInMember(t.app, { tier: 2 });
    const [rated, unrated] = [await createMember(t.app, { tier: 1 }), await createMember(t.app, { tier: 1 })];
    const counts = { viewCount: 50, likeCount: 12, ratingAvg: 4.2 };
    const prompts = [{ prompt: 'best_trip' as const, answer: 'Kyoto in the rain.' }];
    await t.app.ctx.db
      .update(profiles)
      .set({ ...counts, ratingCount: 3, prompts })
      .where(eq(profiles.userId, rated.id));
    await t.app.ctx.db
      .update(profiles)
      .set({ ...counts, ratingCount: 2 })
      .where(eq(profiles.userId, unrated.id));
    const res = await request(t.app, 'GET', '/api/search', { session });
    const cards: Record<string, unknown>[] = res.json().items;
    for (const card of cards) {
      expect(card).not.toHaveProperty('view_count');
      expect(card).not.toHaveProperty('like_count');
    }
    // The card is read by hand-written SQL: the prompts arrive as the list they are.
    expect(cards.find((c) => c.id === rated.id)).toMatchObject({ rating_avg: 4.2, prompts });
    expect(cards.find((c) => c.id === unrated.id)?.rating_avg).toBeNull();
  });

  it('hides online status from Online Now for members who hide it', async () => {
    const { session, ana } = await cast();
    await hideOnlineStatus(t.app, ana.id);
    expect(names(await search(session, 'online=true'))).not.toContain('Anastasia');
    const card = (await search(session, 'q=Anastasia')).items[0];
    expect(card).toMatchObject({ online: false, last_active: null });
  });

  it('caps tiers at the viewer’s visible tier and refuses a tier above it', async () => {
    const { ana, chris } = await cast();
    const basic = await signedInMember(t.app, { tier: 1 });
    const page = await search(basic.session);
    expect(page.max_visible_tier).toBe(1);
    expect(page.items.every((c) => c.tier_level <= 1)).toBe(true);
    expect(names(page)).toEqual(['Anastasia', 'Dana', 'Viewer'].filter((n) => n !== 'Viewer'));
    expect(page.items.map((c) => c.id)).toContain(ana.id);
    expect(page.items.map((c) => c.id)).not.toContain(chris.id);
    const res = await request(t.app, 'GET', '/api/search?tier=2', { session: basic.session });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Tier Level must be between 0 and 1',
      details: [{ path: 'tier' }],
    });
    const observer = await signedInMember(t.app, { tier: 0 });
    expect(names(await search(observer.session))).toEqual(['Dana']);
  });

  it('leaves out self, ghosts, private, tier_only above the viewer, and blocks either way', async () => {
    const { session, member, ana, bella, chris, dana, eve } = await cast();
    await t.app.ctx.db.update(profiles).set({ ghostMode: true }).where(eq(profiles.userId, ana.id));
    await setVisibility(t.app, bella.id, 'private');
    await block(t.app, member.id, chris.id);
    await block(t.app, dana.id, member.id);
    const page = await search(session);
    expect(names(page)).toEqual(['Evelyn']);
    expect(page.total).toBe(1);
    // tier_only: visible from the member's own tier up.
    await setVisibility(t.app, eve.id, 'tier_only');
    expect(names(await search(session))).toEqual(['Evelyn']);
    const basic = await signedInMember(t.app, { tier: 1 });
    expect(names(await search(basic.session))).toEqual(['Dana']);
  });

  it('refuses out-of-range and malformed filters, naming the filter', async () => {
    const { session } = await cast();
    const refusals: [string, string, string][] = [
      ['age_min=17', 'age_min', 'Age Range must be between 18 and 65'],
      ['age_max=66', 'age_max', 'Age Range must be between 18 and 65'],
      ['age_min=abc', 'age_min', 'Age Range must be a whole number'],
      ['age_min=40&age_max=30', 'age_min', 'Age Range minimum must not be above its maximum'],
      ['max_distance=0', 'max_distance', 'Max Distance must be between 5 and 100'],
      ['max_distance=105', 'max_distance', 'Max Distance must be between 5 and 100'],
      ['max_distance=12', 'max_distance', 'Max Distance must be a multiple of 5 miles'],
      ['max_distance=1.5', 'max_distance', 'Max Distance must be a whole number'],
      ['user_type=both', 'user_type', 'User Type must be men or women'],
      ['tier=5', 'tier', 'Tier Level must be between 0 and 4'],
      ['tier=-1', 'tier', 'Tier Level must be a whole number'],
      [
        'looking_for=forever',
        'looking_for',
        'Looking For must be one of short_term, long_term, uncomplicated, luxury_experiences',
      ],
      ['tags=travel,boats', 'tags', 'Lifestyle Preferences holds an unknown tag'],
      ['tags=travel,travel', 'tags', 'Lifestyle Preferences lists a tag twice'],
      ['verified=yes', 'verified', 'Verified Only must be true or false'],
      ['online=1', 'online', 'Online Now must be true or false'],
      [`q=${'x'.repeat(61)}`, 'q', 'Name search must be at most 60 characters'],
      ['cursor=nonsense', 'cursor', 'Invalid cursor'],
    ];
    for (const [query, path, message] of refusals) {
      const res = await request(t.app, 'GET', `/api/search?${query}`, { session });
      expect(res.statusCode, query).toBe(400);
      const error = res.json().error;
      expect(error.code, query).toBe('VALIDATION_FAILED');
      expect(error.message, query).toBe(message);
      expect(error.details[0].path, query).toContain(path);
    }
  });

  it('is for members only: signed out gets 401, and every tier may browse', async () => {
    expect((await request(t.app, 'GET', '/api/search')).statusCode).toBe(401);
    expect((await request(t.app, 'GET', '/api/search?age_min=17')).statusCode).toBe(401);
    for (const tier of [0, 4] as const) {
      const { session } = await signedInMember(t.app, { tier, subscriptionActive: false });
      expect((await request(t.app, 'GET', '/api/search', { session })).statusCode).toBe(200);
    }
  });
});

describe('search pages', () => {
  it('pages in a stable order without repeats, with the total on the first page', async () => {
    const { session } = await signedInMember(t.app, { tier: 4 });
    const sameInstant = new Date(Date.now() - 10 * 60_000);
    const made = new Set<string>();
    for (let i = 0; i < SEARCH_PAGE_SIZE * 2 + 5; i += 1) {
      // Half share one instant: the id breaks the tie.
      const member = await createMember(t.app, {
        lastActive: i % 2 ? sameInstant : new Date(Date.now() - i * 60_000),
      });
      made.add(member.id);
    }
    const seen: string[] = [];
    let page = await search(session);
    expect(page.total).toBe(made.size);
    let pages = 1;
    seen.push(...page.items.map((c) => c.id));
    while (page.next_cursor) {
      page = await search(session, `cursor=${encodeURIComponent(page.next_cursor)}`);
      expect(page.total).toBeNull();
      seen.push(...page.items.map((c) => c.id));
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(made);
  });

  it('stops counting past the cap ("1,000+ Results") and still pages through every match', async () => {
    const { session } = await signedInMember(t.app, { tier: 4 });
    const many = SEARCH_COUNT_CAP + 30;
    // Written in two statements rather than one factory call each: only the numbers matter here.
    const id = sql.raw(`('10000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid`);
    await t.app.ctx.db.execute(
      sql`insert into users (id, email, name) select ${id}, 'many-' || g || '@example.test', 'Many' from generate_series(1, ${many}) g`,
    );
    await t.app.ctx.db.execute(
      sql`insert into profiles (user_id, name, last_active, onboarded_at) select ${id}, 'Many ' || g, now() - g * interval '1 second', now() from generate_series(1, ${many}) g`,
    );
    let page = await search(session);
    expect(page.total).toBe(SEARCH_COUNT_CAP);
    expect(page.total_capped).toBe(true);
    const seen = page.items.map((c) => c.id);
    while (page.next_cursor) {
      page = await search(session, `cursor=${encodeURIComponent(page.next_cursor)}`);
      seen.push(...page.items.map((c) => c.id));
    }
    expect(seen).toHaveLength(many);
    expect(new Set(seen).size).toBe(many);
  });

  it('builds a shared snapshot once, then costs one statement a page for every viewer of the tier', async () => {
    let statements = 0;
    const counted = await startTestApp({}, {}, { onStatement: () => statements++ });
    try {
      const app = counted.app;
      const viewers = [
        (await signedInMember(app, { tier: 4 })).session,
        (await signedInMember(app, { tier: 4 })).session,
      ];
      for (let i = 0; i < 30; i += 1) await createMember(app, { verified: i % 2 === 0 });
      for (const session of viewers) await request(app, 'GET', '/api/me', { session }); // actors cached
      for (const query of [
        '',
        'verified=true',
        'q=Member&tags=travel&online=true&age_min=20&user_type=men',
      ]) {
        const [first, second] = viewers as [Session, Session];
        statements = 0;
        const cold = await request(app, 'GET', `/api/search?${query}`, { session: first });
        expect(cold.statusCode).toBe(200);
        // The generation, the shared matches, then the page's rows checked for this viewer.
        expect(statements, `${query} first search`).toBe(3);
        statements = 0;
        const warm = await request(app, 'GET', `/api/search?${query}`, { session: second });
        expect(statements, `${query} another viewer`).toBe(1);
        expect(warm.json().total).toBe(cold.json().total);
        const next = warm.json().next_cursor;
        if (next) {
          statements = 0;
          await request(app, 'GET', `/api/search?${query}&cursor=${encodeURIComponent(next)}`, {
            session: second,
          });
          expect(statements, `${query} next page`).toBe(1);
        }
      }
    } finally {
      await counted.dispose();
    }
  });
});

describe('shared snapshots', () => {
  it('drops a member who turns private, ghost or blocks the viewer at the next search, count included', async () => {
    const { session, member: viewer } = await signedInMember(t.app, { tier: 4 });
    const members = [];
    for (let i = 0; i < 5; i += 1) members.push(await createMember(t.app, { name: `Snap ${i}` }));
    const [turnsPrivate, turnsGhost, blocker] = members as [TestMember, TestMember, TestMember];
    expect((await search(session, 'q=snap')).total).toBe(5);

    await setVisibility(t.app, turnsPrivate.id, 'private');
    let page = await search(session, 'q=snap');
    expect(page.total).toBe(4);
    expect(page.items.map((c) => c.id)).not.toContain(turnsPrivate.id);

    await t.app.ctx.db.update(profiles).set({ ghostMode: true }).where(eq(profiles.userId, turnsGhost.id));
    page = await search(session, 'q=snap');
    expect(page.total).toBe(3);
    expect(page.items.map((c) => c.id)).not.toContain(turnsGhost.id);

    // Blocks are the viewer's own: the snapshot stays, and the page and the count leave them out.
    await block(t.app, blocker.id, viewer.id);
    page = await search(session, 'q=snap');
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(2);
    expect(page.items.map((c) => c.id)).not.toContain(blocker.id);
  });

  it('follows a renamed member and a new member at once', async () => {
    const { session } = await signedInMember(t.app, { tier: 4 });
    const renamed = await createMember(t.app, { name: 'Octavia' });
    expect(names(await search(session, 'q=octa'))).toEqual(['Octavia']);
    await t.app.ctx.db.update(profiles).set({ name: 'Livia' }).where(eq(profiles.userId, renamed.id));
    expect((await search(session, 'q=octa')).total).toBe(0);
    await createMember(t.app, { name: 'Octavian' });
    expect(names(await search(session, 'q=octa'))).toEqual(['Octavian']);
  });

  it('checks shown members live: one whose activity lapses leaves Online Now before the snapshot ages out', async () => {
    const { session } = await signedInMember(t.app, { tier: 4 });
    const lapsing = await createMember(t.app, { name: 'Lapsing', lastActive: new Date() });
    await createMember(t.app, { name: 'Staying', lastActive: new Date() });
    expect(names(await search(session, 'online=true'))).toEqual(['Lapsing', 'Staying']);
    // Activity does not move the generation (it changes all the time): only the live check catches it.
    await t.app.ctx.db
      .update(profiles)
      .set({ lastActive: new Date(Date.now() - 2 * HOUR) })
      .where(eq(profiles.userId, lapsing.id));
    expect(names(await search(session, 'online=true'))).toEqual(['Staying']);
  });

  it('moves the generation on every filtered column and setting, and not on activity or counts', async () => {
    const member = await createMember(t.app);
    const generation = async () =>
      (
        (await t.app.ctx.db.execute(sql`select last_value::text as g from search_generation`)) as unknown as {
          rows: { g: string }[];
        }
      ).rows[0]?.g;
    const moves = async (change: () => Promise<unknown>) => {
      const before = await generation();
      await change();
      return (await generation()) !== before;
    };
    const where = eq(profiles.userId, member.id);
    const db = t.app.ctx.db;
    expect(await moves(() => db.update(profiles).set({ name: 'Renamed' }).where(where))).toBe(true);
    expect(await moves(() => db.update(profiles).set({ age: 40 }).where(where))).toBe(true);
    expect(await moves(() => db.update(profiles).set({ ghostMode: true }).where(where))).toBe(true);
    expect(await moves(() => db.update(profiles).set({ geoLat: 1, geoLng: 1 }).where(where))).toBe(true);
    expect(await moves(() => setVisibility(t.app, member.id, 'tier_only'))).toBe(true);
    expect(await moves(() => hideOnlineStatus(t.app, member.id))).toBe(true);
    expect(await moves(() => db.update(profiles).set({ lastActive: new Date() }).where(where))).toBe(false);
    expect(await moves(() => db.update(profiles).set({ likeCount: 3, viewCount: 9 }).where(where))).toBe(
      false,
    );
  });
});

/** Each Max Distance keeps exactly the members whose card figure is within it, and counts them. */
async function expectDistanceFilterToFollow(
  session: Session,
  figure: Map<string, number | null>,
  maxima: number[],
  otherFilters = '',
) {
  for (const max of maxima) {
    const page = await search(session, `${otherFilters}max_distance=${max}`);
    const expected = [...figure]
      .filter(([, d]) => d !== null && d <= max)
      .map(([n]) => n)
      .sort();
    expect(names(page), `max ${max}`).toEqual(expected);
    expect(page.total).toBe(expected.length);
  }
}

describe('distance', () => {
  it('filters by the same whole-mile figure the cards show, and only members who share their location', async () => {
    const viewer = await signedInMember(t.app, { tier: 4, name: 'Viewer' });
    expect((await locate(viewer.session, { kind: 'city', city: 'Los Angeles, CA' })).statusCode).toBe(200);
    const spots: [string, number][] = [
      ['Near', 0.05],
      ['Mid', 0.2],
      ['Far', 0.5],
      ['Farther', 1.1],
    ];
    for (const [name, dLat] of spots) {
      await createMember(t.app, { name, location: { lat: LA.lat + dLat, lng: LA.lng } });
    }
    const hidden = await createMember(t.app, { name: 'Hidden', location: LA });
    await t.app.ctx.db
      .update(safetySettings)
      .set({ locationSharing: false })
      .where(eq(safetySettings.userId, hidden.id));
    await createMember(t.app, { name: 'Nowhere' });

    const all = await search(viewer.session);
    const figure = new Map(all.items.map((c) => [c.name, c.distance_miles]));
    expect(figure.get('Hidden')).toBeNull();
    expect(figure.get('Nowhere')).toBeNull();
    for (const [name] of spots) expect(figure.get(name)).toBeGreaterThanOrEqual(1);
    await expectDistanceFilterToFollow(viewer.session, figure, [5, 10, 15, 20, 25, 30, 50, 75, 100]);
  });

  it('gives viewers who share a distance snapshot each their own matches and count', async () => {
    const viewers = [];
    for (const [i, d] of [0, 0.02, 0.04, 0.07].entries()) {
      const viewer = await signedInMember(t.app, { tier: 4, name: `Viewer ${i}` });
      const moved = await locate(viewer.session, {
        kind: 'position',
        lat: LA.lat + d,
        lng: LA.lng - d,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      viewers.push(viewer);
    }
    for (let i = 0; i < 24; i += 1) {
      await createMember(t.app, {
        name: `Around ${i}`,
        location: { lat: LA.lat + 0.02 * i - 0.2, lng: LA.lng + (i % 3) * 0.03 },
      });
    }
    for (const viewer of viewers) {
      const all = (await search(viewer.session, 'q=around')).items;
      const figure = new Map(all.map((c) => [c.name, c.distance_miles]));
      expect(all.every((c) => typeof c.distance_miles === 'number')).toBe(true);
      // Each viewer's own distance on the shared cards: the same figure as on the profile page.
      for (const card of all.slice(0, 3)) {
        const profile = await request(t.app, 'GET', `/api/members/${card.id}`, { session: viewer.session });
        expect(profile.json().distance_miles, card.name).toBe(card.distance_miles);
      }
      await expectDistanceFilterToFollow(viewer.session, figure, [5, 10, 15], 'q=around&');
    }
  });

  it('hides distance both ways when Location Sharing is off, and then refuses the distance filter', async () => {
    const viewer = await signedInMember(t.app, { tier: 1, location: LA });
    const her = await signedInMember(t.app, { location: { lat: LA.lat + 0.3, lng: LA.lng } });
    const mine = async (s: Session, id: string) => (await search(s)).items.find((c) => c.id === id);
    expect((await mine(viewer.session, her.member.id))?.distance_miles).toBeGreaterThan(1);
    const off = await request(t.app, 'PATCH', '/api/me/settings', {
      session: viewer.session,
      body: { location_sharing: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await mine(viewer.session, her.member.id))?.distance_miles).toBeNull();
    expect((await mine(her.session, viewer.member.id))?.distance_miles).toBeNull();
    const refused = await request(t.app, 'GET', '/api/search?max_distance=50', { session: viewer.session });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details[0].path).toBe('max_distance');
    expect(names(await search(her.session, 'max_distance=100'))).not.toContain(viewer.member.name);
  });

  it('agrees with the shared haversine to the mile', () => {
    expect(shownMiles(distanceMiles(LA, { lat: LA.lat + 0.5, lng: LA.lng }))).toBe(35);
  });
});

describe('location', () => {
  it('places a member at a bundled city or at their position snapped to ~1 km, never the exact point', async () => {
    const { member, session } = await signedInMember(t.app);
    const city = await locate(session, { kind: 'city', city: 'Dubai, UAE' });
    expect(city.json()).toEqual({ city: 'Dubai', state: 'UAE', coordinates: { lat: 25.2, lng: 55.27 } });
    const at = await locate(session, { kind: 'position', lat: 40.758896, lng: -73.98513 });
    expect(at.statusCode).toBe(200);
    expect(at.json()).toEqual({ city: 'New York', state: 'NY', coordinates: { lat: 40.76, lng: -73.99 } });
    const [row] = await t.app.ctx.db.select().from(profiles).where(eq(profiles.userId, member.id));
    expect(row).toMatchObject({ lat: 40.76, lng: -73.99, city: 'New York', state: 'NY' });
    const me = await request(t.app, 'GET', '/api/me', { session });
    expect(me.json().location).toEqual({
      city: 'New York',
      state: 'NY',
      coordinates: { lat: 40.76, lng: -73.99 },
    });
    expect(me.body).not.toContain('40.758896');
  });

  it('refuses an unknown city, a position far from every city, bad coordinates, and signed-out callers', async () => {
    const { session } = await signedInMember(t.app);
    const cases: [object, string][] = [
      [{ kind: 'city', city: 'Atlantis, XX' }, 'Choose a city from the list'],
      [
        { kind: 'position', lat: 0, lng: -30 },
        'Your position is not near any city we serve yet: choose a city from the list',
      ],
      [{ kind: 'position', lat: 91, lng: 0 }, 'Latitude must be between -90 and 90'],
      [{ kind: 'position', lat: 0, lng: 'east' }, ''],
      [{ kind: 'moon' }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await locate(session, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(res.json().error.message).toBe(message);
    }
    expect(
      (await request(t.app, 'PUT', '/api/me/location', { body: { kind: 'city', city: 'Miami, FL' } }))
        .statusCode,
    ).toBe(401);
  });
});
