import { maxVisibleTier, SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE, type SearchFilters } from '@royal/shared';
import type { AppContext } from '../../context';
import type { MemberActor } from '../auth';
import {
  distanceFrom,
  inNearOrder,
  isPastNearKey,
  NEAR_WALK_START,
  type NearKey,
  nearKeyAfter,
} from '../members';
import type { ActivityCursor, SearchCursor } from './cursor';
import type { Found } from './found';
import { run } from './prepared';
import {
  entriesFrom,
  heldSince,
  holdsSince,
  nearestFirst,
  nearTest,
  type SearchSnapshot,
  type SnapshotMatch,
  viewOf,
} from './search-snapshot';
import { countFromView, pageFromSnapshot, readEntries, STALE, withFreshSnapshot } from './snapshot-page';
import { compile, type NearFirst, type NearSince, nearSinceStatement, type SearchRow } from './statements';
import { countFromTables, pageFromTables } from './tables-page';

// Browse's default order (decision 046): the members within the viewer's distance preference first,
// nearest first as the deck walks them (members/near-walk.ts), each page ordered by the deck's bands
// (distance, then activity); then everyone else, most recently active first.
//
// "Members within the preference" are those the question's shared snapshot holds: every one when it
// holds every match, else those active since the last it holds (a few minutes' worth on a busy
// day). That costs nothing beyond any browse page (the window statement), whatever the filters; a
// walk of the geo index for every match instead costs a scan of the whole city when a filter matches
// no one nearby (14 ms for a name found only elsewhere, on the benchmark). The `since` is fixed by
// the first page and carried in the cursor, so one traversal shows each member once.

/** Near-first applies to a viewer with a location who has not asked for a distance of their own. */
export function nearFirstOf(viewer: MemberActor, filters: SearchFilters): NearFirst | null {
  return filters.max_distance === undefined && viewer.geo
    ? { geo: viewer.geo, miles: viewer.distancePreference }
    : null;
}

/** How the rest (beyond the near part) continues: a shown member's place, and whether it is dense. */
type Rest = Pick<Found, 'placeOf' | 'dense'>;

/**
 * The page shown from rows read in walk order (the near part, then the rest): the near ones in the
 * deck's bands, and where the next page starts.
 */
function composePage(
  read: SearchRow[],
  degreesOf: (row: SearchRow) => number | undefined,
  rest: Rest,
  near: NearSince,
): Pick<Found, 'rows' | 'more' | 'next' | 'widenFrom'> {
  const shown = read.slice(0, SEARCH_PAGE_SIZE);
  const walked = shown.filter((row) => degreesOf(row) !== undefined);
  const beyond = shown.filter((row) => degreesOf(row) === undefined);
  const ordered = inNearOrder(
    walked,
    (row) => ({
      miles: distanceFrom({ geo: near.geo }, row) ?? 0,
      lastActive: row.lastActive,
      promotion: 0,
      id: row.id,
    }),
    new Date(),
  );
  const more = read.length > SEARCH_PAGE_SIZE;
  const last = shown.at(-1);
  let next: SearchCursor | null = null;
  if (more && last) {
    const lastDegrees = degreesOf(last);
    next =
      lastDegrees === undefined
        ? { t: rest.placeOf(last), id: last.id, w: rest.dense, b: near.since }
        : {
            n: nearKeyAfter(walked.map((row) => ({ id: row.id, nearDegrees: degreesOf(row) as number }))),
            s: near.since,
          };
  }
  return {
    rows: [...ordered, ...beyond],
    more,
    next,
    ...(beyond.length > 0 && { widenFrom: ordered.length }),
  };
}

/** The near part left, then the rest of the view in its order (read lazily). */
function* nearThenRest(
  nearLeft: Iterable<SnapshotMatch>,
  entries: readonly SnapshotMatch[],
  isNear: (match: SnapshotMatch) => boolean,
): Generator<SnapshotMatch> {
  yield* nearLeft;
  yield* entriesFrom(entries, 0, isNear);
}

/** The rest from its start, or after `after`: from the snapshot, else the tables. */
async function restPage(
  ctx: AppContext,
  viewer: MemberActor,
  filters: SearchFilters,
  after: ActivityCursor | null,
  near: NearSince,
): Promise<Found> {
  return (
    (await pageFromSnapshot(ctx, viewer, filters, after, near)) ??
    (await pageFromTables(ctx, viewer, filters, after, near))
  );
}

/**
 * A page from the snapshot: its near members past `after`, then its others; when it holds only the
 * most recent matches and runs out, the rest continues from the tables.
 */
