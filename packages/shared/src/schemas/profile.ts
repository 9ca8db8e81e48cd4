import { z } from 'zod';
import {
  APPEAL_STATUSES,
  BODY_TYPES,
  COMPENSATION_FROM_SETTINGS_PAGE,
  COMPENSATION_PREFERENCES,
  ETHNICITIES,
  HEIGHTS,
  LIFESTYLE_TAGS,
  LOOKING_FOR,
  LOOKING_FOR_FROM_SETTINGS_PAGE,
  PHOTO_MODERATION_STATUSES,
  USER_TYPES,
} from '../enums';
import {
  AGE_MAX,
  AGE_MIN,
  APPEAL_REASON_MAX,
  BIO_MAX,
  BIO_MIN,
  DISTANCE_MAX,
  DISTANCE_MIN,
  DISTANCE_STEP,
  NAME_MAX,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_COUNT,
  REJECTION_REASON_MAX,
} from '../limits';
import { profilePromptsSchema } from '../prompts';
import {
  hasInvisibleCharacters,
  hasLetterOrDigit,
  hasStackedMarks,
  INVISIBLE_CHARACTERS_MESSAGE,
  isSingleLine,
  SINGLE_LINE_MESSAGE,
  STACKED_MARKS_MESSAGE,
} from '../text';
import { tierSchema } from '../tiers';
import { uuidInput } from './common';
import { locationBodySchema } from './search';

const isoDateTime = z.iso.datetime({ offset: true });

// Onboarding and Edit Profile (spec part 2 §2 "Edit Profile page", §3 profile row, §5, §9).

const NAME_REQUIRED_TEXT = 'Please enter your name';
const NAME_NEEDS_LETTER_TEXT = 'Your name must include at least one letter';

export const nameSchema = z
  .string()
  .trim()
  // Nothing left after trimming: say that once, not also what the other rules make of nothing.
  .min(1, { error: NAME_REQUIRED_TEXT, abort: true })
  .max(NAME_MAX, `Your name can be at most ${NAME_MAX} characters`)
  .refine(isSingleLine, SINGLE_LINE_MESSAGE)
  .refine((name) => !hasInvisibleCharacters(name), INVISIBLE_CHARACTERS_MESSAGE)
  .refine((name) => !hasStackedMarks(name), STACKED_MARKS_MESSAGE)
  // A name of emoji alone, or of direction marks and joiners (which show nothing), is no name.
  .refine(hasLetterOrDigit, NAME_NEEDS_LETTER_TEXT);

const bioSchema = z.string().trim().max(BIO_MAX, `Your bio can be at most ${BIO_MAX} characters`);

export const BIO_TOO_SHORT_TEXT = `Please write at least ${BIO_MIN} characters about yourself`;

/** The counter under a bio field: how far to the minimum, then how much of the maximum is used. */
export const bioCountText = (length: number) =>
  length < BIO_MIN ? `${BIO_MIN - length} more characters to go` : `${length}/${BIO_MAX}`;

/** A member's bio, from onboarding on: a few real words, not a placeholder, never cleared (decision 039). */
export const memberBioSchema = bioSchema.min(BIO_MIN, BIO_TOO_SHORT_TEXT);

/** Short bios onboarding shows as examples of what to write. */
export const BIO_EXAMPLES: readonly string[] = [
  'Gallery openings, long dinners and sailing on Sundays. Looking for someone curious and kind.',
  'Architect by day, amateur chef by night. I will plan the trip if you pick the wine.',
  'Happiest at a jazz bar or on a mountain trail. Ask me about my last trip to Lisbon.',
];

export const birthDateSchema = z.iso.date('Please enter your date of birth').describe('YYYY-MM-DD');

export const onboardingBodySchema = z
  .object({
    name: nameSchema,
    user_type: z.enum(USER_TYPES, { error: 'Please choose one' }).describe('"I am": men or women'),
    birth_date: birthDateSchema.describe('Date of birth; the age is computed from it'),
    location: locationBodySchema.describe('A city of the list, or the browser position'),
    looking_for: z.enum(LOOKING_FOR, { error: 'Please choose what you are looking for' }),
    bio: memberBioSchema.describe(`About you, ${BIO_MIN}–${BIO_MAX} characters`),
    prompts: profilePromptsSchema.optional(),
  })
  .strict()
  .describe('The first-run questions; the member must also have uploaded a first photo');
export type OnboardingBody = z.infer<typeof onboardingBodySchema>;

/**
 * A stored value, or one of the spec's Settings-page words, which becomes the stored value it maps
 * to (enums.ts; decision 048). Replies and screens only ever carry the stored values.
 */
