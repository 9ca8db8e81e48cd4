import { maxVisibleTier, SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE, type SearchFilters } from '@royal/shared';
import { fillPlaceholders } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { MemberActor } from '../auth';
import type { ActivityCursor } from './cursor';
import type { Found } from './found';
import { run } from './prepared';
import {
  buildSnapshot,
  entriesFrom,
  MAX_CARDS,
  nearTest,
  type SearchSnapshot,
  type SnapshotMatch,
  type SnapshotView,
  snapshotKey,
  snapshotsOf,
  viewOf,
} from './search-snapshot';
import { positionAfter } from './snapshots';
import { distanceGrid, type NearSince, type SearchRow } from './statements';

// A page served from the question's shared snapshot: its ids read back a window at a time, each
// member checked live against the viewer's whole rule.

/** Ids read per window beyond the page and one more, so one that fails the live check costs no second read. */
const WINDOW_SLACK = 2;

/**
 * The window statements run with one plan made once per connection (a primary-key read per id, right
 * for any values): planned afresh each time, they cost PostgreSQL more to plan than to run.
 */
const WINDOW_PLAN = { genericPlan: true };

type WindowRead = { generation: string; blocked: string[]; rows: SearchRow[] };

/** A comma-separated id list from the window statements (null: none). */
const idList = (text: string | null) => (text ? text.split(',') : []);

/**
 * Reads one window of ids for the viewer: only the ids that still pass when the snapshot holds all
 * their cards already, else the cards themselves (kept for the next viewer).
 */
async function readWindow(
  ctx: AppContext,
  snapshot: SearchSnapshot,
  viewer: MemberActor,
  ids: string[],
): Promise<WindowRead> {
  const values = {
    viewer: viewer.id,
    ids: `{${ids.join(',')}}`,
    lat: viewer.geo?.lat ?? null,
    lng: viewer.geo?.lng ?? null,
  };
  const { cards, check } = snapshot.statements;
  if (ids.every((id) => snapshot.cards.has(id))) {
    const [row] = await run<{ generation: string; blocked: string | null; visible: string | null }>(
      ctx,
      { ...check, params: fillPlaceholders(check.params, values) },
      WINDOW_PLAN,
    );
    if (!row) throw new Error('the search window returned no row');
    return {
      generation: row.generation,
      blocked: idList(row.blocked),
      rows: idList(row.visible).map((id) => snapshot.cards.get(id) as SearchRow),
    };
  }
  type CardRow = { generation: string; blocked: string | null; n: string | null } & SearchRow;
  const found = await run<CardRow>(
    ctx,
    { ...cards, params: fillPlaceholders(cards.params, values) },
    WINDOW_PLAN,
  );
  const first = found[0];
  if (!first) throw new Error('the search window returned no row');
  const rows: SearchRow[] = [];
  for (const { n, generation: _generation, blocked: _blocked, ...card } of found) {
    if (n === null) continue; // the one row of a window where no id passes
    rows.push(card);
    if (snapshot.cards.size < MAX_CARDS) snapshot.cards.set(card.id, card);
  }
  return { generation: first.generation, blocked: idList(first.blocked), rows };
}

/**
 * What reading a snapshot's matches found: the rows that pass, in order, the viewer's blocks, and
 * each read member's place in the snapshot's order (the cursor continues from there).
 */
export type EntriesRead = { rows: SearchRow[]; blocked: string[]; places: Map<string, string> };

/**
 * Reads `entries` (a snapshot's matches, in the order to show) a window at a time until the page and
 * one more pass the viewer's live rule or the entries end; null when the database moved on meanwhile
 * (a newer generation: the snapshot must be rebuilt). Always reads one window, even with no ids, for
 * the generation and the blocks.
 */
export async function readEntries(
  ctx: AppContext,
  snapshot: SearchSnapshot,
  viewer: MemberActor,
  entries: Iterator<SnapshotMatch>,
): Promise<EntriesRead | null> {
  const rows: SearchRow[] = [];
  const places = new Map<string, string>();
  let blocked: string[] = [];
  let ended = false;
  for (let windows = 0; windows === 0 || (rows.length <= SEARCH_PAGE_SIZE && !ended); windows += 1) {
    const ids: string[] = [];
    const wanted = SEARCH_PAGE_SIZE + 1 - rows.length + WINDOW_SLACK;
    while (ids.length < wanted) {
      const next = entries.next();
      if (next.done) {
        ended = true;
        break;
      }
      const match = next.value;
      if (match.id !== viewer.id) {
        ids.push(match.id);
        places.set(match.id, match.key);
      }
    }
    const read = await readWindow(ctx, snapshot, viewer, ids);
    if (read.generation !== snapshot.generation) return null;
    blocked = read.blocked;
    // The snapshot's own card objects, not copies: their JSON is kept by identity (search.ts).
    rows.push(...read.rows);
  }
  return { rows, blocked, places };
}

