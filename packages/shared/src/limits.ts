import type { CompensationPreference, Gender, LookingFor, UserType } from './enums';
import type { TierLevel } from './tiers';

// Business constants of the spec (part 1 §9, part 2 §9) plus the few bounds we add ourselves
// (marked "ours"). Durations carry their unit in the name.

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const MB = 1024 * 1024;

// Accounts
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
/** RFC 5321 path limit. */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX = 60; // ours
export const AUTH_INIT_TIMEOUT_MS = 5 * SECOND_MS;

// Discovery and matches
export const FEED_PAGE_SIZE = 20;
export const SWIPE_THRESHOLD_PX = 100;
export const CARD_EXIT_MS = 300;
export const MATCH_EXPIRY_HOURS = 48;
export const MATCH_EXPIRY_MS = MATCH_EXPIRY_HOURS * HOUR_MS;
/** A match shows the "Nh left" badge when this many hours or fewer remain. */
export const MATCH_EXPIRING_HOURS = 6;
export const INTERESTS_LIST_LIMIT = 50;
export const ONLINE_WINDOW_MS = HOUR_MS;
/** At most one locked higher-tier teaser card per this many feed cards. */
export const LOCKED_TEASER_RATIO = 5;
/** "Top 10%" on a 0–100 popularity scale. */
export const TOP_POPULARITY_THRESHOLD = 90;

// Filters and preferences
export const AGE_MIN = 18;
export const AGE_MAX = 65;
export const DISTANCE_MIN = 5;
export const DISTANCE_MAX = 100;
export const DISTANCE_STEP = 5;
export const BROWSE_DISTANCE_DEFAULT = 50;
export const PROFILE_DISTANCE_DEFAULT = 25;
export const DEFAULT_AGE_RANGE: readonly [number, number] = [21, 35];
/** Browse tags shown on a result card before the "+N" overflow badge. */
export const BROWSE_CARD_TAGS_SHOWN = 3;

// Profile
export const BIO_MAX = 500;
/** Ours (decision 039): onboarding asks for a bio of at least this many characters (trimmed). */
export const BIO_MIN = 30;
/** Above this the profile page's About section collapses behind "Show more". */
export const BIO_PREVIEW_CHARS = 150;
export const PHOTO_MAX_COUNT = 6;
export const PHOTO_MAX_BYTES = 5 * MB;
export const ID_MAX_BYTES = 10 * MB;
export const LIFESTYLE_TAGS_MAX = 24; // ours: every tag at most once
/** Ours (decision 039): an average of fewer ratings than this says nothing, so none is shown. */
export const RATING_MIN_COUNT = 3;

/**
 * The rating a member's profile shows: their average once at least RATING_MIN_COUNT members have
 * rated them, else none (never a made-up figure). A numeric column may arrive as the driver's string.
 */
export function shownRating(average: number | string | null, count: number): number | null {
  return average !== null && count >= RATING_MIN_COUNT ? Number(average) : null;
}

// Messaging
export const MESSAGE_MAX = 2000; // ours
export const TYPING_IDLE_MS = 2 * SECOND_MS;
export const TYPING_CLEAR_MS = 3 * SECOND_MS;
export const UNREAD_BADGE_CAP = 9;
/**
 * Ours: messages one member may send per minute, across all their chats together (a fixed window,
 * counted in Redis when the cluster has it, so every instance sees the same count). One every two
 * seconds for a whole minute is well beyond a person typing, bursts of short lines included; a
 * script flooding a match (and the receiver's notifications) is refused with 429 (decision 031).
 */
export const MESSAGES_PER_MEMBER_PER_MINUTE = 30;

// Support requests (the Help dialog's Contact Support and Report an Issue)
export const SUPPORT_MESSAGE_MIN = 10; // ours: enough to say what is wrong
export const SUPPORT_MESSAGE_MAX = 2000; // ours, as a chat message
/**
 * Ours: requests one member may have waiting for a reply at once. Past it they are asked to wait for
 * one (409): the team answers in order, and a script cannot fill the queue from one account.
 */
export const SUPPORT_OPEN_REQUESTS_MAX = 5;
/** Ours: the reply time the support confirmation promises. */
export const SUPPORT_REPLY_TEXT = 'within 24 hours';

// Realtime
export const REALTIME_HEARTBEAT_MS = 25 * SECOND_MS;
/** Reconnect delays; the last one repeats. Clients add jitter. */
export const REALTIME_RECONNECT_STEPS_MS: readonly number[] = [1000, 2000, 5000, 10000];

// Money (integer cents)
export const MIN_MONEY_CENTS = 100;
/** Ours: a per-operation ceiling ($50,000) that stops typo-sized deposits, withdrawals and transfers. */
export const MAX_MONEY_CENTS = 5_000_000;
export const TRANSFER_MESSAGE_MAX = 200; // ours