function storedOrSettingsWord<Stored extends string>(
  stored: readonly [Stored, ...Stored[]],
  fromSettingsPage: Readonly<Record<string, Stored>>,
) {
  const words = [...new Set([...stored, ...Object.keys(fromSettingsPage)])] as [string, ...string[]];
  return z
    .enum(words)
    .transform((word) => fromSettingsPage[word] ?? (word as Stored))
    .describe(
      `One of ${stored.join(', ')}; the spec's Settings-page words (${Object.keys(fromSettingsPage).join(', ')}) are taken as their mapped value`,
    );
}

const lookingForInputSchema = storedOrSettingsWord(LOOKING_FOR, LOOKING_FOR_FROM_SETTINGS_PAGE);
const compensationInputSchema = storedOrSettingsWord(
  COMPENSATION_PREFERENCES,
  COMPENSATION_FROM_SETTINGS_PAGE,
);

/** Edit Profile's "Additional Preferences" (only for user_type women). */
export const WOMEN_ONLY_PROFILE_FIELDS = ['compensation_preference', 'open_to_companions_only'] as const;

/** What the dating preferences' bounds (spec part 2 §9) say when a value is outside them. */
export const PREFERENCE_TEXTS = {
  ageMinTooLow: `Minimum age must be at least ${AGE_MIN}`,
  ageMinTooHigh: `Minimum age must be at most ${AGE_MAX}`,
  ageMaxTooLow: `Maximum age must be at least ${AGE_MIN}`,
  ageMaxTooHigh: `Maximum age must be at most ${AGE_MAX}`,
  ageMinAboveMax: 'Minimum age must not be above maximum age',
  ageWhole: 'Please enter an age in whole years',
  distance: `Distance must be between ${DISTANCE_MIN} and ${DISTANCE_MAX} miles`,
  distanceStep: `Distance goes in steps of ${DISTANCE_STEP} miles`,
} as const;

const ageRangeSchema = z
  .tuple([
    z
      .int({ error: PREFERENCE_TEXTS.ageWhole })
      .min(AGE_MIN, PREFERENCE_TEXTS.ageMinTooLow)
      .max(AGE_MAX, PREFERENCE_TEXTS.ageMinTooHigh),
    z
      .int({ error: PREFERENCE_TEXTS.ageWhole })
      .min(AGE_MIN, PREFERENCE_TEXTS.ageMaxTooLow)
      .max(AGE_MAX, PREFERENCE_TEXTS.ageMaxTooHigh),
  ])
  .refine(([min, max]) => min <= max, PREFERENCE_TEXTS.ageMinAboveMax)
  .describe(`Preferred partner age [min, max], ${AGE_MIN}–${AGE_MAX}`);

/** Every Edit Profile field (the form's shape); the request takes any subset of it. */
export const profileFormSchema = z.object({
  name: nameSchema,
  bio: memberBioSchema,
  location: locationBodySchema,
  body_type: z.enum(BODY_TYPES).nullable(),
  height: z.enum(HEIGHTS).nullable(),
  ethnicity: z.enum(ETHNICITIES).nullable(),
  looking_for: z.enum(LOOKING_FOR),
  age_range: ageRangeSchema,
  distance_preference: z
    .int({ error: PREFERENCE_TEXTS.distance })
    .min(DISTANCE_MIN, PREFERENCE_TEXTS.distance)
    .max(DISTANCE_MAX, PREFERENCE_TEXTS.distance)
    .multipleOf(DISTANCE_STEP, PREFERENCE_TEXTS.distanceStep)
    .describe('Miles'),
  travel_willing: z.boolean(),
  discretion_required: z.boolean(),
  lifestyle_tags: z
    .array(z.enum(LIFESTYLE_TAGS))
    .max(LIFESTYLE_TAGS.length)
    .refine((tags) => new Set(tags).size === tags.length, 'Each lifestyle tag at most once'),
  compensation_preference: z.enum(COMPENSATION_PREFERENCES).describe('Women only'),
  open_to_companions_only: z.boolean().describe('Women only'),
  prompts: profilePromptsSchema,
});

/**
 * The Settings page's Dating Preferences (spec part 2 §7, "profiles update (settings)"): the same
 * fields, rules and words as Edit Profile's; compensation is for women only there as here.
 */
export const datingPreferencesSchema = profileFormSchema.pick({
  age_range: true,
  distance_preference: true,
  looking_for: true,
  compensation_preference: true,
  travel_willing: true,
  discretion_required: true,
});
export type DatingPreferences = z.infer<typeof datingPreferencesSchema>;

