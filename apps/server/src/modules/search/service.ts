import {
  AppError,
  ErrorCode,
  maxVisibleTier,
  ONLINE_WINDOW_MS,
  SEARCH_PAGE_SIZE,
  type SearchFilters,
  type SearchPage,
} from '@royal/shared';
import { and, type SQL, sql } from 'drizzle-orm';
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

/** Where the previous page stopped: last activity (text with microseconds) and id. */
const cursorSchema = z.object({ t: z.iso.datetime({ offset: true, precision: 6 }), id: z.uuid() });
type SearchCursor = z.infer<typeof cursorSchema>;

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

/**
 * One page of browse results, most recently active first (stable: ties broken by id), and on the
 * first page the number of members matching. Two statements whatever the filters: the page with its
 * photos folded in, and the count (first page only).
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
  const where = conditions(viewer, filters);
  const after = cursor
    ? sql`and (${profiles.lastActive}, ${profiles.userId}) < (${cursor.t}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const pageQuery = ctx.db.execute<SearchRow>(sql`
    select ${selectList(memberCardColumns)}, ${lastActiveKey} as "lastActiveKey",
      array(select ${photos.id}::text from ${photos}
        where ${photos.userId} = ${profiles.userId} and ${photos.status} = 'approved'
        order by ${photos.position}, ${photos.createdAt}) as "photoIds"
    from ${profiles} left join ${safetySettings} on ${settingsJoin}
    where ${where} ${after}
    order by ${profiles.lastActive} desc, ${profiles.userId} desc
    limit ${SEARCH_PAGE_SIZE + 1}`);
  const countQuery = cursor
    ? null
    : ctx.db.execute<{ total: number }>(
        sql`select count(*)::int as total from ${profiles} left join ${safetySettings} on ${settingsJoin} where ${where}`,
      );
  const [page, counted] = await Promise.all([pageQuery, countQuery]);

  const rows = page.rows
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
    total: counted ? (counted.rows[0]?.total ?? 0) : null,
    next_cursor:
      page.rows.length > SEARCH_PAGE_SIZE && last
        ? encodeCursor({ t: last.lastActiveKey, id: last.id })
        : null,
    max_visible_tier: maxTier,
  };
}
