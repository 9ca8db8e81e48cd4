import {
  AppError,
  distanceMiles,
  ErrorCode,
  maxVisibleTier,
  SEARCH_COUNT_CAP,
  SEARCH_PAGE_SIZE,
  type SearchFilters,
  type SearchPage,
  type TierLevel,
} from '@royal/shared';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { LatLng } from '../../db/geo';
import { sealedCursorCodec } from '../../lib/cursor';
import { PreparedJson } from '../../plugins/reply-serializer';
import type { MemberActor } from '../auth';
import { distanceFrom, type MemberCardRow, presentMemberCard } from '../members';
import { createSnapshotCache, positionAfter, type Snapshot, type SnapshotCache } from './snapshots';
import {
  type Compiled,
  compile,
  type DistanceGrid,
  distanceGrid,
  reachOf,
  snapshotStatement,
  tableStatements,
  windowStatements,
} from './statements';

/**
 * Where the previous page stopped: last activity (UTC text with microseconds, as the server wrote it)
 * and id, and the page plan. UTC and lower case only, so a cursor also compares as text (snapshots.ts).
 */
const cursorSchema = z.object({
  t: z.iso.datetime({ precision: 6 }),
  id: z.uuid().transform((id) => id.toLowerCase()),
  /** The first page found the results dense: later pages walk the order index too (see run). */
  w: z.boolean(),
});
export type SearchCursor = z.infer<typeof cursorSchema>;

const searchCursor = sealedCursorCodec(cursorSchema);

function refuse(path: string, message: string): never {
  throw new AppError(ErrorCode.VALIDATION_FAILED, message, [{ path, message }]);
}

type SearchRow = MemberCardRow & { lastActiveKey: string; photoIds: string[] };

/**
 * Runs a compiled statement by name: PostgreSQL parses it once per connection. Read from the tables
 * (deep pages), the page runs with the plan that suits how many members match. Few (up to the
 * count's cap): PostgreSQL's own choice, typically a bitmap of the filter's index (trigrams, the box,
 * the tags) and a sort of those few rows. Many: it cannot tell — a box or a tag list has no useful row
 * estimate — and would still fetch and sort every match (~300 ms for 10,000 on the benchmark);
 * instead the page runs on the connections set up for ordered walks (GENERIC_PLAN_SETTINGS: no sort,
 * no bitmap), which walk profiles_search_order_idx newest first and stop after a page, about a
 * hundred rows in when at least 1% of members match.
 */
function run<T>(ctx: AppContext, { name, text, params }: Compiled, options: { genericPlan?: boolean } = {}) {
  return ctx.database.queryPrepared<T>(name, text, params, options);
}

type SnapshotMatch = Snapshot['entries'][number] & { lat?: number; lng?: number };

/** The matches of a snapshot one viewer sees (before their blocks), in order, and their ids. */
type SnapshotView = { entries: SnapshotMatch[]; ids: Set<string>; complete: boolean };