/**
 * Any subset of the Edit Profile fields. Strict: an unknown field — `verified`, `tier_level`, `age` —
 * is a 400, never silently ignored; those are not the member's to write. `looking_for` and
 * `compensation_preference` also take the spec's Settings-page words, stored as their Edit Profile
 * value (decision 048).
 */
export const profileUpdateSchema = profileFormSchema
  .extend({ looking_for: lookingForInputSchema, compensation_preference: compensationInputSchema })
  .partial()
  .strict()
  .describe('Any subset of the Edit Profile fields');
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

// Photos: the member's own view (every state) and the admin queue.

/** Why an upload is refused, in words for the member (the server's UPLOAD_REJECTED messages). */
export const PHOTO_UPLOAD_MESSAGES = {
  limit: `You can have up to ${PHOTO_MAX_COUNT} photos. Delete one to add another.`,
  tooLarge: `The photo is larger than ${PHOTO_MAX_BYTES / (1024 * 1024)} MB. Please choose a smaller one.`,
  empty: 'The file is empty. Please choose a photo.',
  noFile: 'Please choose a photo to upload',
  oneAtATime: 'Please upload one photo at a time',
} as const;

export const photoModerationStatusSchema = z.enum(PHOTO_MODERATION_STATUSES);
export const appealStatusSchema = z.enum(APPEAL_STATUSES);

export const myPhotoSchema = z
  .object({
    id: z.uuid(),
    url: z.string().describe('Large WebP, through the access-checked photo route'),
    thumb_url: z.string(),
    position: z
      .int()
      .min(0)
      .max(PHOTO_MAX_COUNT - 1)
      .describe('0 is the main photo and the avatar'),
    status: photoModerationStatusSchema,
    rejection_reason: z.string().nullable(),
    appeal_status: appealStatusSchema,
    appeal_reason: z.string().nullable(),
    appeal_submitted_at: isoDateTime.nullable(),
    moderated_at: isoDateTime.nullable(),
    created_at: isoDateTime,
  })
  .describe('One of your photos, in any moderation state');
export type MyPhoto = z.infer<typeof myPhotoSchema>;

export const myPhotosSchema = z.object({ photos: z.array(myPhotoSchema).max(PHOTO_MAX_COUNT) });
export type MyPhotos = z.infer<typeof myPhotosSchema>;

export const photoOrderBodySchema = z
  .object({
    ids: z
      .array(uuidInput())
      .min(1)
      .max(PHOTO_MAX_COUNT)
      .describe('Every one of your photo ids, main photo first'),
  })
  .strict();
export type PhotoOrderBody = z.infer<typeof photoOrderBodySchema>;

export const APPEAL_REASON_REQUIRED = 'Please provide a reason for your appeal';
export const REJECTION_REASON_REQUIRED = 'Please provide a rejection reason';

export const photoAppealBodySchema = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, APPEAL_REASON_REQUIRED)
      .max(APPEAL_REASON_MAX, `Your appeal can be at most ${APPEAL_REASON_MAX} characters`),
  })
  .strict();
export type PhotoAppealBody = z.infer<typeof photoAppealBodySchema>;

export const moderationDecisionBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve') }).strict(),
  z
    .object({
      action: z.literal('reject'),
      rejection_reason: z
        .string({ error: REJECTION_REASON_REQUIRED })
        .trim()
        .min(1, REJECTION_REASON_REQUIRED)
        .max(REJECTION_REASON_MAX),
    })
    .strict(),
]);
export type ModerationDecisionBody = z.infer<typeof moderationDecisionBodySchema>;

export const appealDecisionBodySchema = z
  .object({ action: z.enum(['approve', 'reject']).describe('approve restores the photo') })
  .strict();
export type AppealDecisionBody = z.infer<typeof appealDecisionBodySchema>;

export const moderationQuerySchema = z.object({
  status: photoModerationStatusSchema.default('pending'),
  cursor: z.string().min(1).max(200).optional(),
});
export type ModerationQuery = z.infer<typeof moderationQuerySchema>;

export const moderationItemSchema = myPhotoSchema
  .omit({ position: true })
  .extend({
    ai_confidence_score: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe('How sure the on-server classifier is that the photo is safe; null until scored'),
    member: z.object({
      id: z.uuid(),
      name: z.string(),
      age: z.int(),
      city: z.string(),
      state: z.string(),
      tier_level: tierSchema,
    }),
  })
  .describe('A photo in the admin moderation queue');
export type ModerationItem = z.infer<typeof moderationItemSchema>;

export const moderationPageSchema = z.object({
  items: z.array(moderationItemSchema),
  next_cursor: z.string().nullable(),
});
export type ModerationPage = z.infer<typeof moderationPageSchema>;
