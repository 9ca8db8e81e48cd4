import { DateTime } from 'luxon';
import { CITIES, type EventStatus, type LaunchCity } from './enums';
import { FREAKOFF_START_HOUR } from './limits';
import type { TierLevel } from './tiers';

// Events' rules (issue 36, decision 058), used by the API and the web app alike. An event's times are
// entered in its city's time zone and stored as instants; everything derived from them (the Freakoff
// start, the status) is computed here with a zone-aware date library, never with the server's zone.

/** How long after its last part starts (Freakoff, or the event itself) an event counts as ended. */
export const EVENT_RUNS_HOURS = 4;
/** When members with a ticket are reminded that an event starts. */
export const EVENT_REMINDER_HOURS = 2;
/** Default Freakoff start, as a local wall-clock time in the event's city. */
export const FREAKOFF_DEFAULT_TIME = `${String(FREAKOFF_START_HOUR).padStart(2, '0')}:00`;

/** The cities an event can be in: the launch cities, each with its time zone. */
export const EVENT_CITIES: readonly LaunchCity[] = CITIES;

export function eventCityId(city: { name: string; state: string }): string {
  return `${city.name}, ${city.state}`;
}

export function findEventCity(id: string): LaunchCity | null {
  return EVENT_CITIES.find((c) => eventCityId(c) === id) ?? null;
}

/** Whether a member of this tier may open, RSVP to and attend an event requiring these tiers. */
export function canAttendEvent(tier: TierLevel, tiersRequired: readonly number[]): boolean {
  return tier > 0 && tiersRequired.includes(tier);
}

/** The lowest tier an event admits: the "Tier N+ Required" of a dimmed card. */
export function lowestEventTier(tiersRequired: readonly number[]): TierLevel {
  return Math.min(...tiersRequired) as TierLevel;
}

/**
 * The instant of a date and time as written on the form ("2026-03-08", "02:30") in a zone. A local
 * time that does not exist (skipped by a spring-forward change) moves forward by the gap, as clocks
 * do; an ambiguous one (fall-back) is the earlier of the two.
 */
export function localToInstant(date: string, time: string, timeZone: string): Date {
  const local = DateTime.fromISO(`${date}T${time}`, { zone: timeZone });
  if (!local.isValid) throw new RangeError(`invalid local time ${date} ${time} in ${timeZone}`);
  return local.toJSDate();
}

/** The form's date ("yyyy-MM-dd") and time ("HH:mm") of an instant in a zone. */
export function instantToLocal(at: Date, timeZone: string): { date: string; time: string } {
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  return { date: local.toFormat('yyyy-MM-dd'), time: local.toFormat('HH:mm') };
}

/**
 * The first moment at or after the event's start when the city's clock reads `time` (default 2 AM):
 * an evening that starts at 21:00 gets its Freakoff at 02:00 the next morning, in local time even
 * across a daylight-saving change that night.
 */
export function freakoffStartAfter(start: Date, timeZone: string, time = FREAKOFF_DEFAULT_TIME): Date {
  const startLocal = DateTime.fromJSDate(start, { zone: timeZone });
  const [hour, minute] = time.split(':').map(Number);
  let candidate = startLocal.set({ hour, minute, second: 0, millisecond: 0 });
  if (candidate < startLocal) {
    candidate = startLocal.plus({ days: 1 }).set({ hour, minute, second: 0, millisecond: 0 });
  }
  return candidate.toJSDate();
}

export type EventTimes = {
  dateTime: Date;
  freakoffEnabled: boolean;
  freakoffStartTime: Date | null;
  cancelled: boolean;
};

/** When an event ends: some hours after its last part starts. */
export function eventEndsAt(event: EventTimes): Date {
  const lastPart =
    event.freakoffEnabled && event.freakoffStartTime ? event.freakoffStartTime : event.dateTime;
  return new Date(lastPart.getTime() + EVENT_RUNS_HOURS * 3_600_000);
}

/** An event's status now: set only when cancelled, otherwise read from the clock. */
export function eventStatusAt(event: EventTimes, now: Date): EventStatus {
  if (event.cancelled) return 'cancelled';
  if (now < event.dateTime) return 'upcoming';
  if (now >= eventEndsAt(event)) return 'ended';
  return isFreakoffOpen(event, now) ? 'freakoff' : 'active';
}

/** Freakoff applies from its start time, when enabled, until the event ends (spec part 2 §4). */
export function isFreakoffOpen(event: EventTimes, now: Date): boolean {
  return (
    !event.cancelled &&
    event.freakoffEnabled &&
    event.freakoffStartTime !== null &&
    now >= event.freakoffStartTime &&
    now < eventEndsAt(event)
  );
}

/** Whether members can still RSVP or cancel: not cancelled, not ended. */
export function isEventOpenForRsvp(event: EventTimes, now: Date): boolean {
  const status = eventStatusAt(event, now);
  return status !== 'cancelled' && status !== 'ended';
}

/** Tiers whose plan includes Freakoff without an After Dark Pass (the VIP tier). */
export const FREAKOFF_INCLUDED_TIERS: readonly TierLevel[] = [4];

export function freakoffIncludedInTier(tier: TierLevel): boolean {
  return FREAKOFF_INCLUDED_TIERS.includes(tier);
}

/** "Sat, Mar 7 · 9:00 PM" in a zone: how a card shows an event's date. */
export function formatEventDate(at: Date, timeZone: string): string {
  return DateTime.fromJSDate(at, { zone: timeZone }).toFormat("ccc, LLL d '·' h:mm a");
}

/** A zone's short name at an instant ("EST", "GST"), to label a time with where it is. */
export function zoneAbbreviation(at: Date, timeZone: string): string {
  return DateTime.fromJSDate(at, { zone: timeZone }).toFormat('ZZZZ');
}
