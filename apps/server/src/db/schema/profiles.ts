import {
  AGE_MAX,
  AGE_MIN,
  BIO_MAX,
  BODY_TYPES,
  COMPENSATION_PREFERENCES,
  DEFAULT_MEMBER_SETTINGS as D,
  DISTANCE_MAX,
  DISTANCE_MIN,
  ETHNICITIES,
  GENDERS,
  type Height,
  LIFESTYLE_TAGS,
  type LifestyleTag,
  LOOKING_FOR,
  NAME_MAX,
  PROFILE_AGE_CEILING,
  PROFILE_PROMPTS_MAX,
  type ProfilePrompt,
  SIGNUP_DEFAULTS,
  TOP_POPULARITY_THRESHOLD,
  USER_TYPES,
} from '@royal/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, textArrayLiteral, tstz, updatedAt } from './columns';
import { profileVisibility } from './safety';

// Bounds inside CHECK constraints must be literal SQL, not bind parameters.
const lit = (n: number) => sql.raw(String(n));

/** Highest stored tier; kept here as a literal so the check reads plainly. */
const MAX_TIER = 4;

export const userType = pgEnum('user_type', USER_TYPES);
export const gender = pgEnum('gender', GENDERS);
export const lookingFor = pgEnum('looking_for', LOOKING_FOR);
export const compensationPreference = pgEnum('compensation_preference', COMPENSATION_PREFERENCES);
export const bodyType = pgEnum('body_type', BODY_TYPES);
export const ethnicity = pgEnum('ethnicity', ETHNICITIES);

/**
 * The member's profile (spec part 1 §3 "Profile record"). Defaults are the sign-up defaults, so a new
 * account needs only its user id and name. Photos and the avatar are not columns here: they are the
 * approved rows of `photos`, ordered by position (position 0 is the main photo and the avatar), of
 * which `photo_ids` keeps a copy of the ids.
 *
 * Location: `lat`/`lng` are the member's exact point and never leave the server; `geo_lat`/`geo_lng`
 * is the coarse, per-member-jittered cell (see ../geo.ts) that distances shown to others use.
 */
