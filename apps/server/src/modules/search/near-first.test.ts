import { SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE, type SearchPage, searchPageSchema } from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { placeAt } from '../../../test/discovery';
import { createMember, type MemberOptions, signedInMember } from '../../../test/factories';
import { DUBAI, LOS_ANGELES, MIAMI, MILES_PER_DEGREE, northOf } from '../../../test/places';
import { profiles } from '../../db/schema';
import { planeDegrees } from '../members';

// Browse's default order (decision 046): without a distance filter, a viewer with a location sees
// the members within their distance preference first, nearest first (each page in the deck's bands:
// distance, then activity), then everyone else most recently active first; the page says where it
// widens. Members are placed due north of the viewer at known distances (placeAt puts the coarse
// cell on the point).
const t = useTestApp({}, { isolation: 'test' });
const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);

async function viewerAt(at: { lat: number; lng: number }, distancePreference: number) {
  const { member, session } = await signedInMember(t.app, { tier: 4 });
  await placeAt(t.app, member.id, at.lat, at.lng);
  await t.app.ctx.db.update(profiles).set({ distancePreference }).where(eq(profiles.userId, member.id));
  return { id: member.id, session };
}

async function memberAt(at: { lat: number; lng: number } | null, options: MemberOptions & { name: string }) {
  const member = await createMember(t.app, { tier: 1, ...options });
  if (at) await placeAt(t.app, member.id, at.lat, at.lng);
  return member;
}

async function browse(session: Session, query = ''): Promise<SearchPage> {
  const res = await request(t.app, 'GET', `/api/search${query ? `?${query}` : ''}`, { session });
  expect(res.statusCode, res.body).toBe(200);
  return searchPageSchema.parse(res.json());
}

/** Every page of a search, in order. */
async function allPages(session: Session, query = ''): Promise<SearchPage[]> {
  const pages = [await browse(session, query)];
  for (let page = pages[0] as SearchPage; page.next_cursor; ) {
    const cursor = `cursor=${encodeURIComponent(page.next_cursor)}`;
    page = await browse(session, query ? `${query}&${cursor}` : cursor);
    pages.push(page);
  }
  return pages;
}

const names = (page: SearchPage) => page.items.map((card) => card.name);

