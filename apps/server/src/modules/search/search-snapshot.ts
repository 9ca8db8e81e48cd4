import { distanceMiles, SEARCH_COUNT_CAP, type SearchFilters } from '@royal/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { LatLng } from '../../db/geo';
import type { MemberActor } from '../auth';
import { planeDegrees, reachBox, reachOf } from '../members';
import type { CardJson } from './presenter';
import { createSnapshotCache, type Snapshot, type SnapshotCache } from './snapshots';
import {
  type DistanceGrid,
  type NearSince,
  type SearchRow,
  snapshotStatement,
  windowStatements,
} from './statements';

// A search's snapshot (snapshots.ts keeps them): what it holds besides its matches, how it is built
// and keyed, each viewer's view of it, and the cache of them per app.

/** A match, with its cell when the member shares their location. */
export type SnapshotMatch = Snapshot['entries'][number] & { lat: number | null; lng: number | null };

/** The matches of a snapshot one viewer sees (before their blocks), in order, and their ids. */
export type SnapshotView = { entries: SnapshotMatch[]; ids: Set<string>; complete: boolean };

/** A snapshot with what its viewers' requests reuse: the compiled window statements and cards read. */
export type SearchSnapshot = Omit<Snapshot, 'entries'> & {
  entries: SnapshotMatch[];
  statements: ReturnType<typeof windowStatements>;
  /** Cards already read for this snapshot, by id: later requests only check that they still pass. */
  cards: Map<string, SearchRow>;
  /** Those cards as JSON, presented once for every viewer of the snapshot (cardJson, presenter.ts). */
  json: WeakMap<SearchRow, CardJson>;
  grid: DistanceGrid | null;
  /** Without distance, the one view; with it, each viewer cell's, made on its first search. */
  views: Map<string, SnapshotView>;
};

/**
 * Distinct viewer cells whose views a distance snapshot keeps (each a list of references to its
 * matches); later cells' views are made per request. Bounds a snapshot's memory, as MAX_CARDS does.
 */
const MAX_VIEWS = 32;
/** Cards a snapshot keeps: the first pages, where nearly every search looks; deeper ones are read each time. */
export const MAX_CARDS = 100;

/**
 * The viewer's view of a snapshot. Within a distance snapshot (the grid square's wider circle), the
 * viewer's matches are those within reach of their own cell — the same haversine as the SQL, which
 * checks each shown card again.
 */
export function viewOf(snapshot: SearchSnapshot, viewer: MemberActor, filters: SearchFilters): SnapshotView {
  const geo = snapshot.grid && filters.max_distance !== undefined ? viewer.geo : null;
  const key = geo ? `${geo.lat},${geo.lng}` : '';
  const kept = snapshot.views.get(key);
  if (kept) return kept;
  const reach = reachOf(filters.max_distance ?? 0);
  const entries = geo
    ? snapshot.entries.filter(
        (match) =>
          match.lat !== null &&
          match.lng !== null &&
          distanceMiles(geo, { lat: match.lat, lng: match.lng }) < reach,
      )
    : snapshot.entries;
  const view = { entries, ids: new Set(entries.map((match) => match.id)), complete: snapshot.complete };
  if (snapshot.views.size < MAX_VIEWS) snapshot.views.set(key, view);
  return view;
}

/**
 * Near-first's test of a match (browse's order without a distance filter): within the viewer's
 * preference and active since `since`. The box is tried before the haversine, so most members cost
 * four comparisons.
 */
export function nearTest({ geo, miles, since }: NearSince): (match: SnapshotMatch) => boolean {
  const box = reachBox(geo, miles);
  const reach = reachOf(miles);
  return ({ key, lat, lng }) =>
    key >= since &&
    lat !== null &&
    lng !== null &&
    lat >= box.south &&
    lat <= box.north &&
    lng >= box.west &&
    lng <= box.east &&
    distanceMiles(geo, { lat, lng }) < reach;
}

/** A match within the viewer's preference and its planar distance (the near walk's key). */
export type NearMatch = { match: SnapshotMatch; degrees: number };

/** The walk's order: planar distance, then id. */
const byWalk = (a: NearMatch, b: NearMatch) =>
  a.degrees - b.degrees || (a.match.id < b.match.id ? -1 : a.match.id > b.match.id ? 1 : 0);

/** How many of the nearest a page is first offered: a page and one more, with room for live-check misses. */
const NEAREST_FIRST = 32;

/**
 * A view's near matches (nearTest) past where the walk stopped, nearest first as the near walk goes.
 * A page reads a few of hundreds, so the nearest few are picked first (one pass) and the rest sorted
 * only if a page reads past them. (Sorting every near match, or copying each match with its
 * distance, cost ~0.5–0.8 ms a request on the benchmark's snapshots.)
 */