async function fromSnapshot(
  ctx: AppContext,
  snapshot: SearchSnapshot,
  viewer: MemberActor,
  filters: SearchFilters,
  after: NearKey,
  near: NearSince,
) {
  const view = viewOf(snapshot, viewer, filters);
  const degrees = new Map<string, number>();
  const nearLeft = (function* () {
    const past = (d: number, id: string) => isPastNearKey(after, d, id);
    for (const { match, degrees: d } of nearestFirst(view.entries, near, past)) {
      degrees.set(match.id, d);
      yield match;
    }
  })();
  const isNear = nearTest(near);
  const read = await readEntries(ctx, snapshot, viewer, nearThenRest(nearLeft, view.entries, isNear));
  if (!read) return STALE;
  let rest: Rest = {
    placeOf: (row) => read.places.get(row.id) ?? row.lastActiveKey,
    dense: !view.complete,
  };
  const rows = [...read.rows];
  if (rows.length <= SEARCH_PAGE_SIZE && !view.complete) {
    // Past what the snapshot holds: the tables go on after the last of the rest shown here.
    const lastFar = rows.findLast((row) => !degrees.has(row.id));
    const after = lastFar ? { t: rest.placeOf(lastFar), id: lastFar.id, w: true, b: near.since } : null;
    const further = await pageFromTables(ctx, viewer, filters, after, near);
    rows.push(...further.rows.slice(0, SEARCH_PAGE_SIZE + 1 - rows.length));
    const shownHere = rest.placeOf;
    rest = { placeOf: (row) => (read.places.has(row.id) ? shownHere(row) : row.lastActiveKey), dense: true };
  }
  const firstPage = after === NEAR_WALK_START;
  const total = firstPage
    ? (countFromView(view, read.blocked, viewer.id) ?? (await countFromTables(ctx, viewer, filters)))
    : null;
  const found: Found = {
    ...composePage(rows, (row) => degrees.get(row.id), rest, near),
    total,
    capped: total !== null && total > SEARCH_COUNT_CAP,
    ...rest,
    snapshot,
  };
  return found;
}

/**
 * A page of the near part read from the tables, when the snapshot no longer holds every member
 * active since the traversal's `since` (rebuilt as activity moved on), then the rest if it runs out.
 */
async function fromTables(
  ctx: AppContext,
  viewer: MemberActor,
  filters: SearchFilters,
  after: NearKey,
  near: NearSince,
): Promise<Found> {
  const statementViewer = { id: viewer.id, maxTier: maxVisibleTier(viewer.rules), geo: viewer.geo };
  type NearRow = SearchRow & { nearDegrees: number };
  const walked = await run<NearRow>(
    ctx,
    compile('near', nearSinceStatement(statementViewer, filters, near, after)),
  );
  const degrees = new Map(walked.map(({ id, nearDegrees }) => [id, nearDegrees]));
  const rows: SearchRow[] = walked.map(({ nearDegrees: _degrees, ...card }) => card);
  let rest: Rest = { placeOf: (row) => row.lastActiveKey, dense: true };
  if (rows.length <= SEARCH_PAGE_SIZE) {
    const further = await restPage(ctx, viewer, filters, null, near);
    rows.push(...further.rows.slice(0, SEARCH_PAGE_SIZE + 1 - rows.length));
    rest = { placeOf: further.placeOf, dense: further.dense };
  }
  const total = after === NEAR_WALK_START ? await countFromTables(ctx, viewer, filters) : null;
  return {
    ...composePage(rows, (row) => degrees.get(row.id), rest, near),
    total,
    capped: total !== null && total > SEARCH_COUNT_CAP,
    ...rest,
  };
}

/**
 * A page of near-first within the preference (`after`: where the near part stopped; null for the
 * first page), from the question's shared snapshot while it holds the near part, else the tables.
 */
export async function nearFirstPage(
  ctx: AppContext,
  viewer: MemberActor,
  filters: SearchFilters,
  after: { key: NearKey; since: string } | null,
  nearFirst: NearFirst,
): Promise<Found> {
  const key = after?.key ?? NEAR_WALK_START;
  // A traversal's `since` is its first page's (the snapshot that page was read from), then the cursor's.
  let since = after?.since ?? '';
  const found = await withFreshSnapshot(ctx, viewer, filters, async (snapshot) => {
    since = after?.since ?? heldSince(snapshot);
    if (!holdsSince(snapshot, since)) return null;
    return fromSnapshot(ctx, snapshot, viewer, filters, key, { ...nearFirst, since });
  });
  return found ?? fromTables(ctx, viewer, filters, key, { ...nearFirst, since });
}

/** The rest of a near-first traversal (after its near part), most recently active first. */
export function nearFirstRest(
  ctx: AppContext,
  viewer: MemberActor,
  filters: SearchFilters,
  after: ActivityCursor & { b: string },
  nearFirst: NearFirst,
): Promise<Found> {
  return restPage(ctx, viewer, filters, after, { ...nearFirst, since: after.b });
}
