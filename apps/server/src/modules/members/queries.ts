import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { matches, photos, profiles, swipeActions } from '../../db/schema';
import { matchIsOpen } from '../matches';

/**
 * The member's Location Sharing setting (off: no distance to or from them, and no distance filter),
 * from the copy on `profiles`.
 */
export const locationSharingColumn = profiles.locationSharing;

/**
 * The one place that says which columns of another member are read. Feed, swipes, interests and
 * the profile page select `memberCardColumns` (plus their own extras) from `profiles`, and filter
 * with `visibleTo` (policy.ts). The settings a card needs are the copies on `profiles`.
 */
export const memberCardColumns = {
  id: profiles.userId,
  name: profiles.name,
  age: profiles.age,
  city: profiles.city,
  state: profiles.state,
  bio: profiles.bio,
  tierLevel: profiles.tierLevel,
  verified: profiles.verified,
  verifiedAt: profiles.verifiedAt,
  isSponsored: profiles.isSponsored,
  userType: profiles.userType,
  lookingFor: profiles.lookingFor,
  lifestyleTags: profiles.lifestyleTags,
  prompts: profiles.prompts,
  ratingAvg: profiles.ratingAvg,
  ratingCount: profiles.ratingCount,
  // Only the coarse cell: the exact lat/lng never leave the server.
  geoLat: profiles.geoLat,
  geoLng: profiles.geoLng,
  lastActive: profiles.lastActive,
  showOnlineStatus: profiles.showOnlineStatus,
  locationSharing: locationSharingColumn,
};

export const memberProfileColumns = {
  ...memberCardColumns,
  bodyType: profiles.bodyType,
  height: profiles.height,
  ethnicity: profiles.ethnicity,
  compensationPreference: profiles.compensationPreference,
  travelWilling: profiles.travelWilling,
  discretionRequired: profiles.discretionRequired,
  openToCompanionsOnly: profiles.openToCompanionsOnly,
};

/**
 * A column map as a SQL select list (`col as "key"`), for hand-written statements whose raw rows
 * must come back in the same shape as drizzle's select of the same map.
 */
export function selectList(columns: Record<string, SQL.Aliased | SQL | { name: string }>): SQL {
  return sql.join(
    Object.entries(columns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
    sql`, `,
  );
}

/**
 * The viewer has not swiped on the member in `profiles` yet: one probe of swipe_actions_pkey (the pair) per
 * candidate, whatever the viewer's history. `offset 0` keeps it that probe. As a plain NOT EXISTS,
 * PostgreSQL may make it an anti-join that reads all of the viewer's swipes and compares each
 * candidate with every one of them, a plan a prepared (generic) statement picks from the average
 * member's few swipes and then runs for a member with thousands (measured: 8 ms of an 11 ms feed
 * page for a viewer with 764 swipes). A hashed NOT IN would read the viewer's whole history on every
 * page: cheaper for a member who has hardly swiped, dearer for the engaged members who ask for the
 * most pages.
 */
export function notSwipedBy(viewerId: string | SQL) {
  return sql`not exists (select 1 from ${swipeActions} where ${swipeActions.swiperId} = ${viewerId} and ${swipeActions.targetId} = ${profiles.userId} offset 0)`;
}

/** The id of the open match between the viewer and the member in `profiles`, or null (matches_pair_key). */
export function openMatchIdWith(viewerId: string | SQL) {
  return sql<string | null>`(select ${matches.id} from ${matches}
    where ${matches.user1Id} = least(${viewerId}::uuid, ${profiles.userId})
      and ${matches.user2Id} = greatest(${viewerId}::uuid, ${profiles.userId})
      and ${matchIsOpen})`;
}

/** A member's photo as the presenters need it: its id (the URLs follow from it and the viewer). */
export type PhotoRef = { id: string };

/** Approved photos of many members in one query, each list main photo first (photos_user_position_idx). */
export async function loadPhotos(db: Db, userIds: readonly string[]): Promise<Map<string, PhotoRef[]>> {
  const byUser = new Map<string, PhotoRef[]>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return byUser;
  const rows = await db
    .select({ id: photos.id, userId: photos.userId })
    .from(photos)
    .where(and(inArray(photos.userId, ids), eq(photos.status, 'approved')))
    .orderBy(asc(photos.userId), asc(photos.position), asc(photos.createdAt));
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push({ id: row.id });
    byUser.set(row.userId, list);
  }
  return byUser;
}