describe('browse: near first', () => {
  it('in Dubai: within the preference first, nearest band then most active; then everyone else by activity, and says where', async () => {
    const viewer = await viewerAt(DUBAI, 25);
    // Made in an order unlike the expected one, so creation order cannot pass the test.
    await memberAt(LOS_ANGELES, { name: 'Los Angeles, just now', lastActive: ago(MINUTE) });
    await memberAt(northOf(DUBAI, 40), { name: 'Forty miles', lastActive: ago(2 * MINUTE) });
    await memberAt(null, { name: 'No location', lastActive: ago(3 * MINUTE) });
    await memberAt(northOf(DUBAI, 15), { name: 'Fifteen, quiet', lastActive: ago(3 * 24 * 60 * MINUTE) });
    await memberAt(northOf(DUBAI, 18), { name: 'Eighteen, active', lastActive: ago(10 * MINUTE) });
    await memberAt(northOf(DUBAI, 1), { name: 'One mile, idle', lastActive: ago(40 * 24 * 60 * MINUTE) });
    await memberAt(northOf(DUBAI, 4), { name: 'Four miles', lastActive: ago(30 * MINUTE) });
    await memberAt(MIAMI, { name: 'Miami', lastActive: ago(5 * MINUTE) });

    const page = await browse(viewer.session);
    expect(names(page)).toEqual([
      'One mile, idle', // ≤ 2 miles: the nearest band, however idle
      'Four miles', // ≤ 5
      'Eighteen, active', // ≤ 25, active within the hour
      'Fifteen, quiet', // ≤ 25, active days ago
      'Los Angeles, just now', // beyond the preference: most recently active first
      'Forty miles',
      'No location',
      'Miami',
    ]);
    expect(page.widening).toEqual({ from_index: 4, within_miles: 25 });
    expect(page.total).toBe(8);
    expect(page.next_cursor).toBeNull();
  });

  it('in Miami with a filter: the filter holds in both parts, and a distance filter keeps the activity order', async () => {
    const viewer = await viewerAt(MIAMI, 10);
    await memberAt(northOf(MIAMI, 12), {
      name: 'Twelve miles, verified',
      verified: true,
      lastActive: ago(MINUTE),
    });
    await memberAt(northOf(MIAMI, 3), {
      name: 'Three miles, verified',
      verified: true,
      lastActive: ago(9 * MINUTE),
    });
    await memberAt(northOf(MIAMI, 2), { name: 'Two miles, unverified', lastActive: ago(2 * MINUTE) });
    await memberAt(DUBAI, { name: 'Dubai, verified', verified: true, lastActive: ago(5 * MINUTE) });

    const verified = await browse(viewer.session, 'verified=true');
    expect(names(verified)).toEqual(['Three miles, verified', 'Twelve miles, verified', 'Dubai, verified']);
    expect(verified.widening).toEqual({ from_index: 1, within_miles: 10 });

    // Asked for a distance: that radius, most recently active first, and nothing to widen.
    const within = await browse(viewer.session, 'max_distance=15');
    expect(names(within)).toEqual([
      'Twelve miles, verified',
      'Two miles, unverified',
      'Three miles, verified',
    ]);
    expect(within.widening).toBeNull();
  });

  it('starts beyond the preference when no one is near, and a viewer without a location gets the activity order', async () => {
    const viewer = await viewerAt(DUBAI, 25);
    await memberAt(LOS_ANGELES, { name: 'Los Angeles', lastActive: ago(2 * MINUTE) });
    await memberAt(MIAMI, { name: 'Miami', lastActive: ago(MINUTE) });
    const page = await browse(viewer.session);
    expect(names(page)).toEqual(['Miami', 'Los Angeles']);
    expect(page.widening).toEqual({ from_index: 0, within_miles: 25 });

    const hide = await request(t.app, 'PATCH', '/api/me/settings', {
      session: viewer.session,
      body: { location_sharing: false },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    const hidden = await browse(viewer.session);
    expect(names(hidden)).toEqual(['Miami', 'Los Angeles']);
    expect(hidden.widening).toBeNull();
  });

  it('pages through near and far without repeating or skipping anyone, the near part nearest first across pages', async () => {
    const viewer = await viewerAt(DUBAI, 25);
    const near = 27;
    const far = 26;
    for (let i = 0; i < near; i += 1) {
      // Several at one distance, so pages end inside a tie of the walk.
      await memberAt(northOf(DUBAI, 1 + Math.floor(i / 3) * 2), {
        name: `Near ${i}`,
        lastActive: ago(i * MINUTE),
      });
    }
    for (let i = 0; i < far; i += 1) {
      await memberAt(i % 2 ? LOS_ANGELES : MIAMI, { name: `Far ${i}`, lastActive: ago(i * MINUTE) });
    }
    const pages = await allPages(viewer.session);
    const seen = pages.flatMap(names);
    expect(seen).toHaveLength(near + far);
    expect(new Set(seen).size).toBe(near + far);
    // Near first: every near member before every far one; the far ones most recently active first.
    expect(seen.slice(0, near).every((name) => name.startsWith('Near'))).toBe(true);
    expect(seen.slice(near)).toEqual(Array.from({ length: far }, (_, i) => `Far ${i}`));
    // Across pages the walk goes outward: a page's nearest is no nearer than the previous page's farthest.
    const miles = (card: SearchPage['items'][number]) => card.distance_miles ?? Number.POSITIVE_INFINITY;
    const nearPages = pages.map((page) => page.items.filter((card) => card.name.startsWith('Near')));
    for (let p = 1; p < nearPages.length; p += 1) {
      const before = nearPages[p - 1] ?? [];
      const now = nearPages[p] ?? [];
      if (before.length && now.length) {
        expect(Math.min(...now.map(miles))).toBeGreaterThanOrEqual(Math.max(...before.map(miles)));
      }
    }
    // It says where it widens once: on the page where the far members begin.
    const widened = pages.filter((page) => page.widening);
    expect(widened).toHaveLength(1);
    const at =
      pages.indexOf(widened[0] as SearchPage) * SEARCH_PAGE_SIZE + (widened[0]?.widening?.from_index ?? 0);
    expect(at).toBe(near);
  });

  it('with more matches than the snapshot holds: the recently active near ones first, then the tables, each member once even as activity moves on', async () => {
    const viewer = await viewerAt(DUBAI, 25);
    const many = SEARCH_COUNT_CAP + 120;
    const id = sql.raw(`('20000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid`);
    // Every third member near (1–20 miles north), the rest in Los Angeles; one a second apart.
    const lat = sql.raw(
      `case when g % 3 = 0 then ${DUBAI.lat} + (1 + g % 20) / ${MILES_PER_DEGREE} else ${LOS_ANGELES.lat} end`,
    );
    const lng = sql.raw(`case when g % 3 = 0 then ${DUBAI.lng} else ${LOS_ANGELES.lng} end`);
    await t.app.ctx.db.execute(
      sql`insert into users (id, email, name) select ${id}, 'many-' || g || '@example.test', 'Many' from generate_series(1, ${many}) g`,
    );
    await t.app.ctx.db.execute(
      sql`insert into profiles (user_id, name, last_active, onboarded_at, lat, lng, geo_lat, geo_lng)
        select ${id}, 'Many ' || g, now() - g * interval '1 second', now(), ${lat}, ${lng}, ${lat}, ${lng}
        from generate_series(1, ${many}) g`,
    );
    const first = await browse(viewer.session);
    expect(first.total).toBe(SEARCH_COUNT_CAP);
    expect(first.items.every((card) => (card.distance_miles ?? 99) <= 25)).toBe(true);
    const seen = first.items.map((card) => card.id);
    let page = first;
    for (let n = 1; page.next_cursor; n += 1) {
      if (n === 3) {
        // Activity moves on and a filtered column changes: the snapshot is rebuilt and no longer
        // holds the members this traversal showed first, so its near part continues from the tables.
        await t.app.ctx.db.execute(
          sql`update profiles set last_active = now() where user_id in (select user_id from profiles where name like 'Many %' and geo_lat = ${LOS_ANGELES.lat} order by last_active limit 300)`,
        );
        await t.app.ctx.db.execute(sql`update profiles set verified = not verified where name = 'Many 2'`);
      }
      page = await browse(viewer.session, `cursor=${encodeURIComponent(page.next_cursor)}`);
      seen.push(...page.items.map((card) => card.id));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(many);
  });

  it('refuses a near cursor once the viewer asks for a distance, with the stable code', async () => {
    const viewer = await viewerAt(DUBAI, 25);
    for (let i = 0; i < SEARCH_PAGE_SIZE + 2; i += 1) {
      await memberAt(northOf(DUBAI, 1 + (i % 20)), { name: `Near ${i}`, lastActive: ago(i * MINUTE) });
    }
    const page = await browse(viewer.session);
    expect(page.next_cursor).not.toBeNull();
    const res = await request(
      t.app,
      'GET',
      `/api/search?max_distance=50&cursor=${encodeURIComponent(page.next_cursor as string)}`,
      { session: viewer.session },
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('computes the walk key in memory exactly as PostgreSQL orders the geo index', async () => {
    const from = DUBAI;
    const points = Array.from({ length: 300 }, (_, i) => ({
      lat: -60 + ((i * 37) % 120) + i / 7,
      lng: -170 + ((i * 53) % 340) + i / 13,
    }));
    const result = await t.app.ctx.db.execute<{ d: number }>(
      sql`select (point(x, y) <-> point(${from.lng}::float8, ${from.lat}::float8)) as d
        from unnest(${`{${points.map((p) => p.lng).join(',')}}`}::float8[], ${`{${points.map((p) => p.lat).join(',')}}`}::float8[]) with ordinality as t(x, y, n)
        order by n`,
    );
    expect(result.rows.map((row) => Number(row.d))).toEqual(points.map((p) => planeDegrees(from, p)));
  });
});