export function* nearestFirst(
  entries: readonly SnapshotMatch[],
  near: NearSince,
  after: (degrees: number, id: string) => boolean,
): Generator<NearMatch> {
  const isNear = nearTest(near);
  const found: NearMatch[] = [];
  for (const match of entries) {
    if (!isNear(match)) continue;
    const degrees = planeDegrees(near.geo, match as LatLng);
    if (after(degrees, match.id)) found.push({ match, degrees });
  }
  const nearest: NearMatch[] = [];
  for (const candidate of found) {
    const last = nearest[NEAREST_FIRST - 1];
    if (last && byWalk(candidate, last) >= 0) continue;
    let at = nearest.length;
    while (at > 0 && byWalk(candidate, nearest[at - 1] as NearMatch) < 0) at -= 1;
    nearest.splice(at, 0, candidate);
    if (nearest.length > NEAREST_FIRST) nearest.pop();
  }
  yield* nearest;
  if (found.length > NEAREST_FIRST) yield* found.sort(byWalk).slice(NEAREST_FIRST);
}

/** The entries from `start` on, skipping those `skip` says (read lazily: a page needs a few). */
export function* entriesFrom(
  entries: readonly SnapshotMatch[],
  start: number,
  skip?: (match: SnapshotMatch) => boolean,
): Generator<SnapshotMatch> {
  for (let i = start; i < entries.length; i += 1) {
    const match = entries[i] as SnapshotMatch;
    if (!skip?.(match)) yield match;
  }
}

/**
 * Near-first's `since` for a traversal starting on this snapshot: every member within the preference
 * when it holds every match (''), else those at least as recently active as the last it holds.
 */
export const heldSince = (snapshot: SearchSnapshot) =>
  snapshot.complete ? '' : (snapshot.entries.at(-1)?.key ?? '');

/** Does the snapshot hold every match active since `since` (so near-first can be read from it)? */
export function holdsSince(snapshot: SearchSnapshot, since: string): boolean {
  const last = snapshot.entries.at(-1);
  return snapshot.complete || (since !== '' && last !== undefined && last.key <= since);
}

/** Matches a snapshot keeps: one past the cap, with room for the viewer and their blocks among them. */
const SNAPSHOT_LIMIT = SEARCH_COUNT_CAP + 1 + 64;

/**
 * A distance snapshot holds the grid square's wider circle: enough matches that, within a viewer's
 * own circle, the count still passes the cap (the circles' area ratio, with a fifth to spare).
 */
function snapshotLimit(filters: SearchFilters, grid: DistanceGrid | null): number {
  if (!grid || filters.max_distance === undefined) return SNAPSHOT_LIMIT;
  const reach = reachOf(filters.max_distance);
  return Math.ceil((SEARCH_COUNT_CAP + 1) * ((reach + grid.margin) / reach) ** 2 * 1.2) + 64;
}

/** Same question, same snapshot: the filters (not the cursor), the tier cap and, for distance, the square. */
export function snapshotKey(maxTier: number, filters: SearchFilters, grid: DistanceGrid | null): string {
  // The name fragment as typed: JavaScript's and PostgreSQL's case folding differ for some letters.
  const { cursor: _cursor, tags, ...rest } = filters;
  return JSON.stringify({
    ...rest,
    tags: tags && [...tags].sort(),
    maxTier,
    grid: grid?.center,
  });
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Reads a snapshot: the generation first (so the snapshot is never marked newer than what it holds),
 * then the shared matches in result order. Planned for these values each time (an unnamed statement):
 * it runs once per snapshot, and a plan reused across filter values can be catastrophically wrong.
 */
export async function buildSnapshot(
  ctx: AppContext,
  maxTier: number,
  filters: SearchFilters,
  grid: DistanceGrid | null,
): Promise<SearchSnapshot> {
  const builtAt = Date.now();
  const [read] = rowsOf<{ generation: string }>(
    await ctx.db.execute(sql`select last_value::text as generation from search_generation`),
  );
  const limit = snapshotLimit(filters, grid);
  const entries = rowsOf<SnapshotMatch>(
    await ctx.db.execute(snapshotStatement(maxTier, filters, grid, limit)),
  );
  return {
    generation: read?.generation ?? '',
    builtAt,
    entries,
    complete: entries.length < limit,
    statements: windowStatements(maxTier, filters),
    cards: new Map(),
    json: new WeakMap(),
    grid,
    views: new Map(),
  };
}

const snapshotCaches = new WeakMap<AppContext, SnapshotCache<SearchSnapshot>>();
export function snapshotsOf(ctx: AppContext): SnapshotCache<SearchSnapshot> {
  let cache = snapshotCaches.get(ctx);
  if (!cache) {
    cache = createSnapshotCache<SearchSnapshot>();
    snapshotCaches.set(ctx, cache);
  }
  return cache;
}
