/**
 * The SQL of browse/search: every filter as one condition, and the statements that read matches —
 * the shared snapshot of a question (snapshots.ts), the per-viewer window over it, and the page and
 * capped count read straight from the tables. Flows live in search.ts and the page files
 * (snapshot-page.ts, tables-page.ts).
 */
import { createHash } from 'node:crypto';
import {
  distanceMiles,
  ONLINE_WINDOW_MS,
  SEARCH_COUNT_CAP,
  SEARCH_PAGE_SIZE,
  type SearchFilters,
} from '@royal/shared';
import { and, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { LatLng } from '../../db/geo';
import { photos, profiles, userBlocks } from '../../db/schema';
import {
  coarseDistanceSql,
  type GeoParam,
  listedForTier,
  locationSharingColumn,
  type MemberCardRow,
  memberCardColumns,
  type NearKey,
  nearDegreesSql,
  notBlockedWith,
  pastNearKeySql,
  reachOf,
  selectList,
  withinMilesSql,
} from '../members';

/** The same test on rows already found by id: no box, and the viewer's cell may be a placeholder. */
const withinReach = (from: GeoParam, maxMiles: number) =>
  sql`${locationSharingColumn} and ${coarseDistanceSql(from)} < ${reachOf(maxMiles)}::float8`;

/**
 * Distance questions are shared per grid square of this size rather than per viewer: every member's
 * cell is distinct (its jitter is keyed per member), so a snapshot keyed on it would serve one viewer.
 * The snapshot holds everyone within reach of any point of the square; each viewer's matches are
 * then picked by their own distance (viewOf, search-snapshot.ts).
 */
const DISTANCE_GRID_DEGREES = 0.05;

export type DistanceGrid = { center: LatLng; margin: number };

/** The grid square holding `at`: its center, and how far from it any point of the square can be. */
export function distanceGrid(at: LatLng): DistanceGrid {
  const snap = (degrees: number) => Math.round(degrees / DISTANCE_GRID_DEGREES) * DISTANCE_GRID_DEGREES;
  const center = { lat: snap(at.lat), lng: snap(at.lng) };
  const half = DISTANCE_GRID_DEGREES / 2;
  // The farthest corner is the one nearer the equator (a degree of longitude is longest there): take
  // the larger of the two sides' corners, plus a little for rounding.
  const margin =
    Math.max(
      distanceMiles(center, { lat: center.lat + half, lng: center.lng + half }),
      distanceMiles(center, { lat: center.lat - half, lng: center.lng + half }),
    ) + 0.01;
  return { center, margin };
}

/** `text` as a literal inside ILIKE: its own % and _ match themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every browse filter of the spec (part 1 §5) but distance as one condition on `profiles` (left-joined
 * to safety_settings), on top of the feed's visibility rule (members/policy.ts: ghost mode, private
 * and tier_only) and browse's own tier cap (only visible tiers, no teasers): everything that is the
 * same for every viewer of one visible tier.
 */
function filterConditions(maxTier: number, filters: SearchFilters, distance: SQL | null): SQL {
  const parts: SQL[] = [
    filters.tier === undefined
      ? sql`${profiles.tierLevel} <= ${maxTier}::int`
      : sql`${profiles.tierLevel} = ${filters.tier}::int`,
    listedForTier(sql`${maxTier}::int`),
  ];
  if (filters.q) parts.push(sql`${profiles.name} ilike ${`%${likeLiteral(filters.q)}%`}`);
  if (filters.age_min !== undefined) parts.push(sql`${profiles.age} >= ${filters.age_min}::int`);
  if (filters.age_max !== undefined) parts.push(sql`${profiles.age} <= ${filters.age_max}::int`);
  if (filters.user_type) parts.push(sql`${profiles.userType} = ${filters.user_type}::user_type`);
  if (filters.looking_for) parts.push(sql`${profiles.lookingFor} = ${filters.looking_for}::looking_for`);
  if (filters.tags) {
    parts.push(sql`${profiles.lifestyleTags} && ${`{${filters.tags.join(',')}}`}::text[]`);
  }
  if (filters.verified) parts.push(sql`${profiles.verified} = true`);
  if (filters.online) {
    parts.push(
      sql`${profiles.lastActive} >= now() - ${`${ONLINE_WINDOW_MS} milliseconds`}::interval`,
      sql`${profiles.showOnlineStatus}`,
    );
  }
  if (distance) parts.push(distance);
  return and(...parts) as SQL;
}

/** The viewer as the statements see them: values, or placeholders filled at each request. */
export type StatementViewer = { id: string | Placeholder; maxTier: number; geo: GeoParam | null };

/** The whole rule for one viewer: the filters, never themselves, no block either way. */
function conditions(viewer: StatementViewer, filters: SearchFilters, distance: SQL | null): SQL {
  return and(
    sql`${profiles.userId} <> ${viewer.id}::uuid`,
    filterConditions(viewer.maxTier, filters, distance),
    notBlockedWith(sql`${viewer.id}::uuid`),
  ) as SQL;
}

export const lastActiveKey = sql`to_char(${profiles.lastActive} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Results' order: most recently active first, ties by id. The statements below choose and order
 * their rows in an inner select (named `profiles` again, so the outer columns read the same) and
 * format only the rows kept: PostgreSQL computes a select list before the sort that keeps the limit,
 * and the key's to_char and a card's photos cost more than the scan (a distance snapshot read 10,200
 * members to keep 1,496 in 100 ms, 17 ms formatting only those).
 */
const byActivity = sql`${profiles.lastActive} desc, ${profiles.userId} desc`;

/** The card's columns, its place in the order and its approved photos (folded in: no per-card reads). */
const cardSelect = sql`${selectList(memberCardColumns)}, ${lastActiveKey} as "lastActiveKey",
  array(select ${photos.id}::text from ${photos}
    where ${photos.userId} = ${profiles.userId} and ${photos.status} = 'approved'
    order by ${photos.position}, ${photos.createdAt}) as "photoIds"`;

/** A card as cardSelect reads it: the card's columns, its place in the order and its photos' ids. */
export type SearchRow = MemberCardRow & { lastActiveKey: string; photoIds: string[] };

/**
 * The statements of one search page read straight from the tables: the page (photos folded in) and,
 * on the first page, the count — which stops at one past the cap, so a broad filter never counts its
 * whole membership (SEARCH_COUNT_CAP). Exported for bench/explain-search.ts.
 */
export function tableStatements(
  viewer: StatementViewer & { geo: LatLng | null },
  filters: SearchFilters,
  cursor: { t: string; id: string } | null,
  beyond: NearSince | null = null,
) {
  const distance =
    filters.max_distance !== undefined && viewer.geo
      ? withinMilesSql(viewer.geo, filters.max_distance)
      : null;
  const where = conditions(viewer, filters, distance);
  const after = cursor
    ? sql`and (${profiles.lastActive}, ${profiles.userId}) < (${cursor.t}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  // Near-first's rest (near-first-page.ts): the walk skips the members it showed first.
  const rest = beyond
    ? sql`and not coalesce(${withinMilesSql(beyond.geo, beyond.miles)} and ${profiles.lastActive} >= ${beyond.since || '-infinity'}::timestamptz, false)`
    : sql``;
  const page = sql`
    select ${cardSelect}
    from (select * from ${profiles}
      where ${where} ${after} ${rest}
      order by ${byActivity}
      limit ${SEARCH_PAGE_SIZE + 1}) as ${profiles}
    order by ${byActivity}`;
  // Near-first's rest has no count of its own: the first page counted everyone (near-first-page.ts).
  const count =
    cursor || beyond
      ? null
      : sql`select count(*)::int as total from (select 1 from ${profiles}
        where ${where} limit ${SEARCH_COUNT_CAP + 1}) capped`;
  return { page, count };
}

/**
 * The shared matches of a question in result order, up to `limit`, with the cells of those sharing
 * their location: for distance, everyone within reach of any point of the grid square, so each
 * viewer can pick their own; without it, so each viewer's near members can come first.
 */
export function snapshotStatement(
  maxTier: number,
  filters: SearchFilters,
  grid: DistanceGrid | null,
  limit: number,
): SQL {
  const distance =
    grid && filters.max_distance !== undefined
      ? withinMilesSql(grid.center, filters.max_distance + grid.margin)
      : null;
  return sql`
    select ${profiles.userId}::text as id, ${lastActiveKey} as key,
      case when ${locationSharingColumn} then ${profiles.geoLat} end as lat,
      case when ${locationSharingColumn} then ${profiles.geoLng} end as lng
    from (select ${profiles.userId}, ${profiles.lastActive}, ${locationSharingColumn}, ${profiles.geoLat}, ${profiles.geoLng}
      from ${profiles}
      where ${filterConditions(maxTier, filters, distance)}
      order by ${byActivity}
      limit ${limit}) as ${profiles}
    order by ${byActivity}`;
}

/**
 * Per request: the generation (is the snapshot still current?) and the viewer's blocks either way.
 * Id lists come back as one comma-separated text: splitting it costs far less than the driver's
 * array parser.
 */
const generationAndBlocks = (viewerId: Placeholder) => sql`
  (select last_value::text from search_generation) as generation,
  (select string_agg(case when ${userBlocks.blockerId} = ${viewerId}::uuid then ${userBlocks.blockedId} else ${userBlocks.blockerId} end::text, ',')
    from ${userBlocks}
    where ${userBlocks.blockerId} = ${viewerId}::uuid or ${userBlocks.blockedId} = ${viewerId}::uuid) as blocked`;

const dialect = new PgDialect();

/** A statement compiled once, run by name with its placeholders filled per request. */
export type Compiled = { name: string; text: string; params: unknown[] };

export function compile(kind: string, statement: SQL): Compiled {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return {
    name: `search_${kind}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`,
    text,
    params,
  };
}

/**
 * The two statements that read a window of a snapshot back for one viewer, compiled once per
 * snapshot with placeholders (`viewer`, `ids`, and `lat`/`lng` for distance): `cards` returns the
 * cards of those ids that pass the viewer's whole rule now, in the snapshot's order; `check` returns
 * only their ids, for windows whose cards the snapshot already holds. Both return the generation and
 * the viewer's blocks, in one row even when no id passes.
 */
export function windowStatements(maxTier: number, filters: SearchFilters) {
  const viewer: StatementViewer = {
    id: sql.placeholder('viewer'),
    maxTier,
    geo:
      filters.max_distance === undefined
        ? null
        : { lat: sql.placeholder('lat'), lng: sql.placeholder('lng') },
  };
  const distance =
    viewer.geo && filters.max_distance !== undefined ? withinReach(viewer.geo, filters.max_distance) : null;
  // Each candidate is looked up on its own (a lateral subquery kept apart by OFFSET 0), so the plan
  // is always a primary-key read per id: as one join, a plan made for a selective mix of filters
  // scanned the filters' indexes over the whole table instead (60 ms for "all filters").
  const passing = (
    columns: SQL,
  ) => sql`unnest(${sql.placeholder('ids')}::uuid[]) with ordinality as candidate(id, n)
    cross join lateral (
      select ${columns} from ${profiles}
      where ${profiles.userId} = candidate.id and ${conditions(viewer, filters, distance)}
      offset 0) member`;
  const cards = sql`
    select g.generation, g.blocked, card.*
    from (select ${generationAndBlocks(sql.placeholder('viewer'))}) g
    left join lateral (select member.*, candidate.n from ${passing(cardSelect)}) card on true
    order by card.n`;
  const check = sql`
    select ${generationAndBlocks(sql.placeholder('viewer'))},
      (select string_agg(candidate.id::text, ',' order by candidate.n) from ${passing(sql`1`)}) as visible`;
  return { cards: compile('cards', cards), check: compile('check', check) };
}

/**
 * Near-first's members within the viewer's preference active since `since`, nearest first after
 * `after` (members/near-walk.ts), read from the tables: only when the question's snapshot no longer
 * holds every one of them (near-first-page.ts). Planned for its values: a walk of the geo index,
 * or of the activity index when few members have been active since.
 */
export function nearSinceStatement(
  viewer: StatementViewer,
  filters: SearchFilters,
  { geo, miles, since }: NearSince,
  after: NearKey,
): SQL {
  const degrees = nearDegreesSql(geo);
  // The members active since `since` first, through profiles_search_order_idx (a few thousand at
  // most: the snapshot held them a moment ago), then those near and the nearest of them: fenced
  // (offset 0) so the planner cannot start from the box instead, a city's whole membership.
  const recent = sql`(select * from ${profiles}
    where ${filterConditions(viewer.maxTier, filters, null)}
      and ${profiles.lastActive} >= ${since || '-infinity'}::timestamptz
    offset 0) as ${profiles}`;
  return sql`
    select ${cardSelect}, "nearDegrees"
    from (select *, ${degrees} as "nearDegrees"
      from ${recent}
      where ${conditions(viewer, filters, withinMilesSql(geo, miles))}
        and ${pastNearKeySql(geo, after.d, `{${after.ids.join(',')}}`)}
      order by "nearDegrees"
      limit ${SEARCH_PAGE_SIZE + 1}) as ${profiles}
    order by "nearDegrees"`;
}

/**
 * Who browse shows first without a distance filter: members within `miles` of `geo` (the viewer's
 * preference). With `since`, those active since then ('' for all): the near part of one traversal.
 */
export type NearFirst = { geo: LatLng; miles: number };
export type NearSince = NearFirst & { since: string };
