import {
  actorFromPlan,
  type Compliance,
  capabilitiesOf,
  isSubscriptionActive,
  type Me,
  nextRequiredStep,
  type Role,
  shownRating,
  type TierLevel,
} from '@royal/shared';
import type { profiles } from '../../db/schema';
import { photoUrl } from '../photos';

/** A profile row; `ratingAvg` may arrive as the driver's numeric string (read with Number()). */
/**
 * The member's own profile row, without the copies that exist for other members' cards
 * (schema/profiles.ts): the member's own settings and photos are read from their sources.
 */
export type ProfileRow = Omit<typeof profiles.$inferSelect, 'ratingAvg' | CardCopy> & {
  ratingAvg: number | string | null;
};
export type CardCopy = 'profileVisibility' | 'showOnlineStatus' | 'locationSharing' | 'photoIds';
export type MePhotoRow = { id: string; status: string };

/**
 * The signed-in member's own view of themselves (spec part 1 §3 "Current user"). This is the only
 * presenter that may include the member's e-mail and exact coordinates: it is never used for others.
 */
export function presentMe(input: {
  email: string;
  emailConfirmed: boolean;
  profile: ProfileRow;
  photos: MePhotoRow[];
  roles: Role[];
  compliance: Compliance;
}): Me {
  const { profile: p, roles } = input;
  // The shared permission rules' view of the member, as the request's actor has it.
  const actor = actorFromPlan({ ...p, emailConfirmed: input.emailConfirmed }, roles);
  const shownPhotos = input.photos.filter((photo) => photo.status !== 'rejected');
  const first = shownPhotos[0];
  return {
    id: p.userId,
    email: input.email,
    name: p.name,
    age: p.age,
    photos: shownPhotos.map((photo) => ({ id: photo.id, url: photoUrl(photo.id, 'large') })),
    avatar: first ? photoUrl(first.id, 'face') : null,
    bio: p.bio ?? '',
    tier_level: p.tierLevel as TierLevel,
    // Active as every rule counts it (flag set and end date to come): the stored flag stays set
    // until the expiry job clears it, up to ten minutes after the end date.
    tier_subscription_active: isSubscriptionActive(actor),
    tier_subscription_ends_at: actor.tier_subscription_ends_at,
    is_sponsored: p.isSponsored,
    popularity_score: p.popularityScore,
    rating_avg: shownRating(p.ratingAvg, p.ratingCount),
    verified: p.verified,
    email_confirmed: input.emailConfirmed,
    location: {
      city: p.city ?? '',
      state: p.state ?? '',
      coordinates: p.lat !== null && p.lng !== null ? { lat: p.lat, lng: p.lng } : null,
    },
    preferences: {
      age_range: [p.ageRangeMin, p.ageRangeMax],
      distance_preference: p.distancePreference,
      looking_for: p.lookingFor,
      compensation_preference: p.compensationPreference,
      travel_willing: p.travelWilling,
      discretion_required: p.discretionRequired,
    },
    lifestyle_tags: p.lifestyleTags,
    prompts: p.prompts,
    body_type: p.bodyType,
    height: p.height,
    ethnicity: p.ethnicity,
    view_count: p.viewCount,
    like_count: p.likeCount,
    ghost_mode: p.ghostMode,
    can_sponsor: p.canSponsor,
    gender: p.gender,
    user_type: p.userType,
    invite_code: p.inviteCode,
    open_to_companions_only: p.openToCompanionsOnly,
    last_active: p.lastActive.toISOString(),
    roles,
    created_at: p.createdAt.toISOString(),
    capabilities: capabilitiesOf(actor),
    compliance: input.compliance,
    onboarded: p.onboardedAt !== null,
    next_step: nextRequiredStep({ onboarded: p.onboardedAt !== null }),
  };
}