/**
 * The first page's count from a snapshot's view: its matches less the viewer and their blocks; null
 * when undecided (the snapshot stopped early and what it holds of the viewer's matches is within the
 * cap: the tables must count).
 */
export function countFromView(view: SnapshotView, blocked: string[], viewerId: string): number | null {
  let counted = view.entries.length;
  for (const id of new Set([...blocked, viewerId])) if (view.ids.has(id)) counted -= 1;
  return !view.complete && counted <= SEARCH_COUNT_CAP ? null : counted;
}

/** What a read of a snapshot returns when the database moved on meanwhile. */
export const STALE = Symbol('stale snapshot');

/**
 * Reads the shared snapshot of the viewer's question (snapshots.ts), once more when it turns out
 * stale (`read` returns STALE); a second stale read in one request (writes arriving faster than
 * pages) gives up with null, for the tables to answer instead.
 */
export async function withFreshSnapshot<T>(
  ctx: AppContext,
  viewer: MemberActor,
  filters: SearchFilters,
  read: (snapshot: SearchSnapshot) => Promise<T | typeof STALE>,
): Promise<T | null> {
  const maxTier = maxVisibleTier(viewer.rules);
  const grid = filters.max_distance !== undefined && viewer.geo ? distanceGrid(viewer.geo) : null;
  const key = snapshotKey(maxTier, filters, grid);
  const cache = snapshotsOf(ctx);
  const build = () => buildSnapshot(ctx, maxTier, filters, grid);
  const first = await cache.get(key, build);
  const found = await read(first);
  if (found !== STALE) return found;
  cache.drop(key, first);
  const again = await read(await cache.get(key, build));
  return again === STALE ? null : again;
}

/**
 * A page from the shared snapshot (snapshots.ts) in the most-recently-active order, or null when it
 * cannot serve this one: the cursor lies past the matches it keeps, or the viewer's blocks leave its
 * count undecided. `beyond`: only the members outside the viewer's preference (near-first's rest).
 */
export async function pageFromSnapshot(
  ctx: AppContext,
  viewer: MemberActor,
  filters: SearchFilters,
  cursor: ActivityCursor | null,
  beyond: NearSince | null = null,
): Promise<Found | null> {
  return withFreshSnapshot(ctx, viewer, filters, async (snapshot) => {
    const view = viewOf(snapshot, viewer, filters);
    const start = cursor ? positionAfter(view, cursor) : 0;
    if (start === null) return null;
    // Near-first's rest is the view without its near part, in the same order.
    const entries = entriesFrom(view.entries, start, beyond ? nearTest(beyond) : undefined);
    const read = await readEntries(ctx, snapshot, viewer, entries);
    if (!read) return STALE;
    const { rows } = read;
    // Past the end of an incomplete snapshot with the page still short: the tables must finish it.
    if (rows.length <= SEARCH_PAGE_SIZE && !view.complete) return null;
    const total = cursor ? null : countFromView(view, read.blocked, viewer.id);
    if (!cursor && total === null) return null;
    const more = rows.length > SEARCH_PAGE_SIZE;
    // The cursor keeps the snapshot's place, not the member's newer activity: the next page
    // continues where this one stopped, in the same order.
    const placeOf = (row: SearchRow) => read.places.get(row.id) ?? row.lastActiveKey;
    const lastShown = rows[SEARCH_PAGE_SIZE - 1];
    const found: Found = {
      rows,
      total,
      capped: total !== null && total > SEARCH_COUNT_CAP,
      more,
      dense: !view.complete,
      placeOf,
      next:
        more && lastShown
          ? { t: placeOf(lastShown), id: lastShown.id, w: !view.complete, ...(beyond && { b: beyond.since }) }
          : null,
      snapshot,
    };
    return found;
  });
}
