import { z } from 'zod';
import { COMPLIANCE_STEPS, ID_CHECK_STATUSES } from '../compliance';
import {
  BODY_TYPES,
  COMPENSATION_PREFERENCES,
  ETHNICITIES,
  GENDERS,
  HEIGHTS,
  LANGUAGES,
  LIFESTYLE_TAGS,
  LOOKING_FOR,
  PROFILE_VISIBILITY,
  USER_TYPES,
} from '../enums';
import {
  AGE_MAX,
  AGE_MIN,
  BIO_MAX,
  DISTANCE_MAX,
  DISTANCE_MIN,
  EMAIL_MAX_LENGTH,
  EMERGENCY_CONTACT_NAME_MAX,
  NAME_MAX,
  PHONE_INPUT_MAX,
  PHOTO_MAX_COUNT,
} from '../limits';
import { REQUIRED_STEPS } from '../onboarding';
import { type Capabilities, PERMISSION_BLOCK_CODES } from '../permissions';
import { profilePromptsSchema } from '../prompts';
import { ROLES } from '../roles';
import { tierSchema } from '../tiers';
import { timeOfDaySchema, timeZoneSchema } from '../time-of-day';

// Dates travel as ISO 8601 strings (Date#toISOString on the server).
const isoDateTime = z.iso.datetime({ offset: true });

// Photo and avatar URLs are same-origin paths such as /api/photos/<key>, so they are not absolute URLs.
const imageUrl = z.string().min(1).describe('Image URL, usually a same-origin path (/api/photos/…)');

export const permissionBlockSchema = z
  .object({
    code: z.enum(PERMISSION_BLOCK_CODES),
    message: z
      .string()
      .describe('Text to show the member, e.g. "Upgrade to Basic Access or higher to send messages"'),
  })
  .describe('Why an action is refused');

export const capabilitiesSchema = z
  .object({
    can_swipe: z.boolean(),
    can_message: z.boolean().describe('Tier rule only; message_block also covers verification'),
    can_view_profiles: z.boolean(),
    can_create_parties: z.boolean(),
    can_moderate_content: z.boolean(),
    can_manage_users: z.boolean(),
    can_sponsor: z.boolean(),
    can_use_ghost_mode: z.boolean(),
    max_visible_tier: tierSchema,
    message_block: permissionBlockSchema.nullable().describe('null when the member may send messages'),
  })
  .describe(
    'What the member may do, computed by the shared permission rules',
  ) satisfies z.ZodType<Capabilities>;

/** A member's rating as the API shows it (shownRating, limits.ts): null under RATING_MIN_COUNT ratings. */
export const shownRatingSchema = z
  .number()
  .min(0)
  .max(5)
  .nullable()
  .describe('Average rating; null until RATING_MIN_COUNT members have rated them');

export const photoSchema = z.object({
  id: z.string().min(1),
  url: imageUrl,
});
export type Photo = z.infer<typeof photoSchema>;

export const coordinatesSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type Coordinates = z.infer<typeof coordinatesSchema>;

