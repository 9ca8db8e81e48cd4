import {
  AppError,
  ageOn,
  birthDateRefusal,
  ErrorCode,
  type Me,
  type OnboardingBody,
  type ProfileUpdate,
  WOMEN_ONLY_PROFILE_FIELDS,
} from '@royal/shared';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { locationColumns } from '../../db/geo';
import { photos, profiles, users } from '../../db/schema';
import type { MemberActor } from '../auth';
import { loadMe, placeFor } from '../me';

function refuse(path: string, message: string): never {
  throw new AppError(ErrorCode.VALIDATION_FAILED, message, [{ path, message }]);
}

type ProfileColumns = Partial<typeof profiles.$inferInsert>;

/** A place's profile columns: city and state shown to others, the stored point and its keyed cell. */
function locationOf(ctx: AppContext, userId: string, body: Parameters<typeof placeFor>[0]): ProfileColumns {
  const { city, point } = placeFor(body);
  return {
    ...locationColumns(point, userId, ctx.secrets.locationJitter),
    city: city.name,
    state: city.state,
  };
}

/**
 * Finishes onboarding: the answers become the profile (the age from the date of birth, at least the
 * terms' minimum for the member's tier), provided a first photo is there. One transaction; the
 * profile row is locked so a photo deleted meanwhile cannot leave an onboarded member without one.
 */
export async function completeOnboarding(
  ctx: AppContext,
  { actor, input, now = new Date() }: { actor: MemberActor; input: OnboardingBody; now?: Date },
): Promise<Me> {
  if (actor.onboarded) throw new AppError(ErrorCode.CONFLICT, 'Your profile is already set up');
  const refusal = birthDateRefusal(input.birth_date, actor.tier, now);
  if (refusal) refuse('birth_date', refusal);
  const age = ageOn(input.birth_date, now);
  const place = locationOf(ctx, actor.id, input.location);

  await ctx.transact(async ({ tx, publish }) => {
    await tx.execute(sql`select 1 from ${profiles} where ${profiles.userId} = ${actor.id} for update`);
    const [photo] = await tx
      .select({ n: count() })
      .from(photos)
      .where(and(eq(photos.userId, actor.id), ne(photos.status, 'rejected')));
    if (!photo || photo.n === 0) refuse('photos', 'Please add a first photo of yourself');
    await tx
      .update(profiles)
      .set({
        ...place,
        name: input.name,
        userType: input.user_type,
        gender: input.user_type === 'women' ? 'female' : 'male',
        birthDate: input.birth_date,
        age,
        lookingFor: input.looking_for,
        bio: input.bio,
        ...(input.prompts ? { prompts: input.prompts } : {}),
        onboardedAt: now,
      })
      .where(eq(profiles.userId, actor.id));
    await tx.update(users).set({ name: input.name }).where(eq(users.id, actor.id));
    publish({ kind: 'actor.invalidate', userIds: [actor.id] });
  });
  return loadMe(ctx, actor.id);
}

/**
 * Saves Edit Profile. Only the fields sent change; Additional Preferences are refused for a member
 * who is not a woman (the form shows them only to women); `verified`, tier and age never come from
 * here (the request schema is strict).
 */
export async function updateProfile(
  ctx: AppContext,
  { actor, input }: { actor: MemberActor; input: ProfileUpdate },
): Promise<Me> {
  if (actor.userType !== 'women') {
    for (const field of WOMEN_ONLY_PROFILE_FIELDS) {
      if (input[field] !== undefined) refuse(field, 'Additional Preferences are only for women members');
    }
  }
  const set: ProfileColumns = {
    ...(input.location ? locationOf(ctx, actor.id, input.location) : {}),
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.bio !== undefined ? { bio: input.bio } : {}),
    ...(input.body_type !== undefined ? { bodyType: input.body_type } : {}),
    ...(input.height !== undefined ? { height: input.height } : {}),
    ...(input.ethnicity !== undefined ? { ethnicity: input.ethnicity } : {}),
    ...(input.looking_for !== undefined ? { lookingFor: input.looking_for } : {}),
    ...(input.prompts !== undefined ? { prompts: input.prompts } : {}),
    ...(input.age_range ? { ageRangeMin: input.age_range[0], ageRangeMax: input.age_range[1] } : {}),
    ...(input.distance_preference !== undefined ? { distancePreference: input.distance_preference } : {}),
    ...(input.travel_willing !== undefined ? { travelWilling: input.travel_willing } : {}),
    ...(input.discretion_required !== undefined ? { discretionRequired: input.discretion_required } : {}),
    ...(input.lifestyle_tags !== undefined ? { lifestyleTags: input.lifestyle_tags } : {}),
    ...(input.compensation_preference !== undefined
      ? { compensationPreference: input.compensation_preference }
      : {}),
    ...(input.open_to_companions_only !== undefined
      ? { openToCompanionsOnly: input.open_to_companions_only }
      : {}),
  };
  if (Object.keys(set).length > 0) {
    await ctx.transact(async ({ tx, publish }) => {
      await tx
        .update(profiles)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(profiles.userId, actor.id));
      if (set.name !== undefined)
        await tx.update(users).set({ name: set.name }).where(eq(users.id, actor.id));
      // The cached actor carries the name, age range, distance preference and location cell.
      publish({ kind: 'actor.invalidate', userIds: [actor.id] });
    });
  }
  return loadMe(ctx, actor.id);
}
