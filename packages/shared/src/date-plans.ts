import { DateTime } from 'luxon';
import { CITIES, type ReportReason } from './enums';
import { escrowRangeLabel, formatCents } from './format';
import { TIERS, type TierLevel } from './tiers';

// Date plans (issue 39, decision 069): two matched members agree a time and a place, each may put a
// deposit in escrow, and the deposits are released when both have checked in at the place. The
// rules here are read by the API (the authority) and by the web app (to explain them before anyone
// commits money). Times are instants; the web app shows them in the member's own zone.

/** A plan's time must be at least this far ahead when it is proposed or countered. */
export const DATE_PLAN_MIN_LEAD_MINUTES = 60;
/** ... and at most this far ahead. */
export const DATE_PLAN_MAX_AHEAD_DAYS = 60;
/** Cancelling an accepted plan closer to its time than this costs the canceller their deposit. */
export const DATE_PLAN_LATE_CANCEL_HOURS = 24;
/** "I'm here" is accepted this close to the place (metres, by the browser's location). */
export const DATE_PLAN_CHECK_IN_RADIUS_METERS = 300;
/** Check-in opens this long before the time ... */
export const DATE_PLAN_CHECK_IN_OPENS_MINUTES = 30;
/** ... and closes this long after it. */
export const DATE_PLAN_CHECK_IN_CLOSES_MINUTES = 120;
/** How long a member has to arrive after the time before the one who checked in may claim. */
export const DATE_PLAN_NO_SHOW_GRACE_MINUTES = 30;
/** How long the other member has to dispute a no-show claim before it settles. */
export const DATE_PLAN_DISPUTE_HOURS = 24;
/** A note with a proposal or a counter: short, like a chat line. */
export const DATE_PLAN_NOTE_MAX = 280;
/** A disputed no-show's statement: what happened, in the member's words, for the admins. */
export const DATE_PLAN_STATEMENT_MAX = 1000;

export const DATE_PLAN_STATUSES = [
  'proposed',
  'accepted',
  'declined',
  'cancelled',
  'completed',
  'claimed',
  'disputed',
  'settled',
] as const;
export type DatePlanStatus = (typeof DATE_PLAN_STATUSES)[number];

/**
 * A plan that still asks something of its members: a chat has at most one (the partial unique index
 * `date_plans_one_open_per_match` and the proposal's conflict target spell the same list in SQL).
 */
export const DATE_PLAN_OPEN_STATUSES: readonly DatePlanStatus[] = [
  'proposed',
  'accepted',
  'claimed',
  'disputed',
];

/** How a plan's status reads on its card. */
export const DATE_PLAN_STATUS_LABELS: Readonly<Record<DatePlanStatus, string>> = {
  proposed: 'Proposed',
  accepted: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  completed: 'Met',
  claimed: 'No-show claimed',
  disputed: 'In review',
  settled: 'Settled',
};

/** Where a check-in put a member: only this band is stored, never the coordinates. */
export const CHECK_IN_BANDS = ['within_100m', 'within_300m', 'qr'] as const;
export type CheckInBand = (typeof CHECK_IN_BANDS)[number];

export const CHECK_IN_BAND_LABELS: Readonly<Record<CheckInBand, string>> = {
  within_100m: 'Checked in within 100 m',
  within_300m: 'Checked in within 300 m',
  qr: 'Checked in by code',
};

export const DATE_PLAN_TEXT = {
  proposeButton: 'Plan a date',
  sheetTitle: 'Plan a date',
  counterTitle: 'Suggest another time or place',
  sendProposal: 'Send proposal',
  sendCounter: 'Send suggestion',
  accept: 'Accept',
  counter: 'Suggest another',
  decline: 'Decline',
  cancel: 'Cancel date',
  checkIn: 'I’m here',
  showCode: 'Show my check-in code',
  scanCode: 'Scan their code',
  unverifiedPlace:
    'This place is not a verified venue. Meet where other people are, and tell someone you trust.',
  proposed: 'Date proposal sent',
  countered: 'Suggestion sent',
  accepted: 'Date confirmed',
  declined: 'Date declined',
  cancelled: 'Date cancelled',
  checkedIn: 'You’re checked in',
  released: 'You both checked in. Deposits released.',
  tooFar: 'You seem to be more than 300 m from the place. Move closer, or scan their code.',
  checkInClosed: 'Check-in is open from 30 minutes before the date until 2 hours after it.',
  locationDenied: 'Location is off for this site. Allow it, or scan their code instead.',
  noPlaceCoordinates: 'This place has no map position: check in by scanning their code.',
  acceptNeedsEmail: 'Confirm your e-mail to accept a date: deposits are payments.',
  claim: 'Claim a no-show',
  claimed: 'No-show claimed. It settles in 24 hours unless they dispute it.',
  dispute: 'Dispute the claim',
  disputed: 'Dispute sent. The team will review both sides.',
  emptyPlaces: 'No verified places in your city yet: type the place you have in mind.',
  otherPlace: 'Another place',
  treat: 'My treat: my deposit goes to them when we meet',
} as const;