export const preferencesSchema = z.object({
  age_range: z
    .tuple([z.int().min(AGE_MIN).max(AGE_MAX), z.int().min(AGE_MIN).max(AGE_MAX)])
    .describe('Preferred partner age [min, max]'),
  distance_preference: z.int().min(DISTANCE_MIN).max(DISTANCE_MAX).describe('Miles'),
  looking_for: z.enum(LOOKING_FOR),
  compensation_preference: z.enum(COMPENSATION_PREFERENCES),
  travel_willing: z.boolean(),
  discretion_required: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const complianceSchema = z
  .object({
    terms_accepted: z.boolean().describe('Accepted the current terms version'),
    privacy_accepted: z.boolean().describe('Accepted the current privacy policy version'),
    age_verified: z.boolean().describe('An admin approved an ID this member submitted'),
    id_check: z.enum(ID_CHECK_STATUSES).describe('Where the age check with an ID stands'),
    next_step: z.enum(COMPLIANCE_STEPS).describe('The first step of the compliance gate still open'),
  })
  .describe("The member's compliance gate");
export type Compliance = z.infer<typeof complianceSchema>;

export const meSchema = z
  .object({
    id: z.string().min(1),
    email: z.email(),
    name: z.string().max(NAME_MAX),
    age: z.int().min(AGE_MIN),
    photos: z.array(photoSchema).max(PHOTO_MAX_COUNT).describe('First photo is the main photo'),
    avatar: imageUrl.nullable(),
    bio: z.string().max(BIO_MAX),
    body_type: z.enum(BODY_TYPES).nullable(),
    height: z.enum(HEIGHTS).nullable(),
    ethnicity: z.enum(ETHNICITIES).nullable(),
    tier_level: tierSchema,
    tier_subscription_active: z.boolean(),
    tier_subscription_ends_at: isoDateTime.nullable(),
    is_sponsored: z.boolean(),
    popularity_score: z.number().min(0).max(100).describe('0–100; 90 or more is the top 10%'),
    rating_avg: shownRatingSchema,
    verified: z.boolean(),
    email_confirmed: z
      .boolean()
      .describe('The member confirmed their e-mail address; until then they may not message or pay'),
    location: z.object({
      city: z.string(),
      state: z.string(),
      coordinates: coordinatesSchema.nullable().describe('The member’s own stored location'),
    }),
    preferences: preferencesSchema,
    lifestyle_tags: z.array(z.enum(LIFESTYLE_TAGS)),
    prompts: profilePromptsSchema,
    view_count: z.int().min(0),
    like_count: z.int().min(0),
    ghost_mode: z.boolean(),
    can_sponsor: z
      .boolean()
      .describe('Profile flag set by an admin; see capabilities.can_sponsor for the rule'),
    gender: z.enum(GENDERS),
    user_type: z.enum(USER_TYPES),
    invite_code: z.string().nullable(),
    open_to_companions_only: z.boolean(),
    last_active: isoDateTime,
    roles: z.array(z.enum(ROLES)),
    created_at: isoDateTime,
    capabilities: capabilitiesSchema,
    compliance: complianceSchema,
    onboarded: z.boolean().describe('Finished the first-run questions and uploaded a first photo'),
    next_step: z
      .enum(REQUIRED_STEPS)
      .nullable()
      .describe('The first required step not yet done (see nextRequiredStep); null when none'),
  })
  .describe('The signed-in member (client view)');
export type Me = z.infer<typeof meSchema>;

export const sessionReplySchema = z
  .object({ user: meSchema.nullable().describe('null when the caller has no valid session') })
  .describe('Who is signed in, if anyone');
export type SessionReply = z.infer<typeof sessionReplySchema>;

export const memberSettingsSchema = z
  .object({
    profile_visibility: z.enum(PROFILE_VISIBILITY),
    push_notifications: z.boolean(),
    match_notifications: z.boolean(),
    message_notifications: z.boolean(),
    party_invites: z.boolean(),
    read_receipts: z.boolean().describe('Let the other member see when you have read their messages'),
    show_online_status: z.boolean(),
    incognito_mode: z.boolean(),
    location_sharing: z.boolean(),
    safe_meeting_notifications: z.boolean(),
    auto_block_suspicious: z.boolean(),
    dark_mode: z.boolean(),
    emergency_contact_name: z.string().trim().max(EMERGENCY_CONTACT_NAME_MAX).nullable(),
    emergency_contact_phone: z
      .string()
      .trim()
      .max(PHONE_INPUT_MAX)
      .regex(/^[0-9+().\s-]*$/, 'Phone number may contain only digits, spaces and + ( ) . -')
      .nullable()
      .describe('In E.164 once saved (decision 048); one saved before that rule as it was typed'),
    emergency_contact_email: z
      .string()
      .max(EMAIL_MAX_LENGTH)
      .nullable()
      .describe('Where a shared date and an alert are e-mailed (issue 39); lower-cased'),
    language: z.enum(LANGUAGES),
    ghost_mode: z
      .boolean()
      .describe('Hidden from every other member (feed, search, profile pages); see canUseGhostMode'),
    discreet_notifications: z
      .boolean()
      .describe(
        'Pushes and the tab title say only "New activity" (issue 40); until the member chooses, on exactly when their profile says discretion_required',
      ),
    quiet_hours_enabled: z.boolean().describe('No push between quiet_hours_start and quiet_hours_end'),
    quiet_hours_start: timeOfDaySchema.describe('Local time in quiet_hours_zone, "HH:MM"'),
    quiet_hours_end: timeOfDaySchema.describe(
      'Local time in quiet_hours_zone, "HH:MM"; before the start: over midnight',
    ),
    quiet_hours_zone: timeZoneSchema.describe(
      "The IANA time zone the quiet hours are read in (the browser's when saved)",
    ),
    blur_photos: z.boolean().describe("Others' photos stay blurred until tapped (for public places)"),
  })
  .describe('Quick-settings and safety toggles saved per member');
export type MemberSettings = z.infer<typeof memberSettingsSchema>;

export const DEFAULT_MEMBER_SETTINGS: Readonly<MemberSettings> = Object.freeze({
  profile_visibility: 'public',
  push_notifications: true,
  match_notifications: true,
  message_notifications: true,
  party_invites: true,
  read_receipts: true,
  show_online_status: true,
  incognito_mode: false,
  location_sharing: true,
  safe_meeting_notifications: true,
  auto_block_suspicious: false,
  // The night-royal theme is the members' default (docs/decisions/006); Dark Mode off is the light variant.
  dark_mode: true,
  emergency_contact_name: null,
  emergency_contact_phone: null,
  emergency_contact_email: null,
  language: 'en-US',
  ghost_mode: false,
  // The server answers discretion_required of the profile until the member chooses (issue 40).
  discreet_notifications: false,
  quiet_hours_enabled: false,
  quiet_hours_start: '22:00',
  quiet_hours_end: '07:00',
  quiet_hours_zone: 'America/Los_Angeles',
  blur_photos: false,
});