/** A snapshot with what its viewers' requests reuse: the compiled window statements and cards read. */
type SearchSnapshot = Omit<Snapshot, 'entries'> & {
  entries: SnapshotMatch[];
  statements: ReturnType<typeof windowStatements>;
  /** Cards already read for this snapshot, by id: later requests only check that they still pass. */
  cards: Map<string, SearchRow>;
  /** Those cards as JSON, presented once for every viewer of the snapshot (cardJson). */
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
const MAX_CARDS = 100;

/**
 * The viewer's view of a snapshot. Within a distance snapshot (the grid square's wider circle), the
 * viewer's matches are those within reach of their own cell — the same haversine as the SQL, which
 * checks each shown card again.
 */
function viewOf(snapshot: SearchSnapshot, viewer: MemberActor, filters: SearchFilters): SnapshotView {
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
/** Ids read per window beyond the page and one more, so one that fails the live check costs no second read. */
const WINDOW_SLACK = 2;

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
function snapshotKey(maxTier: number, filters: SearchFilters, grid: DistanceGrid | null): string {
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
async function buildSnapshot(
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

type Found = {
  rows: SearchRow[];
  total: number | null;
  capped: boolean;
  dense: boolean;
  more: boolean;
  /** The snapshot that served the page, whose presented cards are reused (none: read from the tables). */
  snapshot?: SearchSnapshot;
  /** The last shown member's place in the snapshot's order (else their last activity is the place). */
  cursorKey?: string;
};

/**
 * A page from the shared snapshot (snapshots.ts), or null when it cannot serve this one: the cursor
 * lies past the matches it keeps, or the viewer's blocks leave its count undecided.
 */
async function pageFromSnapshot(
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
      // The snapshot's own card objects, not copies: their JSON is kept by identity (searchMembers).
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

const snapshotCaches = new WeakMap<AppContext, SnapshotCache<SearchSnapshot>>();
function snapshotsOf(ctx: AppContext): SnapshotCache<SearchSnapshot> {
  let cache = snapshotCaches.get(ctx);
  if (!cache) {
    cache = createSnapshotCache<SearchSnapshot>();
    snapshotCaches.set(ctx, cache);
  }
  return cache;
}

/**
 * The page read straight from the tables: the count (first page only, exact up to SEARCH_COUNT_CAP),
 * then the page with its photos folded in, planned for what the count found (run).
 */
async function pageFromTables(
  ctx: AppContext,
  viewer: MemberActor,
  filters: SearchFilters,
  cursor: SearchCursor | null,
): Promise<Found> {
  const statements = tableStatements(
    { id: viewer.id, maxTier: maxVisibleTier(viewer.rules), geo: viewer.geo },
    filters,
    cursor,
  );
  const counted = statements.count
    ? ((await run<{ total: number }>(ctx, compile('count', statements.count)))[0]?.total ?? 0)
    : null;
  const dense = cursor ? cursor.w : (counted ?? 0) > SEARCH_COUNT_CAP;
  const rows = await run<SearchRow>(ctx, compile(dense ? 'walk' : 'page', statements.page), {
    genericPlan: dense,
  });
  return {
    rows,
    total: counted,
    capped: (counted ?? 0) > SEARCH_COUNT_CAP,
    dense,
    more: rows.length > SEARCH_PAGE_SIZE,
  };
}

/**
 * A card as JSON with a gap where the viewer's distance goes: everything else on a card is the same
 * for every viewer of a snapshot (one tier cap), so it is presented and stringified once. The gap is
 * found from the end: `distance_miles` comes after every text field, and a quote inside text is escaped.
 */
type CardJson = { before: string; after: string };
const DISTANCE_FIELD = '"distance_miles":';

function cardJson(row: SearchRow, maxTier: TierLevel): CardJson {
  const text = JSON.stringify(presentCard(row, { geo: null, maxTier }));
  const at = text.lastIndexOf(`${DISTANCE_FIELD}null`);
  if (at < 0) throw new Error('a presented card has no distance field');
  return {
    before: text.slice(0, at + DISTANCE_FIELD.length),
    after: text.slice(at + DISTANCE_FIELD.length + 4),
  };
}

const presentCard = (row: SearchRow, context: { geo: LatLng | null; maxTier: TierLevel }) =>
  presentMemberCard(
    { ...row, lastActive: new Date(row.lastActive) },
    row.photoIds.map((id) => ({ id })),
    context,
  );

/**
 * One page of browse results, most recently active first (stable: ties broken by id), and on the
 * first page the number of members matching (exact up to SEARCH_COUNT_CAP). Served from the shared
 * snapshot of the question (one statement: the page's members checked live), or from the tables when
 * the snapshot cannot answer (pages past the matches it keeps). Written as JSON here: a snapshot's
 * cards are presented once and only the viewer's distance is filled in per request.
 */
export async function searchMembers(
  ctx: AppContext,
  { actor: viewer, filters }: { actor: MemberActor; filters: SearchFilters },
): Promise<PreparedJson> {
  const maxTier = maxVisibleTier(viewer.rules);
  if (filters.tier !== undefined && filters.tier > maxTier) {
    refuse('tier', `Tier Level must be between 0 and ${maxTier}`);
  }
  if (filters.max_distance !== undefined && !viewer.geo) {
    refuse(
      'max_distance',
      'Max Distance needs your location: set it in Settings and turn Location Sharing on',
    );
  }
  const cursor = searchCursor.decode(ctx.secrets.pageCursors, filters.cursor);
  const found =
    (await pageFromSnapshot(ctx, viewer, filters, cursor)) ??
    (await pageFromTables(ctx, viewer, filters, cursor));

  const rows = found.rows.slice(0, SEARCH_PAGE_SIZE);
  const context = { geo: viewer.geo, maxTier };
  const { snapshot } = found;
  const items = rows.map((row) => {
    // Only the snapshot's own card objects are presented once; anything else, every time.
    if (!snapshot || snapshot.cards.get(row.id) !== row) return JSON.stringify(presentCard(row, context));
    let json = snapshot.json.get(row);
    if (!json) {
      json = cardJson(row, maxTier);
      snapshot.json.set(row, json);
    }
    return json.before + JSON.stringify(distanceFrom(context, row)) + json.after;
  });
  const last = rows.at(-1);
  const rest: Omit<SearchPage, 'items'> = {
    total: found.total === null ? null : Math.min(found.total, SEARCH_COUNT_CAP),
    total_capped: found.capped,
    next_cursor:
      found.more && last
        ? searchCursor.encode(ctx.secrets.pageCursors, {
            t: found.cursorKey ?? last.lastActiveKey,
            id: last.id,
            w: found.dense,
          })
        : null,
    max_visible_tier: maxTier,
  };
  return new PreparedJson(`{"items":[${items.join(',')}],${JSON.stringify(rest).slice(1)}`);
}