/** The escrow range of a tier as a member reads it beside a deposit field. */
export function depositRangeText(tier: TierLevel): string {
  return TIERS[tier].maxEscrowCents === 0 ? 'No deposit on this plan' : `None, or ${escrowRangeLabel(tier)}`;
}

/** When a no-show may be claimed: this long after the date's time, by a member who checked in. */
export function claimOpensAt(startsAt: Date): Date {
  return new Date(startsAt.getTime() + DATE_PLAN_NO_SHOW_GRACE_MINUTES * 60_000);
}

/**
 * The cancellation rule, written out the same for both members and shown before anyone accepts:
 * an early cancel returns both deposits; a late one gives the canceller's deposit to the other.
 */
export function cancellationRuleText(): string {
  return `Cancel ${DATE_PLAN_LATE_CANCEL_HOURS} hours or more before the date and both deposits return. Cancel later and your own deposit goes to the other member; theirs returns to them. The same rule applies to both of you.`;
}

/** Whether cancelling at `now` a plan set for `startsAt` is a late cancel (the canceller's deposit goes over). */
export function isLateCancel(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() < DATE_PLAN_LATE_CANCEL_HOURS * 3_600_000;
}

/**
 * The deposit a member of `tier` may put in: nothing, or an amount within their tier's escrow range
 * (an Observer's range is empty: nothing only). Returns the refusal's text, or null when allowed.
 */
export function depositRefusal(tier: TierLevel, cents: number): string | null {
  if (cents === 0) return null;
  const { minEscrowCents, maxEscrowCents } = TIERS[tier];
  if (maxEscrowCents === 0) return 'Your plan does not include escrow deposits';
  if (cents < minEscrowCents) return `The smallest deposit on your plan is ${formatCents(minEscrowCents)}`;
  if (maxEscrowCents !== null && cents > maxEscrowCents)
    return `The largest deposit on your plan is ${formatCents(maxEscrowCents)}`;
  return null;
}

/** Whether `startsAt` may be proposed at `now`: not too soon, not too far ahead. */
export function startRefusal(startsAt: Date, now: Date): string | null {
  const ahead = startsAt.getTime() - now.getTime();
  if (ahead < DATE_PLAN_MIN_LEAD_MINUTES * 60_000)
    return `Choose a time at least ${DATE_PLAN_MIN_LEAD_MINUTES} minutes from now`;
  if (ahead > DATE_PLAN_MAX_AHEAD_DAYS * 86_400_000)
    return `Choose a time within the next ${DATE_PLAN_MAX_AHEAD_DAYS} days`;
  return null;
}

/** Whether check-in is open at `now` for a plan set for `startsAt`. */
export function checkInOpen(startsAt: Date, now: Date): boolean {
  const t = now.getTime() - startsAt.getTime();
  return t >= -DATE_PLAN_CHECK_IN_OPENS_MINUTES * 60_000 && t <= DATE_PLAN_CHECK_IN_CLOSES_MINUTES * 60_000;
}

/** The great-circle distance in metres between two points (haversine). */
export function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The stored band of a location check-in, or null when it is too far to count. */
export function checkInBand(meters: number): CheckInBand | null {
  if (meters <= 100) return 'within_100m';
  if (meters <= DATE_PLAN_CHECK_IN_RADIUS_METERS) return 'within_300m';
  return null;
}

// Private ratings after a date (issue 39). Each member of a date that took place may rate it once:
// stars, flags and a comment that the other member never sees. The stars feed the rated member's
// average (shown from RATING_MIN_COUNT ratings, limits.ts); each flag files a report for the
// moderators.

