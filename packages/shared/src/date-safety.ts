import { DateTime } from 'luxon';
import { type DatePlanStatus, placeTimeZone } from './date-plans';

// Watching over a date (issue 39, "Watching over the date"): a member shares a confirmed plan with
// their emergency contact (e-mail and SMS, with a link to a status page that needs no account), sets
// a safety timer that asks "Are you OK?" and alerts the contact when nobody answers, or presses SOS.
// The API is the authority; the web app reads the same rules to explain them.

/** Plans a member may share and set a timer on: a date that is on (confirmed, or both checked in). */
export const DATE_WATCH_STATUSES = ['accepted', 'completed'] as const satisfies readonly DatePlanStatus[];
/** The status page's link works until this long after the date's time. */
export const DATE_STATUS_LINK_HOURS = 48;
/** Shares of one plan by one member in 24 hours: each sends the contact an e-mail and an SMS. */
export const DATE_SHARES_PER_DAY = 5;
/** After "Are you OK?", the member has this long to answer before their contact is alerted. */
export const SAFETY_TIMER_ANSWER_MINUTES = 15;
/** A timer may be set for at most this long after the date's time. */
export const SAFETY_TIMER_MAX_AFTER_START_HOURS = 12;
export const CODE_WORD_MIN = 4;
export const CODE_WORD_MAX = 40;
/**
 * Wrong code words one timer takes; then it refuses more and runs on to its alert, so someone
 * holding the member's phone cannot guess the word to silence it.
 */
export const CODE_WORD_MAX_TRIES = 5;
/** A second SOS this soon after an alert sends nothing more (a double tap, a pocket). */
export const SOS_REPEAT_MINUTES = 5;

/**
 * The safety timer as the member and the status page see it: none set; set; asked "Are you OK?" and
 * waiting; the contact alerted (no answer, or SOS); ended with the code word.
 */
export const SAFETY_TIMER_STATES = ['off', 'running', 'asking', 'alerted', 'safe'] as const;
export type SafetyTimerState = (typeof SAFETY_TIMER_STATES)[number];

export const SAFETY_TIMER_STATE_WORDS: Readonly<Record<SafetyTimerState, string>> = {
  off: 'No safety timer is set',
  running: 'A safety timer is set',
  asking: 'We asked whether they are OK and are waiting for their answer',
  alerted: 'No answer, or SOS: the emergency contact was alerted',
  safe: 'They said they are safe',
};

/** A plan's status in plain words, for the emergency contact's status page. */
export const DATE_STATUS_WORDS: Readonly<Record<DatePlanStatus, string>> = {
  proposed: 'Not confirmed yet',
  accepted: 'Confirmed',
  declined: 'Called off',
  cancelled: 'Called off',
  completed: 'They met: both checked in at the place',
  claimed: 'One of them did not check in',
  disputed: 'One of them did not check in',
  settled: 'Over',
};

export const DATE_SAFETY_TEXT = {
  share: 'Share with my emergency contact',
  shared: 'Sent to your emergency contact',
  noContact: 'Add your emergency contact’s phone or e-mail in Safety settings first',
  notOn: 'You can share a confirmed date, and set a timer on it, until 48 hours after it',
  notWatched: 'This date was never confirmed',
  tooManyShares: `You can share a date at most ${DATE_SHARES_PER_DAY} times a day`,
  timerRunning: 'A safety timer is already running: end it with your code word first',
  noTimer: 'No safety timer is running',
  checkAtPast: 'Choose a time later than now',
  checkAtTooLate: `Choose a time within ${SAFETY_TIMER_MAX_AFTER_START_HOURS} hours after the date`,
  codeWordShort: `Use a code word of at least ${CODE_WORD_MIN} characters`,
  codeWordLong: `Use a code word of at most ${CODE_WORD_MAX} characters`,
  wrongCodeWord: 'That is not your code word',
  tooManyTries: 'Too many wrong code words. Your timer keeps running.',
  areYouOkTitle: 'Are you OK?',
  areYouOk: `Your safety timer is up. Say you are safe with your code word within ${SAFETY_TIMER_ANSWER_MINUTES} minutes, or we alert your emergency contact.`,
  sos: 'SOS',
  sosSent: 'Your emergency contact has been alerted',
} as const;

/** When a plan's status link stops working. */
export function statusLinkExpiresAt(startsAt: Date): Date {
  return new Date(startsAt.getTime() + DATE_STATUS_LINK_HOURS * 3_600_000);
}

/**
 * Why a member may not share a plan or set a timer on it now, or null: the date must be on, and
 * its status link still working.
 */
export function dateWatchRefusal(status: DatePlanStatus, startsAt: Date, now: Date): string | null {
  if (!(DATE_WATCH_STATUSES as readonly DatePlanStatus[]).includes(status)) return DATE_SAFETY_TEXT.notOn;
  if (now.getTime() >= statusLinkExpiresAt(startsAt).getTime()) return DATE_SAFETY_TEXT.notOn;
  return null;
}

/** Why a timer may not check in at `checkAt`, or null: later than now, and not long after the date. */
export function safetyTimerRefusal(checkAt: Date, startsAt: Date, now: Date): string | null {
  if (checkAt.getTime() <= now.getTime()) return DATE_SAFETY_TEXT.checkAtPast;
  if (checkAt.getTime() > startsAt.getTime() + SAFETY_TIMER_MAX_AFTER_START_HOURS * 3_600_000)
    return DATE_SAFETY_TEXT.checkAtTooLate;
  return null;
}

/**
 * A code word as it is compared: a member typing under stress may change case or spacing, which
 * says nothing about who they are.
 */
export function normaliseCodeWord(word: string): string {
  return word.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The zone a plan's time is told in: its place's city's, when it is a launch city; else UTC. */
export function datePlanTimeZone(place: { city: string | null; state: string | null }): string {
  return placeTimeZone(place.city, place.state) ?? 'UTC';
}

/** "Sat, Jun 14 · 8:00 PM PDT": an instant in a zone, with the zone's name so nobody guesses. */
export function formatInstantIn(at: Date, timeZone: string): string {
  return DateTime.fromJSDate(at, { zone: timeZone }).toFormat("ccc, LLL d '·' h:mm a ZZZZ");
}

/** A map link to a position the member shared for an alert (five decimals: about a metre). */
export function positionMapsUrl(position: { lat: number; lng: number }): string {
  const query = `${position.lat.toFixed(5)},${position.lng.toFixed(5)}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
