import { createHash } from 'node:crypto';
import {
  AppError,
  ErrorCode,
  maxVisibleTier,
  ONLINE_WINDOW_MS,
  SEARCH_COUNT_CAP,
  SEARCH_PAGE_SIZE,
  type SearchFilters,
  type SearchPage,
} from '@royal/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { LatLng } from '../../db/geo';
import { photos, profiles, safetySettings, userBlocks } from '../../db/schema';
import type { MemberActor } from '../auth';
import {
  listedForTier,
  locationSharingColumn,
  type MemberCardRow,
  memberCardColumns,
  notBlockedWith,
  presentMemberCard,
  selectList,
  settingsJoin,
} from '../members';
import {
  createSnapshotCache,
  positionAfter,
  type Snapshot,
  type SnapshotCache,
  type SnapshotEntry,
} from './snapshots';

/** Miles per degree of latitude (and of longitude at the equator) on the haversine's sphere. */
const MILES_PER_DEGREE = (3958.8 * Math.PI) / 180;

/**
 * Haversine distance in miles between the viewer's coarse cell and the member's, in SQL — the same
 * formula as the shared distanceMiles the presenter shows (tests hold the two together).
 */
function coarseDistanceSql(from: LatLng): SQL {
  return sql`(2 * 3958.8 * asin(least(1, sqrt(
    power(sin(radians(${profiles.geoLat} - ${from.lat}::float8) / 2), 2)
    + cos(radians(${from.lat}::float8)) * cos(radians(${profiles.geoLat}))
      * power(sin(radians(${profiles.geoLng} - ${from.lng}::float8) / 2), 2)))))`;
}

/**
 * "Within N miles" as the cards show it: the whole-mile figure (shownMiles: rounded, never below 1)
 * is at most N, i.e. the distance is below N + 0.5. A bounding box around the viewer's cell comes
 * first so profiles_geo_box_idx finds the candidates; members hiding their location never match.
 */
function withinMiles(from: LatLng, maxMiles: number): SQL {
  const reach = maxMiles + 0.5;
  const dLat = (reach / MILES_PER_DEGREE) * 1.01;
  const widest = Math.cos((Math.min(89, Math.abs(from.lat) + dLat) * Math.PI) / 180);
  const dLng = Math.min(180, (reach / (MILES_PER_DEGREE * widest)) * 1.01);
  // A box crossing the antimeridian would wrap: take the whole longitude band instead (rare, still correct).
  const [west, east] =
    from.lng - dLng < -180 || from.lng + dLng > 180 ? [-180, 180] : [from.lng - dLng, from.lng + dLng];
  return sql`${locationSharingColumn}
    and point(${profiles.geoLng}, ${profiles.geoLat}) <@ box(point(${west}::float8, ${from.lat - dLat}::float8), point(${east}::float8, ${from.lat + dLat}::float8))
    and ${coarseDistanceSql(from)} < ${reach}::float8`;
}

/** `text` as a literal inside ILIKE: its own % and _ match themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every browse filter of the spec (part 1 §5) as one condition on `profiles` (left-joined to
 * safety_settings), on top of the feed's visibility rule (members/policy.ts: ghost mode, private and
 * tier_only) and browse's own tier cap (only visible tiers, no teasers) — everything that is the same
 * for every viewer of this tier (and location cell), so a snapshot of it can be shared (snapshots.ts).
 */
function sharedConditions(viewer: MemberActor, filters: SearchFilters): SQL {
  const maxTier = maxVisibleTier(viewer.rules);
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
      sql`coalesce(${safetySettings.showOnlineStatus}, true)`,
    );
  }
  if (filters.max_distance !== undefined && viewer.geo)
    parts.push(withinMiles(viewer.geo, filters.max_distance));
  return and(...parts) as SQL;
}

/** The whole rule for one viewer: the shared part, never themselves, no block either way. */
function conditions(viewer: MemberActor, filters: SearchFilters): SQL {
  return and(
    sql`${profiles.userId} <> ${viewer.id}::uuid`,
    sharedConditions(viewer, filters),
    notBlockedWith(sql`${viewer.id}::uuid`),
  ) as SQL;
}

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