export const profiles = pgTable(
  'profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    age: smallint('age').notNull().default(SIGNUP_DEFAULTS.age),
    bio: text('bio'),
    city: text('city').notNull().default(SIGNUP_DEFAULTS.city),
    state: text('state').notNull().default(SIGNUP_DEFAULTS.state),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    geoLat: doublePrecision('geo_lat'),
    geoLng: doublePrecision('geo_lng'),
    bodyType: bodyType('body_type'),
    /** One of the shared HEIGHTS strings (5'0" … 6'11"); validated by the request schema. */
    height: text('height').$type<Height>(),
    ethnicity: ethnicity('ethnicity'),
    lookingFor: lookingFor('looking_for').notNull().default(SIGNUP_DEFAULTS.looking_for),
    compensationPreference: compensationPreference('compensation_preference')
      .notNull()
      .default(SIGNUP_DEFAULTS.compensation_preference),
    ageRangeMin: smallint('age_range_min').notNull().default(SIGNUP_DEFAULTS.age_range[0]),
    ageRangeMax: smallint('age_range_max').notNull().default(SIGNUP_DEFAULTS.age_range[1]),
    /** Miles. */
    distancePreference: smallint('distance_preference')
      .notNull()
      .default(SIGNUP_DEFAULTS.distance_preference),
    travelWilling: boolean('travel_willing').notNull().default(false),
    discretionRequired: boolean('discretion_required').notNull().default(SIGNUP_DEFAULTS.discretion_required),
    openToCompanionsOnly: boolean('open_to_companions_only').notNull().default(false),
    lifestyleTags: text('lifestyle_tags')
      .array()
      .$type<LifestyleTag[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Up to PROFILE_PROMPTS_MAX answered prompts, in order; validated by the request schema. */
    prompts: jsonb('prompts').$type<ProfilePrompt[]>().notNull().default([]),
    verified: boolean('verified').notNull().default(false),
    /**
     * When the member became verified ("Verified since" on their card), kept by the database
     * (db/sql/profile_verified_since.sql): set as `verified` turns true, cleared as it turns false,
     * never written by the app.
     */
    verifiedAt: tstz('verified_at'),
    tierLevel: smallint('tier_level').notNull().default(SIGNUP_DEFAULTS.tier_level),
    tierSubscriptionActive: boolean('tier_subscription_active').notNull().default(false),
    tierSubscriptionEndsAt: tstz('tier_subscription_ends_at'),
    isSponsored: boolean('is_sponsored').notNull().default(false),
    /** 0–100 (DESIGN: the spec's 0–1 fraction is stored as a percentage); top 10% means ≥ 90. */
    popularityScore: smallint('popularity_score').notNull().default(SIGNUP_DEFAULTS.popularity_score),
    /** Null until someone rates the member; shown only from RATING_MIN_COUNT ratings (shownRating). */
    ratingAvg: numeric('rating_avg', { precision: 2, scale: 1, mode: 'number' }),
    ratingCount: integer('rating_count').notNull().default(0),
    /**
     * The sum of the stars behind rating_avg: the average is recomputed from it with each new rating,
     * exactly, where averaging into the rounded average would stop moving after a few dozen ratings.
     */
    ratingSum: integer('rating_sum').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    ghostMode: boolean('ghost_mode').notNull().default(false),
    /**
     * Copies of the four safety settings that decide who may see the member and what the member's
     * card shows to others, kept by the database (the triggers of db/sql/copy_card_settings_to_profile.sql
     * and card_copies_after_truncate.sql) and never written by the app: settings are written to
     * `safety_settings` only. They live here so the feed, browse and every member list read them in the
     * profile row they already read, not with a lookup per card.
     */
    profileVisibility: profileVisibility('profile_visibility').notNull().default(D.profile_visibility),
    showOnlineStatus: boolean('show_online_status').notNull().default(D.show_online_status),
    incognitoMode: boolean('incognito_mode').notNull().default(D.incognito_mode),
    locationSharing: boolean('location_sharing').notNull().default(D.location_sharing),
    /**
     * The ids of the member's approved photos in order (main first: `photos` by position, then upload
     * time), kept by the database from `photos` (db/sql/photos_copy_ids.sql, which calls
     * copy_photo_ids_to_profiles.sql) for the same reason.
     */
    photoIds: uuid('photo_ids').array().notNull().default(sql`'{}'::uuid[]`),
    canSponsor: boolean('can_sponsor').notNull().default(false),
    gender: gender('gender').notNull().default(SIGNUP_DEFAULTS.gender),
    userType: userType('user_type').notNull().default(SIGNUP_DEFAULTS.user_type),
    /** The member's own referral code (modules/waitlist/referral.ts), made on first ask. */
    inviteCode: text('invite_code').unique(),
    /** Whose referral code this member joined with (issue 35); a waitlist invite is kept on invites. */
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    lastActive: tstz('last_active').notNull().defaultNow(),
    /**
     * When the inactivity retention job (modules/account-deletion/inactive.ts) warned the member that
     * the account will be deleted; a warning older than the member's last activity belongs to an
     * earlier period of inactivity and counts for nothing.
     */
    inactivityWarnedAt: tstz('inactivity_warned_at'),
    /**
     * The end of the member's live suspension ('infinity' for a ban), null when none: a copy of the
     * live row of `enforcement_actions`, written in the transaction of each action, lift and appeal
     * decision (modules/admin-enforcement), so every list leaves the member out with a comparison on
     * the row it already reads. A suspension that ran out is not cleared: the reads compare with
     * now() (members/policy.ts), decision 060.
     */
    suspendedUntil: tstz('suspended_until'),
    /** When the member finished onboarding; null hides them from everyone and keeps them out of discovery. */
    onboardedAt: tstz('onboarded_at'),
    /** From onboarding; `age` is computed from it (and kept current by whoever writes the age). */
    birthDate: date('birth_date', { mode: 'string' }),
    /**
     * The feed's promotion rank, kept by the database: 1 for sponsored or top-10% members, else 0.
     * (A live profile boost ranks 2; boosts live in their own small table.) Stored, so the feed can
     * walk one index in its final order.
     */
    feedRank: smallint('feed_rank')
      .notNull()
      .generatedAlwaysAs(
        sql`case when is_sponsored or popularity_score >= ${lit(TOP_POPULARITY_THRESHOLD)} then 1 else 0 end`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('profiles_name_length', sql`char_length(${t.name}) between 1 and ${lit(NAME_MAX)}`),
    check('profiles_age_range', sql`${t.age} between ${lit(AGE_MIN)} and ${lit(PROFILE_AGE_CEILING)}`),
    check('profiles_bio_length', sql`char_length(${t.bio}) <= ${lit(BIO_MAX)}`),
    check('profiles_lat_range', sql`${t.lat} between -90 and 90`),
    check('profiles_lng_range', sql`${t.lng} between -180 and 180`),
    check('profiles_geo_lat_range', sql`${t.geoLat} between -90 and 90`),
    check('profiles_geo_lng_range', sql`${t.geoLng} between -180 and 180`),
    check(
      'profiles_age_pref_range',
      sql`${t.ageRangeMin} between ${lit(AGE_MIN)} and ${lit(AGE_MAX)} and ${t.ageRangeMax} between ${lit(AGE_MIN)} and ${lit(AGE_MAX)} and ${t.ageRangeMin} <= ${t.ageRangeMax}`,
    ),
    check(
      'profiles_distance_pref_range',
      sql`${t.distancePreference} between ${lit(DISTANCE_MIN)} and ${lit(DISTANCE_MAX)}`,
    ),
    check('profiles_lifestyle_tags_known', sql`${t.lifestyleTags} <@ ${textArrayLiteral(LIFESTYLE_TAGS)}`),
    check('profiles_tier_level_range', sql`${t.tierLevel} between 0 and ${lit(MAX_TIER)}`),
    check('profiles_popularity_range', sql`${t.popularityScore} between 0 and 100`),
    check('profiles_rating_range', sql`${t.ratingAvg} between 0 and 5`),
    check('profiles_counts_non_negative', sql`${t.viewCount} >= 0 and ${t.likeCount} >= 0`),
    check('profiles_rating_count_non_negative', sql`${t.ratingCount} >= 0`),
    check(
      'profiles_prompts_list',
      sql`jsonb_typeof(${t.prompts}) = 'array' and jsonb_array_length(${t.prompts}) <= ${lit(PROFILE_PROMPTS_MAX)}`,
    ),
    // DESC indexes say NULLS FIRST (Postgres' default for DESC) so they match a plain `desc(col)` in
    // queries; drizzle-kit would otherwise emit DESC NULLS LAST, which ORDER BY col DESC cannot use.
    // The feed: one type, in feed order (rank, then newest activity, then id); ghosts never appear.
    index('profiles_feed_idx')
      .on(
        t.userType,
        t.feedRank.desc().nullsFirst(),
        t.lastActive.desc().nullsFirst(),
        t.userId.desc().nullsFirst(),
      )
      .where(sql`${t.ghostMode} = false`),
    // Popularity ranking and the top-10% (shared TOP_POPULARITY_THRESHOLD) checks.
    index('profiles_popularity_idx').on(t.popularityScore.desc().nullsFirst()),
    // Browse/search (modules/search). Name: case-insensitive substring (ILIKE '%…%') through trigrams
    // (pg_trgm, also bundled with PGlite).
    index('profiles_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // Distance: the bounding box around the viewer, on the coarse cell only (never the stored point).
    index('profiles_geo_box_idx')
      .using('gist', sql`point(${t.geoLng}, ${t.geoLat})`)
      .where(sql`${t.ghostMode} = false`),
    // Lifestyle Preferences: any of the chosen tags (&&).
    index('profiles_lifestyle_tags_idx').using('gin', t.lifestyleTags),
    // Results order (most recently active first) and Online Now (active within the hour).
    index('profiles_search_order_idx')
      .on(t.lastActive.desc().nullsFirst(), t.userId.desc().nullsFirst())
      .where(sql`${t.ghostMode} = false`),
    index('profiles_city_state_idx').on(t.city, t.state),
    // The admins' member list by name, and by tier then name (modules/admin-members), either way:
    // case-insensitive, the user id breaking ties. With a tier filter the second serves the name order.
    index('profiles_name_order_idx').on(sql`lower(${t.name})`, t.userId),
    index('profiles_tier_name_idx').on(t.tierLevel, sql`lower(${t.name})`, t.userId),
    // The admins' Suspended filter: the few members with an action on record (modules/admin-members).
    index('profiles_suspended_idx').on(t.suspendedUntil).where(sql`${t.suspendedUntil} is not null`),
    // The lapse job: paid access whose end date has passed (modules/billing lapseEndedSubscriptions).
    // The inactivity retention job (decision 053): live members, oldest activity first. Deleted
    // members (onboarded_at cleared by the scrub) stay out of it, however many there come to be.
    index('profiles_inactive_idx').on(t.lastActive, t.userId).where(sql`${t.onboardedAt} is not null`),
    index('profiles_paid_until_idx').on(t.tierSubscriptionEndsAt).where(sql`${t.tierSubscriptionActive}`),
    // Sign-ups by day, and the tier distribution, for the admin analytics (decision 061): the count by
    // tier reads this small index alone rather than every wide profile row.
    index('profiles_created_idx').on(t.createdAt),
    index('profiles_onboarded_tier_idx').on(t.tierLevel).where(sql`${t.onboardedAt} is not null`),
    // A referral code's uses this month (and the foreign key's own lookups).
    index('profiles_invited_by_idx').on(t.invitedBy, t.createdAt).where(sql`${t.invitedBy} is not null`),
  ],
);
