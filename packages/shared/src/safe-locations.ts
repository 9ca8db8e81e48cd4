import { SAFE_LOCATION_AMENITIES_SHOWN } from './limits';

/**
 * The Safety Center's Safe Locations (spec part 2 §2, §9): verified public places in the member's
 * city with a safety rating of at least 4, best first, at most six; each with its top three amenities
 * and "+n more", whether it is open now in its city's time zone, and a maps search link.
 */

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Opening hours by lowercase weekday name, e.g. { monday: '7:00 AM - 10:00 PM' }. */
export type OpenHours = Partial<Record<Weekday, string>>;

/** The first amenities shown, and how many more ("+n more"). */
export function amenitiesSummary(amenities: readonly string[]): { shown: string[]; more: number } {
  const shown = amenities.slice(0, SAFE_LOCATION_AMENITIES_SHOWN);
  return { shown, more: amenities.length - shown.length };
}

/** An external maps search for the place, from its name, address, city and state (never coordinates). */
export function mapsSearchUrl(place: { name: string; address: string; city: string; state: string }): string {
  const query = [place.name, place.address, place.city, place.state].join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

const DAY_MINUTES = 24 * 60;

/** "7:30 PM" as minutes after midnight; null when it is not a time. */
function minutesOf(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})\s*(AM|PM)$/i.exec(text.trim());
  if (!match) return null;
  const [, hours, minutes, half] = match;
  const hour = (Number(hours) % 12) + ((half as string).toUpperCase() === 'PM' ? 12 : 0);
  return hour * 60 + Number(minutes);
}

/** A day's hours: always open, closed, or from–to in minutes (`to` past midnight when not after `from`). */
type DayHours = 'always' | 'closed' | { from: number; to: number } | null;

function dayHours(text: string | undefined): DayHours {
  if (!text) return null;
  const clean = text.trim().toLowerCase();
  if (clean === 'open 24 hours') return 'always';
  if (clean === 'closed') return 'closed';
  const [from, to] = text.split(/\s*[-–]\s*/).map(minutesOf);
  if (from == null || to == null) return null;
  return { from, to: to <= from ? to + DAY_MINUTES : to };
}

/** The weekday and the minutes after midnight at `now` in `timeZone`. */
function localTime(now: Date, timeZone: string): { day: Weekday; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: part('weekday').toLowerCase() as Weekday,
    minutes: (Number(part('hour')) % 24) * 60 + Number(part('minute')),
  };
}

/**
 * Is the place open at `now` in its city's time zone? Hours that run past midnight count for the
 * night after their day. Null when its hours for today cannot be read.
 */
export function isOpenNow(hours: OpenHours, timeZone: string, now: Date): boolean | null {
  const { day, minutes } = localTime(now, timeZone);
  const index = WEEKDAYS.indexOf(day);
  const yesterday = dayHours(hours[WEEKDAYS[(index + 6) % 7] as Weekday]);
  if (
    yesterday === 'always' ||
    (typeof yesterday === 'object' && yesterday && minutes + DAY_MINUTES < yesterday.to)
  )
    return true;
  const today = dayHours(hours[day]);
  if (today === null) return null;
  if (today === 'always') return true;
  if (today === 'closed') return false;
  return minutes >= today.from && minutes < today.to;
}

/** Today's hours as written, in the place's time zone. */
export function hoursToday(hours: OpenHours, timeZone: string, now: Date): string | null {
  return hours[localTime(now, timeZone).day] ?? null;
}
