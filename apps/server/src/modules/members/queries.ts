import { DEFAULT_MEMBER_SETTINGS, type TierLevel, type UserType } from '@royal/shared';
import { and, asc, eq, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { LatLng } from '../../db/geo';
import { matches, photos, profiles, safetySettings, swipeActions, userBlocks } from '../../db/schema';
import type { Member } from '../../plugins/session';
import type { PhotoRef } from './presenter';

/**
 * The one place that says which columns of another member are read and who may see them. Feed,
 * swipes, interests and the profile page select `memberCardColumns` (plus their own extras) from
 * `profiles` left-joined to `safety_settings` on `settingsJoin`, and filter with `visibleTo`.
 * A member without a settings row reads as the shared defaults.
 */
export const settingsJoin = eq(safetySettings.userId, profiles.userId);

const visibility = sql<string>`coalesce(${safetySettings.profileVisibility}, ${sql.raw(`'${DEFAULT_MEMBER_SETTINGS.profile_visibility}'`)})`;

export const memberCardColumns = {
  id: profiles.userId,
  name: profiles.name,
  age: profiles.age,
  city: profiles.city,
  state: profiles.state,
  bio: profiles.bio,
  tierLevel: profiles.tierLevel,
  verified: profiles.verified,
  isSponsored: profiles.isSponsored,
  userType: profiles.userType,
  lookingFor: profiles.lookingFor,
  lifestyleTags: profiles.lifestyleTags,
  viewCount: profiles.viewCount,
  likeCount: profiles.likeCount,
  ratingAvg: profiles.ratingAvg,
  // Only the coarse cell: the exact lat/lng never leave the server.
  geoLat: profiles.geoLat,
  geoLng: profiles.geoLng,
  lastActive: profiles.lastActive,
  showOnlineStatus: sql<boolean>`coalesce(${safetySettings.showOnlineStatus}, ${sql.raw(String(DEFAULT_MEMBER_SETTINGS.show_online_status))})`,
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

/** No block between the viewer and the member in `profiles`, in either direction (user_blocks_pair_key). */
export function notBlockedWith(viewerId: string): SQL {
  return sql`not exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${profiles.userId}) or (${userBlocks.blockerId} = ${profiles.userId} and ${userBlocks.blockedId} = ${viewerId}))`;
}

/**
 * Whether the viewer may know the member in `profiles` exists at all: not in ghost mode, not
 * `private`, no block either way, and — for `tier_only` — the viewer is at the member's tier or
 * above. (`tier_only` thus also hides a member from lower tiers' locked teasers and from their
 * interests lists, and their page answers 404 rather than "Profile Restricted".) It does not apply
 * the tier rule itself: callers decide whether a higher tier is a locked card, a restricted page or
 * an interest row with blurred photos. Does not exclude the viewer themself.
 */
export function visibleTo(viewer: { id: string; tier: TierLevel }): SQL {
  return and(
    eq(profiles.ghostMode, false),
    sql`${visibility} <> 'private'`,
    or(sql`${visibility} <> 'tier_only'`, lte(profiles.tierLevel, viewer.tier)),
    notBlockedWith(viewer.id),
  ) as SQL;
}

/** The viewer has not swiped on the member in `profiles` yet (swipe_actions_pair_key). */
export function notSwipedBy(viewerId: string): SQL {
  return sql`not exists (select 1 from ${swipeActions} where ${swipeActions.swiperId} = ${viewerId} and ${swipeActions.targetId} = ${profiles.userId})`;
}

/** The id of the live match between the viewer and the member in `profiles`, or null (matches_pair_key). */
export function activeMatchIdWith(viewerId: string) {
  return sql<string | null>`(select ${matches.id} from ${matches}
    where ${matches.user1Id} = least(${viewerId}::uuid, ${profiles.userId})
      and ${matches.user2Id} = greatest(${viewerId}::uuid, ${profiles.userId})
      and ${matches.status} = 'active' and ${matches.expiresAt} > now())`;
}

/** The viewer's own facts that discovery needs; the tier comes from the session's actor. */
export type Viewer = {
  id: string;
  name: string;
  tier: TierLevel;
  userType: UserType;
  ageRange: [number, number];
  geo: LatLng | null;
  ghostMode: boolean;
  viewCount: number;
};

export async function loadViewer(db: Db, member: Member): Promise<Viewer> {
  const [row] = await db
    .select({
      name: profiles.name,
      userType: profiles.userType,
      ageRangeMin: profiles.ageRangeMin,
      ageRangeMax: profiles.ageRangeMax,
      geoLat: profiles.geoLat,
      geoLng: profiles.geoLng,
      ghostMode: profiles.ghostMode,
      viewCount: profiles.viewCount,
    })
    .from(profiles)
    .where(eq(profiles.userId, member.id));
  // requireMember has just read this profile; it can only vanish if the account is being deleted.
  if (!row) throw new Error(`profile of signed-in member ${member.id} is missing`);
  return {
    id: member.id,
    name: row.name,
    tier: member.actor.tier_level,
    userType: row.userType,
    ageRange: [row.ageRangeMin, row.ageRangeMax],
    geo: row.geoLat !== null && row.geoLng !== null ? { lat: row.geoLat, lng: row.geoLng } : null,
    ghostMode: row.ghostMode,
    viewCount: row.viewCount,
  };
}

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