export const DATE_RATING_STARS_MIN = 1;
export const DATE_RATING_STARS_MAX = 5;
export const DATE_RATING_COMMENT_MAX = 500;

export const DATE_RATING_FLAGS = ['felt_unsafe', 'not_as_pictured', 'asked_for_money'] as const;
export type DateRatingFlag = (typeof DATE_RATING_FLAGS)[number];

export const DATE_RATING_FLAG_LABELS: Readonly<Record<DateRatingFlag, string>> = {
  felt_unsafe: 'Felt unsafe',
  not_as_pictured: 'Not as pictured',
  asked_for_money: 'Asked for money',
};

/**
 * The report reason a flag files under in the moderators' queue. Distinct reasons per flag, so a
 * rating's reports never collide; "felt unsafe" names no one category, so it files as other with the
 * flag's label in the details.
 */
export const DATE_RATING_FLAG_REPORT_REASONS: Readonly<Record<DateRatingFlag, ReportReason>> = {
  felt_unsafe: 'other',
  not_as_pictured: 'fake_profile',
  asked_for_money: 'scam',
};

/**
 * Plans that are over: both checked in (completed), or the time has passed with a no-show claim,
 * its dispute, or their settlement. Proposed and accepted plans have not happened yet; declined
 * and cancelled ones never will.
 */
const RATEABLE_STATUSES: readonly DatePlanStatus[] = ['completed', 'claimed', 'disputed', 'settled'];

export const DATE_RATING_TEXT = {
  title: 'Rate your date',
  privacy: 'Only Royal Circle sees your rating. They will never know what you said.',
  flagsLabel: 'Anything we should know?',
  commentLabel: 'Anything else (optional)',
  submit: 'Send rating',
  sent: 'Thank you. Your rating was sent privately.',
  notOver: 'You can rate a date once it is over',
  notCheckedIn: 'You can rate a date you checked in to',
  alreadyRated: 'You have already rated this date',
} as const;

/**
 * Why the viewer may not rate a plan, or null when they may. Only a member who checked in rates:
 * check-in is the one proof the app has that they were there, and a rating (its flags above all)
 * should come from someone who met the other member. A settled plan nobody checked in to lapsed;
 * a no-show's claimant may rate (the other member may have come without checking in, and a flag
 * about that must reach the moderators), the member named in it may not.
 */
export function dateRatingRefusal(plan: {
  status: DatePlanStatus;
  checkedIn: boolean;
  rated: boolean;
}): string | null {
  if (!RATEABLE_STATUSES.includes(plan.status)) return DATE_RATING_TEXT.notOver;
  if (!plan.checkedIn) return DATE_RATING_TEXT.notCheckedIn;
  if (plan.rated) return DATE_RATING_TEXT.alreadyRated;
  return null;
}

// The reminder an hour before (safe meeting notifications, a safety setting on by default).

/** Members with safe meeting notifications on are reminded this long before a confirmed date. */
export const DATE_PLAN_REMINDER_MINUTES = 60;

/** Ours: the spec names safe meeting notifications but gives no tips, so these are the app's. */
export const DATE_SAFETY_TIPS = [
  'Meet in the public place you agreed on, and stay there.',
  'Tell someone you trust where you are and when you expect to be home.',
  'Get there and back on your own, and never send money to someone you have just met.',
] as const;

/** A launch city's time zone by name and state, or null (a place a member typed in has no city). */
export function placeTimeZone(city: string | null, state: string | null): string | null {
  return CITIES.find((c) => c.name === city && c.state === state)?.timeZone ?? null;
}

/**
 * The reminder's text: the place, the time in the place's zone when it is known (else how far off
 * it is: the server does not know the member's zone), and the safety tips.
 */
export function dateReminderMessage({
  place,
  startsAt,
  timeZone,
  now,
}: {
  place: { name: string; address: string };
  startsAt: Date;
  timeZone: string | null;
  now: Date;
}): string {
  const minutes = Math.max(1, Math.round((startsAt.getTime() - now.getTime()) / 60_000));
  const inMinutes = `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const when = timeZone
    ? `at ${DateTime.fromJSDate(startsAt, { zone: timeZone }).toFormat('h:mm a')} (${inMinutes})`
    : inMinutes;
  const where = place.address ? `${place.name}, ${place.address}` : place.name;
  return `Your date at ${where} starts ${when}. ${DATE_SAFETY_TIPS.join(' ')}`;
}
