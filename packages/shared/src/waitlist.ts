// The waitlist, invites and referral codes (issue 35): texts and rules the server and the web share.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Spec (part 2 §8): the toast once an application is stored. */
export const WAITLIST_SUBMITTED_TEXT =
  "Application Submitted! You're now on the exclusive waitlist. We'll be in touch soon.";
/** A second application while the first still waits (ours). */
export const WAITLIST_ALREADY_PENDING_TEXT =
  'An application with this e-mail is already on the waitlist. We will be in touch soon.';
/**
 * What a bot (honeypot filled, or the form sent faster than a person can fill it) is told: the same
 * words as any passing refusal, so it learns nothing about which check caught it.
 */
export const WAITLIST_NOT_TAKEN_TEXT =
  'We could not take your application just now. Please wait a moment and try again.';
/** Spec: the success state's heading and review time. */
export const WAITLIST_SUCCESS_TITLE = "You're On The List";
export const WAITLIST_NEXT_STEPS = [
  { title: 'Application review', detail: '24-48 hours' },
  { title: 'Phone verification call', detail: 'A short call to confirm who you are' },
  { title: 'Background check', detail: 'Discreet and confidential' },
] as const;
/** Spec: the stated requirements on the waitlist page. */
export const WAITLIST_REQUIREMENTS = [
  'Age 21+ with verified identity',
  'Background verification',
  'Social media review',
  'Video interview',
  'Commitment to discretion',
] as const;

/**
 * A person needs more than this to fill in four fields; a form sent sooner (it says when it was
 * shown) is a bot's and is refused with WAITLIST_NOT_TAKEN_TEXT. Ours.
 */
export const WAITLIST_MIN_FILL_MS = 3000;
/** A form shown longer ago than this is stale: its time is not believed (refused the same way). */
export const WAITLIST_MAX_FILL_MS = DAY_MS;
/** Applications one address may send per hour (ours). */
export const WAITLIST_APPLICATIONS_PER_HOUR = 5;

/** An invite e-mailed on approval can be used once, within this many days (issue 35). */
export const INVITE_EXPIRY_DAYS = 14;
export const INVITE_EXPIRY_MS = INVITE_EXPIRY_DAYS * DAY_MS;
/** Sign-ups one member's own referral code may bring per calendar month (UTC). Ours. */
export const REFERRAL_USES_PER_MONTH = 5;

export const INVITE_REQUIRED_TEXT = 'Royal Circle is invite-only. Enter your invite code to join.';
export const INVITE_INVALID_TEXT =
  'This invite code is not valid. It may have been used already or have expired.';
export const REFERRAL_LIMIT_TEXT =
  'This invite code has been used as often as it may be this month. Ask for another code.';
