import { maxVisibleTier, SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE, type SearchFilters } from '@royal/shared';
import { fillPlaceholders } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { MemberActor } from '../auth';
import type { SearchCursor } from './cursor';
import type { Found } from './found';
import { run } from './prepared';
import {
  buildSnapshot,
  MAX_CARDS,
  type SearchSnapshot,
  type SnapshotMatch,
  snapshotKey,
  snapshotsOf,
  viewOf,
} from './search-snapshot';
import { positionAfter } from './snapshots';
import { distanceGrid, type SearchRow } from './statements';

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
 * A page from the shared snapshot (snapshots.ts), or null when it cannot serve this one: the cursor
 * lies past the matches it keeps, or the viewer's blocks leave its count undecided.
 */
export async function pageFromSnapshot(
  ctx: AppContext,
  viewer: MemberActor,
  filters: SearchFilters,
  cursor: SearchCursor | null,
): Promise<Found | null> {
  const maxTier = maxVisibleTier(viewer.rules);
  const grid = filters.max_distance !== undefined && viewer.geo ? distanceGrid(viewer.geo) : null;
  const key = snapshotKey(maxTier, filters, grid);
  const cache = snapshotsOf(ctx);
  const build = () => buildSnapshot(ctx, maxTier, filters, grid);

  let snapshot = await cache.get(key, build);
  for (let rebuilt = false; ; rebuilt = true) {
    const view = viewOf(snapshot, viewer, filters);
    const start = cursor ? positionAfter(view, cursor) : 0;
    if (start === null) return null;
    const rows: SearchRow[] = [];
    let blocked: string[] = [];
    let next = start;
    let stale = false;
    /** Each member's place in the snapshot's order (the cursor continues from there, see below). */
    const places = new Map<string, string>();
    // Windows until the page and one more are found (to know a next page exists) or the view ends;
    // at least one, even with no ids to read, for the generation that says the snapshot holds.
    for (
      let windows = 0;
      windows === 0 || (rows.length <= SEARCH_PAGE_SIZE && next < view.entries.length);
      windows += 1
    ) {
      const ids: string[] = [];
      const wanted = SEARCH_PAGE_SIZE + 1 - rows.length + WINDOW_SLACK;
      for (; next < view.entries.length && ids.length < wanted; next += 1) {
        const match = view.entries[next] as SnapshotMatch;
        if (match.id !== viewer.id) {
          ids.push(match.id);
          places.set(match.id, match.key);
        }
      }
      const read = await readWindow(ctx, snapshot, viewer, ids);
      if (read.generation !== snapshot.generation) {
        stale = true;
        break;
      }
      blocked = read.blocked;
      // The snapshot's own card objects, not copies: their JSON is kept by identity (search.ts).
      rows.push(...read.rows);
    }
    if (stale) {
      // The database moved on while this page was read: once, rebuild and read again; twice in
      // one request (writes arriving faster than pages), answer from the tables instead.
      if (rebuilt) return null;
      cache.drop(key, snapshot);
      snapshot = await cache.get(key, build);
      continue;
    }
    // Past the end of an incomplete snapshot with the page still short: the tables must finish it.
    if (rows.length <= SEARCH_PAGE_SIZE && !view.complete) return null;
    let total: number | null = null;
    if (!cursor) {
      let counted = view.entries.length;
      for (const id of new Set([...blocked, viewer.id])) if (view.ids.has(id)) counted -= 1;
      // Undecided: the snapshot stopped early, and what it holds of the viewer's matches is within the cap.
      if (!view.complete && counted <= SEARCH_COUNT_CAP) return null;
      total = counted;
    }
    // The cursor keeps the snapshot's place, not the member's newer activity: the next page
    // continues where this one stopped, in the same order.
    const lastShown = rows[Math.min(rows.length, SEARCH_PAGE_SIZE) - 1];
    return {
      rows,
      total,
      capped: total !== null && total > SEARCH_COUNT_CAP,
      dense: !view.complete,
      more: rows.length > SEARCH_PAGE_SIZE,
      snapshot,
      cursorKey: lastShown && places.get(lastShown.id),
    };
  }
}