const encodeCursor = (cursor: SearchCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(raw: string | undefined): SearchCursor | null {
  if (raw === undefined) return null;
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
  } catch {
    throw new AppError(ErrorCode.VALIDATION_FAILED, 'Invalid cursor', [
      { path: 'cursor', message: 'Invalid cursor' },
    ]);
  }
}

function refuse(path: string, message: string): never {
  throw new AppError(ErrorCode.VALIDATION_FAILED, message, [{ path, message }]);
}

type SearchRow = MemberCardRow & { lastActiveKey: string; photoIds: string[] };

const lastActiveKey = sql`to_char(${profiles.lastActive} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The card's columns, its place in the order and its approved photos (folded in: no per-card reads). */
const cardSelect = sql`${selectList(memberCardColumns)}, ${lastActiveKey} as "lastActiveKey",
  array(select ${photos.id}::text from ${photos}
    where ${photos.userId} = ${profiles.userId} and ${photos.status} = 'approved'
    order by ${photos.position}, ${photos.createdAt}) as "photoIds"`;

const dialect = new PgDialect();

/**
 * Runs one of the search statements as a named prepared statement: its text depends only on which
 * filters are set, so PostgreSQL parses it once per connection and combination (planning and parsing
 * the statement cost more than running it for most searches).
 *
 * Without a snapshot (deep pages, see searchMembers) the page runs with the plan that suits how many
 * members match. Few (up to the count's cap): PostgreSQL's own choice, typically a bitmap of the
 * filter's index (trigrams, the box, the tags) and a sort of those few rows. Many: it cannot tell — a
 * box or a tag list has no useful row estimate — and would still fetch and sort every match (~300 ms
 * for 10,000 on the benchmark); instead the page runs on the connections set up for ordered walks
 * (GENERIC_PLAN_SETTINGS: no sort, no bitmap), which walk profiles_search_order_idx newest first and
 * stop after a page, about a hundred rows in when at least 1% of members match.
 */
async function run<T>(
  ctx: AppContext,
  kind: 'count' | 'page' | 'walk' | 'window',
  statement: SQL,
): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = `search_${kind}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  return ctx.database.queryPrepared<T>(name, text, params, { genericPlan: kind === 'walk' });
}

/**
 * The statements of one search page read straight from the tables: the page (photos folded in) and,
 * on the first page, the count — which stops at one past the cap, so a broad filter never counts its
 * whole membership (SEARCH_COUNT_CAP). Exported for bench/explain-search.ts.
 */
