import {
  type FeedCard,
  isOnline,
  type LockedCard,
  type MemberCard,
  type MemberProfile,
  type SwipeDirection,
  shownMiles,
  shownRating,
  type TierLevel,
} from '@royal/shared';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { distanceMiles, type LatLng } from '../../db/geo';
import { photoUrl } from '../photos';
import { isAboveTier } from './policy';
import type { memberCardColumns, memberProfileColumns, PhotoRef } from './queries';

/** A row selected with `memberCardColumns`. */
export type MemberCardRow = SelectResultFields<typeof memberCardColumns>;
/** A row selected with `memberProfileColumns`. */
export type MemberProfileRow = SelectResultFields<typeof memberProfileColumns>;

/**
 * Who is looking: distances are measured from their coarse cell (null when they have no location or
 * hide it: MemberActor.geo), photos follow their tier, and others' online status shows only to a
 * viewer who shows their own (MemberActor.showsOnline).
 */
export type ViewerContext = { geo: LatLng | null; maxTier: TierLevel; seesOnline: boolean };

/** Whole miles between the two coarse cells; none when either side has no location or hides it. */
export function distanceFrom(viewer: Pick<ViewerContext, 'geo'>, row: MemberCardRow): number | null {
  if (!viewer.geo || !row.locationSharing || row.geoLat === null || row.geoLng === null) return null;
  return shownMiles(distanceMiles(viewer.geo, { lat: row.geoLat, lng: row.geoLng }));
}

/**
 * The variants of a member's photos a viewer is shown: of a member above the viewer's tier only the
 * blurred one, the only variant the photo route serves them (photos/service.ts); otherwise the
 * photos and, for avatars, the square cut around the face.
 */
export function photoSizesFor(memberTier: number, viewerMaxTier: TierLevel) {
  return isAboveTier(memberTier, viewerMaxTier)
    ? ({ photo: 'blur', avatar: 'blur' } as const)
    : ({ photo: 'large', avatar: 'face' } as const);
}

/**
 * Another member as every list shows them. Built field by field, so nothing else of the row (and
 * never e-mail, exact coordinates, wallet data, settings or their view and like counts) can leak
 * into a response. The rating shows only from RATING_MIN_COUNT ratings.
 *
 * A member above the viewer's tier reaches a full card only where they acted towards the viewer
 * (an interest row, the other side of a match); they keep name and text but their photos are the
 * blurred variant, the only one the photo route serves for a tier the viewer cannot see.
 */
export function presentMemberCard(
  row: MemberCardRow,
  photos: readonly PhotoRef[],
  viewer: ViewerContext,
): MemberCard {
  const sizes = photoSizesFor(row.tierLevel, viewer.maxTier);
  const first = photos[0];
  const showsOnline = row.showOnlineStatus && viewer.seesOnline;
  return {
    locked: false,
    id: row.id,
    name: row.name,
    age: row.age,
    city: row.city,
    state: row.state,
    bio: row.bio ?? '',
    photos: photos.map((p) => ({ id: p.id, url: photoUrl(p.id, sizes.photo) })),
    avatar: first ? photoUrl(first.id, sizes.avatar) : null,
    tier_level: row.tierLevel as TierLevel,
    verified: row.verified,
    // Only the month leaves the server: all the card says is "Verified since March 2026".
    verified_since: row.verified && row.verifiedAt ? row.verifiedAt.toISOString().slice(0, 7) : null,
    is_sponsored: row.isSponsored,
    user_type: row.userType,
    looking_for: row.lookingFor,
    lifestyle_tags: [...row.lifestyleTags],
    prompts: row.prompts,
    rating_avg: shownRating(row.ratingAvg, row.ratingCount),
    distance_miles: distanceFrom(viewer, row),
    online: showsOnline && isOnline(row.lastActive),
    last_active: showsOnline ? row.lastActive.toISOString() : null,
  };
}

/** A higher-tier teaser, masked here on the server: no name, place, text or clear photo. */
export function presentLockedCard(
  row: { id: string; tierLevel: number; age: number },
  firstPhotoId: string | null,
): LockedCard {
  const tier = row.tierLevel as TierLevel;
  return {
    locked: true,
    id: row.id,
    tier_level: tier,
    age: row.age,
    blurred_photo: firstPhotoId ? photoUrl(firstPhotoId, 'blur') : null,
    required_tier: tier,
  };
}

/**
 * A member as lists of people who acted towards the viewer show them (interests): in full up to
 * the viewer's tier, and above it masked exactly like the feed's locked teasers, with the
 * invitation to upgrade — the premium "see who likes you" moment.
 */
export function presentMemberOrTeaser(
  row: MemberCardRow,
  photos: readonly PhotoRef[],
  viewer: ViewerContext,
): FeedCard {
  return isAboveTier(row.tierLevel, viewer.maxTier)
    ? presentLockedCard(row, photos[0]?.id ?? null)
    : presentMemberCard(row, photos, viewer);
}

/** The profile page: the card plus the details only the page shows and the viewer's relation. */
export function presentMemberProfile(
  row: MemberProfileRow,
  photos: readonly PhotoRef[],
  viewer: ViewerContext,
  relation: { mySwipe: SwipeDirection | null; matchId: string | null },
): MemberProfile {
  return {
    ...presentMemberCard(row, photos, viewer),
    body_type: row.bodyType,
    height: row.height,
    ethnicity: row.ethnicity,
    compensation_preference: row.compensationPreference,
    travel_willing: row.travelWilling,
    discretion_required: row.discretionRequired,
    open_to_companions_only: row.openToCompanionsOnly,
    my_swipe: relation.mySwipe,
    match_id: relation.matchId,
  };
}
