import { distanceMiles, SEARCH_COUNT_CAP, type SearchFilters } from '@royal/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { MemberActor } from '../auth';
import { reachOf } from '../members';
import type { CardJson } from './presenter';
import { createSnapshotCache, type Snapshot, type SnapshotCache } from './snapshots';
import { type DistanceGrid, type SearchRow, snapshotStatement, windowStatements } from './statements';

// A search's snapshot (snapshots.ts keeps them): what it holds besides its matches, how it is built
// and keyed, each viewer's view of it, and the cache of them per app.

export type SnapshotMatch = Snapshot['entries'][number] & { lat?: number; lng?: number };

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
          match.lat !== undefined &&
          match.lng !== undefined &&
          distanceMiles(geo, { lat: match.lat, lng: match.lng }) < reach,
      )
    : snapshot.entries;
  const view = { entries, ids: new Set(entries.map((match) => match.id)), complete: snapshot.complete };
  if (snapshot.views.size < MAX_VIEWS) snapshot.views.set(key, view);
  return view;
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