export function searchStatements(viewer: MemberActor, filters: SearchFilters, cursor: SearchCursor | null) {
  const where = conditions(viewer, filters);
  const after = cursor
    ? sql`and (${profiles.lastActive}, ${profiles.userId}) < (${cursor.t}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const page = sql`
    select ${cardSelect}
    from ${profiles} left join ${safetySettings} on ${settingsJoin}
    where ${where} ${after}
    order by ${profiles.lastActive} desc, ${profiles.userId} desc
    limit ${SEARCH_PAGE_SIZE + 1}`;
  const count = cursor ? null : countStatement(where);
  return { page, count };
}

function countStatement(where: SQL): SQL {
  return sql`select count(*)::int as total from (select 1 from ${profiles} left join ${safetySettings} on ${settingsJoin}
    where ${where} limit ${SEARCH_COUNT_CAP + 1}) capped`;
}

/** Matches a snapshot keeps: one past the cap, with room for the viewer and their blocks among them. */
const SNAPSHOT_LIMIT = SEARCH_COUNT_CAP + 1 + 64;
/** Ids read per page beyond the page itself, so a few that fail the live check do not cost a second read. */
const WINDOW_SLACK = 8;

/** Same question, same snapshot: the filters (not the cursor), the tier cap and, for distance, the cell. */
function snapshotKey(viewer: MemberActor, filters: SearchFilters): string {
  const { cursor: _cursor, q, tags, ...rest } = filters;
  return JSON.stringify({
    ...rest,
    q: q?.toLowerCase(),
    tags: tags && [...tags].sort(),
    maxTier: maxVisibleTier(viewer.rules),
    geo: filters.max_distance === undefined ? undefined : viewer.geo,
  });
}

/**
 * Reads a snapshot: the generation first (so the snapshot is never marked newer than what it holds),
 * then the shared matches in result order. Planned for these values each time (an unnamed statement):
 * it runs once per snapshot, and a plan reused across filter values can be catastrophically wrong.
 */
async function buildSnapshot(
  ctx: AppContext,
  viewer: MemberActor,
  filters: SearchFilters,
): Promise<Snapshot> {
  const builtAt = Date.now();
  const [generation] = rowsOf<{ generation: string }>(
    await ctx.db.execute(sql`select last_value::text as generation from search_generation`),
  );
  const entries = rowsOf<SnapshotEntry>(
    await ctx.db.execute(sql`
      select ${profiles.userId}::text as id, ${lastActiveKey} as key
      from ${profiles} left join ${safetySettings} on ${settingsJoin}
      where ${sharedConditions(viewer, filters)}
      order by ${profiles.lastActive} desc, ${profiles.userId} desc
      limit ${SNAPSHOT_LIMIT}`),
  );
  return {
    generation: generation?.generation ?? '',
    builtAt,
    entries,
    complete: entries.length < SNAPSHOT_LIMIT,
  };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type WindowRow = { generation: string; blocked: string[] } & ({ n: null } | (SearchRow & { n: string }));

/**
 * One window of a snapshot read back for the viewer, in one statement: the generation (is the snapshot
 * still current?), the viewer's blocks either way (for the count), and the cards of those ids that pass
 * the viewer's whole rule now, in the snapshot's order.
 */
function windowStatement(viewer: MemberActor, filters: SearchFilters, ids: string[]): SQL {
  return sql`
    select g.generation, g.blocked, card.*
    from (select
        (select last_value::text from search_generation) as generation,
        array(select case when ${userBlocks.blockerId} = ${viewer.id}::uuid then ${userBlocks.blockedId} else ${userBlocks.blockerId} end::text
          from ${userBlocks}
          where ${userBlocks.blockerId} = ${viewer.id}::uuid or ${userBlocks.blockedId} = ${viewer.id}::uuid) as blocked
      ) g
    left join lateral (
      select ${cardSelect}, candidate.n
      from unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as candidate(id, n)
        join ${profiles} on ${profiles.userId} = candidate.id
        left join ${safetySettings} on ${settingsJoin}
      where ${conditions(viewer, filters)}
    ) card on true
    order by card.n`;
}

type Found = { rows: SearchRow[]; total: number | null; capped: boolean; dense: boolean; more: boolean };

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
  const key = snapshotKey(viewer, filters);
  const cache = snapshotsOf(ctx);
  let snapshot = await cache.get(key, () => buildSnapshot(ctx, viewer, filters));
  for (let rebuilt = false; ; rebuilt = true) {
    const start = cursor ? positionAfter(snapshot, cursor) : 0;
    if (start === null) return null;
    const rows: SearchRow[] = [];
    let blocked: string[] = [];
    let next = start;
    let stale = false;
    const keys = new Map<string, string>();
    // Windows until the page and one more are found (to know a next page exists) or the snapshot ends;
    // at least one, even with no ids to read, for the generation that says the snapshot still holds.
    for (
      let windows = 0;
      windows === 0 || (rows.length <= SEARCH_PAGE_SIZE && next < snapshot.entries.length);
      windows += 1
    ) {
      const ids: string[] = [];
      const wanted = SEARCH_PAGE_SIZE + 1 - rows.length + WINDOW_SLACK;
      for (; next < snapshot.entries.length && ids.length < wanted; next += 1) {
        const entry = snapshot.entries[next] as SnapshotEntry;
        if (entry.id !== viewer.id) {
          ids.push(entry.id);
          keys.set(entry.id, entry.key);
        }
      }
      const found = await run<WindowRow>(ctx, 'window', windowStatement(viewer, filters, ids));
      const first = found[0];
      if (!first || first.generation !== snapshot.generation) {
        stale = true;
        break;
      }
      blocked = first.blocked;
      // The cursor keeps the snapshot's place, not the member's newer activity: the next page
      // continues where this one stopped in the same order.
      for (const row of found)
        if (row.n !== null) rows.push({ ...row, lastActiveKey: keys.get(row.id) ?? row.lastActiveKey });
    }
    if (stale && !rebuilt) {
      cache.drop(key, snapshot);
      snapshot = await cache.get(key, () => buildSnapshot(ctx, viewer, filters));
      continue;
    }
    // Past the end of an incomplete snapshot with the page still short: the tables must finish it.
    if (rows.length <= SEARCH_PAGE_SIZE && !snapshot.complete) return null;
    let total: number | null = null;
    if (!cursor) {
      const excluded = new Set([...blocked, viewer.id]);
      const counted = snapshot.entries.reduce((n, entry) => (excluded.has(entry.id) ? n : n + 1), 0);
      // Undecided: the snapshot stopped early and, without the viewer's own exclusions, holds no more than the cap.
      if (!snapshot.complete && counted <= SEARCH_COUNT_CAP) return null;
      total = counted;
    }
    return {
      rows,
      total,
      capped: total !== null && total > SEARCH_COUNT_CAP,
      dense: !snapshot.complete,
      more: rows.length > SEARCH_PAGE_SIZE,
    };
  }
}

const snapshotCaches = new WeakMap<AppContext, SnapshotCache>();
function snapshotsOf(ctx: AppContext): SnapshotCache {
  let cache = snapshotCaches.get(ctx);
  if (!cache) {
    cache = createSnapshotCache();
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
  const statements = searchStatements(viewer, filters, cursor);
  const counted = statements.count
    ? ((await run<{ total: number }>(ctx, 'count', statements.count))[0]?.total ?? 0)
    : null;
  const dense = cursor ? cursor.w : (counted ?? 0) > SEARCH_COUNT_CAP;
  const rows = await run<SearchRow>(ctx, dense ? 'walk' : 'page', statements.page);
  return {
    rows,
    total: counted,
    capped: (counted ?? 0) > SEARCH_COUNT_CAP,
    dense,
    more: rows.length > SEARCH_PAGE_SIZE,
  };
}

/**
 * One page of browse results, most recently active first (stable: ties broken by id), and on the
 * first page the number of members matching (exact up to SEARCH_COUNT_CAP). Served from the shared
 * snapshot of the question (one statement: the page's rows by id, checked live), or from the tables
 * when the snapshot cannot answer (pages past the matches it keeps).
 */
export async function searchMembers(
  ctx: AppContext,
  { actor: viewer, filters }: { actor: MemberActor; filters: SearchFilters },
): Promise<SearchPage> {
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
  const cursor = decodeCursor(filters.cursor);
  const found =
    (await pageFromSnapshot(ctx, viewer, filters, cursor)) ??
    (await pageFromTables(ctx, viewer, filters, cursor));

  const rows = found.rows
    .slice(0, SEARCH_PAGE_SIZE)
    .map((row) => ({ ...row, lastActive: new Date(row.lastActive) }));
  const context = { geo: viewer.geo, maxTier };
  const last = rows.at(-1);
  return {
    items: rows.map((row) =>
      presentMemberCard(
        row,
        row.photoIds.map((id) => ({ id })),
        context,
      ),
    ),
    total: found.total === null ? null : Math.min(found.total, SEARCH_COUNT_CAP),
    total_capped: found.capped,
    next_cursor:
      found.more && last ? encodeCursor({ t: last.lastActiveKey, id: last.id, w: found.dense }) : null,
    max_visible_tier: maxTier,
  };
}
