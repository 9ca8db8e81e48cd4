import { z } from 'zod';

// Times of day and time zones as members set them (quiet hours, issue 40), and the one rule that
// reads them: whether an instant falls inside a daily window in a zone. Shared so the settings form
// and the push worker agree on what "22:00 to 07:00" covers.

/** "HH:MM" on a 24-hour clock. */
export const TIME_OF_DAY_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

export const timeOfDaySchema = z.string().regex(TIME_OF_DAY_PATTERN, 'Use a time like 22:00');

/** Whether `zone` is a time zone this runtime knows (an IANA name such as "Europe/Paris"). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string().max(64).refine(isKnownTimeZone, 'Unknown time zone');

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Minutes since local midnight of `at` in `zone`. */
export function localMinutes(at: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/**
 * Whether `at` falls in the daily window from `start` (included) to `end` (excluded), read in
 * `zone`. A window whose end is before its start runs over midnight; equal ends are an empty window.
 */
export function isWithinDailyWindow(at: Date, window: { start: string; end: string; zone: string }): boolean {
  const now = localMinutes(at, window.zone);
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}
