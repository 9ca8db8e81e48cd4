import { type EventCard, formatEventDate, zoneAbbreviation } from '@royal/shared';

// How an event's time reads on screen: in the event's own city (where the guest will be), and also
// in the member's zone when theirs is another one, so a member planning from elsewhere is not misled.
// The shared helpers use luxon, which is why only the events screens (their own chunks) import this.

/** The browser's IANA zone, or null when it does not tell. */
export function memberTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
}

export type ZonedTime = { text: string; zone: string };

export type EventWhen = {
  /** At the event, in its city's zone: "Sat, Mar 7 · 9:00 PM" and "PST". */
  local: ZonedTime;
  /** The same instant in the member's zone; null when it is the event's zone (or reads the same). */
  mine: ZonedTime | null;
};

export function zonedTime(at: Date, timeZone: string): ZonedTime {
  return { text: formatEventDate(at, timeZone), zone: zoneAbbreviation(at, timeZone) };
}

/** An instant of an event (its start by default) in the event's zone and in the member's. */
export function eventWhen(
  event: Pick<EventCard, 'date_time' | 'time_zone'>,
  at: string = event.date_time,
  viewerZone: string | null = memberTimeZone(),
): EventWhen {
  const instant = new Date(at);
  const local = zonedTime(instant, event.time_zone);
  if (!viewerZone || viewerZone === event.time_zone) return { local, mine: null };
  const mine = zonedTime(instant, viewerZone);
  // Two zones with the same clock and name (Miami and New York) say the same thing twice.
  return { local, mine: mine.text === local.text && mine.zone === local.zone ? null : mine };
}
