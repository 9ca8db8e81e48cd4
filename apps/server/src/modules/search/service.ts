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
import { photos, profiles, safetySettings } from '../../db/schema';
import type { MemberActor } from '../auth';
import {
  locationSharingColumn,
  type MemberCardRow,
  memberCardColumns,
  presentMemberCard,
  selectList,
  settingsJoin,
  visibleTo,
} from '../members';

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
 * tier_only, blocks either way) and browse's own tier cap (only visible tiers, no teasers).
 */
function conditions(viewer: MemberActor, filters: SearchFilters): SQL {
  const maxTier = maxVisibleTier(viewer.rules);
  const parts: SQL[] = [
    sql`${profiles.userId} <> ${viewer.id}::uuid`,
    filters.tier === undefined
      ? sql`${profiles.tierLevel} <= ${maxTier}::int`
      : sql`${profiles.tierLevel} = ${filters.tier}::int`,
    visibleTo({ id: sql`${viewer.id}::uuid`, tier: sql`${maxTier}::int` }),
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

/** Where the previous page stopped: last activity (text with microseconds) and id, and the page plan. */
const cursorSchema = z.object({
  t: z.iso.datetime({ offset: true, precision: 6 }),
  id: z.uuid(),
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

const dialect = new PgDialect();

/**
 * Runs one of the search statements as a named prepared statement: its text depends only on which
 * filters are set, so PostgreSQL parses it once per connection and combination (planning and parsing
 * the statement cost more than running it for most searches).
 *
 * The page runs with the plan that suits how many members match. Few (up to the count's cap):
 * PostgreSQL's own choice, typically a bitmap of the filter's index (trigrams, the box, the tags) and
 * a sort of those few rows. Many: it cannot tell — a box or a tag list has no useful row estimate — and
 * would still fetch and sort every match (~300 ms for 10,000 on the benchmark); instead the page runs
 * on the connections set up for ordered walks (GENERIC_PLAN_SETTINGS: no sort, no bitmap), which walk
 * profiles_search_order_idx newest first and stop after a page, about a hundred rows in when at least
 * 1% of members match.
 */
async function run<T>(ctx: AppContext, kind: 'count' | 'page' | 'walk', statement: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = `search_${kind}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  return ctx.database.queryPrepared<T>(name, text, params, { genericPlan: kind === 'walk' });
}

/**
 * The statements of one search page: the page (photos folded in) and, on the first page, the count —
 * which stops at one past the cap, so a broad filter never counts its whole membership
 * (SEARCH_COUNT_CAP). Exported for bench/explain-search.ts.
 */
export function searchStatements(viewer: MemberActor, filters: SearchFilters, cursor: SearchCursor | null) {
  const where = conditions(viewer, filters);
  const after = cursor
    ? sql`and (${profiles.lastActive}, ${profiles.userId}) < (${cursor.t}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const page = sql`
    select ${selectList(memberCardColumns)}, ${lastActiveKey} as "lastActiveKey",
      array(select ${photos.id}::text from ${photos}
        where ${photos.userId} = ${profiles.userId} and ${photos.status} = 'approved'
        order by ${photos.position}, ${photos.createdAt}) as "photoIds"
    from ${profiles} left join ${safetySettings} on ${settingsJoin}
    where ${where} ${after}
    order by ${profiles.lastActive} desc, ${profiles.userId} desc
    limit ${SEARCH_PAGE_SIZE + 1}`;
  const count = cursor
    ? null
    : sql`select count(*)::int as total from (select 1 from ${profiles} left join ${safetySettings} on ${settingsJoin}
        where ${where} limit ${SEARCH_COUNT_CAP + 1}) capped`;
  return { page, count };
}

/**
 * One page of browse results, most recently active first (stable: ties broken by id), and on the
 * first page the number of members matching. Two statements whatever the filters: the count (first
 * page only, exact up to SEARCH_COUNT_CAP), then the page with its photos folded in, planned for
 * what the count found (run).
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
  const statements = searchStatements(viewer, filters, cursor);
  const counted = statements.count
    ? ((await run<{ total: number }>(ctx, 'count', statements.count))[0]?.total ?? 0)
    : null;
  const walk = cursor ? cursor.w : (counted ?? 0) > SEARCH_COUNT_CAP;
  const found = await run<SearchRow>(ctx, walk ? 'walk' : 'page', statements.page);

  const rows = found
    .slice(0, SEARCH_PAGE_SIZE)
    .map((row) => ({ ...row, lastActive: new Date(row.lastActive) }));
  const context = { geo: viewer.geo, maxTier };
  const total = counted ?? 0;
  const last = rows.at(-1);
  return {
    items: rows.map((row) =>
      presentMemberCard(
        row,
        row.photoIds.map((id) => ({ id })),
        context,
      ),
    ),
    total: counted === null ? null : Math.min(total, SEARCH_COUNT_CAP),
    total_capped: total > SEARCH_COUNT_CAP,
    next_cursor:
      found.length > SEARCH_PAGE_SIZE && last
        ? encodeCursor({ t: last.lastActiveKey, id: last.id, w: walk })
        : null,
    max_visible_tier: maxTier,
  };
}