// Safety and moderation
export const SAFE_LOCATIONS_LIMIT = 6;
export const SAFE_LOCATION_MIN_RATING = 4;
/** Amenities listed on a safe location before "+n more". */
export const SAFE_LOCATION_AMENITIES_SHOWN = 3;
/** AI confidence above this is shown green in photo moderation. */
export const MODERATION_CONFIDENCE_GOOD = 0.8;
/** Ours: the classifier's safe score from which a new photo is approved without an admin. */
export const PHOTO_AUTO_APPROVE_MIN_SAFE = 0.9;
export const REJECTION_REASON_MAX = 500; // ours
export const APPEAL_REASON_MAX = 1000; // ours
export const REPORT_DETAILS_MAX = 1000; // ours
/** Auto-block (a safety setting): reported by this many different members, a member is blocked for you (issue 34). */
export const AUTO_BLOCK_REPORTERS = 3;
/** The reason stored with a block the Auto-block setting made (shown in the member's Blocked Members). */
export const AUTO_BLOCK_REASON = 'Blocked for you by Auto-block: flagged by our safety checks';
export const BLOCK_REASON_MAX = 200; // ours
export const EMERGENCY_CONTACT_NAME_MAX = 100; // ours
/** Ours: the longest way of writing a phone number we read (spaces, brackets and dashes included). */
export const PHONE_INPUT_MAX = 30;
export const DEFAULT_VERIFICATION_REJECTION_REASON = 'Does not meet verification standards';

// Retention and compliance
/** Spec: ID and selfie images are deleted this long after the verification decision. */
export const ID_RETENTION_HOURS = 72;
/**
 * Ours: a request nobody decided has its images deleted this long after it was submitted, and is
 * marked expired (the member may submit again). Review is promised within 24-48 hours, so 30 days is
 * ample for a backlog or a holiday without asking members to resubmit, and bounds how long an ID
 * scan can wait unreviewed in the store, which the spec's 72 hours after a decision never would.
 */
export const ID_UNDECIDED_RETENTION_DAYS = 30;
export const MESSAGE_RETENTION_YEARS = 7;
export const TRANSACTION_RETENTION_YEARS = 7;
/**
 * Spec: an inactive profile is deleted after a year (issue 34), as Delete Account deletes it
 * (decision 053). Days, not a year, so the warning and the deletion count the same unit.
 */
export const INACTIVE_DELETION_DAYS = 365;
/** Spec: the member is warned by e-mail this many days before the inactivity deletion. */
export const INACTIVE_WARNING_DAYS_BEFORE = 30;
export const TERMS_VERSION = '1.0';
export const PRIVACY_VERSION = '1.0';

// Review times shown to members
export const VERIFICATION_REVIEW_TEXT = '24-48 hours';
export const APPEAL_REPLY_TEXT = '24-48 hours';
export const WAITLIST_REVIEW_TEXT = '48-72 hours';

// Events
/** Local hour from which members may opt into Freakoff mode. */
export const FREAKOFF_START_HOUR = 2;
export const EVENT_DEFAULT_MAX_GUESTS = 100;
/** Tiers an admin may require for an event; tier 0 cannot attend events. */
export const EVENT_TIER_OPTIONS: readonly TierLevel[] = [1, 2, 3, 4];
export const EVENT_NAME_MAX = 120; // ours
export const EVENT_DESCRIPTION_MAX = 2000; // ours

// Waitlist
export const WAITLIST_REASON_MAX = 1000; // ours
export const REFERRAL_CODE_MAX = 40; // ours

// App chrome
export const APP_VERSION = '2.1.0';
export const TESTIMONIAL_ROTATE_MS = 4 * SECOND_MS;
export const VERIFICATION_WIZARD_STEPS = 5;

export type SignupDefaults = {
  name: string;
  age: number;
  gender: Gender;
  city: string;
  state: string;
  tier_level: TierLevel;
  popularity_score: number;
  age_range: readonly [number, number];
  distance_preference: number;
  looking_for: LookingFor;
  compensation_preference: CompensationPreference;
  discretion_required: boolean;
  user_type: UserType;
};

// The profile a new account starts with. The spec's sign-up metadata says gender 'other' while its
// fallback user says 'male'; sign-up wins because that is what creates real rows. No bio and no
// rating: the spec's placeholders ('New user exploring the platform', 4.0) are gone (decision 039);
// the member writes their bio in onboarding.
export const SIGNUP_DEFAULTS: Readonly<SignupDefaults> = Object.freeze({
  name: 'New User',
  age: 25,
  gender: 'other',
  city: 'Los Angeles',
  state: 'CA',
  tier_level: 0,
  popularity_score: 50,
  age_range: DEFAULT_AGE_RANGE,
  distance_preference: PROFILE_DISTANCE_DEFAULT,
  looking_for: 'uncomplicated',
  compensation_preference: 'treat_me_right',
  discretion_required: true,
  user_type: 'men',
});

// ID documents (compliance gate and verification wizard)
/** Spec: ID images at most 10 MB. The wizard's selfie takes the same ceiling. */
export const ID_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Ours: how long a signed link to an ID or selfie image stays valid (the issue: within 5 minutes). */
export const ID_LINK_TTL_SECONDS = 5 * 60;
