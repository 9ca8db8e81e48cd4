import { eventEndsAt } from '@royal/shared';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { ICalCalendar } from 'ical-generator';
import { DateTime } from 'luxon';
import type { AppContext } from '../../context';
import type { MemberActor } from '../../ports/auth';
import { eventLink } from './notices';
import { eventTimes } from './presenter';
import { loadTicketHolding } from './ticket';

export type CalendarFile = { filename: string; body: string };

/**
 * GET /events/:id/calendar.ics: the event for the member's calendar app, for a member with a ticket.
 * Times are written in the event's own zone (TZID, with its VTIMEZONE rules) so a calendar shows the
 * city's wall-clock time across a daylight-saving change; the end is the rules' `eventEndsAt`.
 */
export async function eventCalendarFile(
  ctx: AppContext,
  input: { actor: MemberActor; eventId: string },
): Promise<CalendarFile> {
  const { event } = await loadTicketHolding(ctx, input);
  const zone = event.timeZone;
  const calendar = new ICalCalendar({
    prodId: { company: 'Royal Circle', product: 'Events' },
    name: event.name,
  });
  // The zone is the event's, not the calendar's: its VTIMEZONE is still written (the generator runs for
  // every event's zone), and DTSTAMP stays in UTC as the standard requires.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  const url = new URL(eventLink(event.id), ctx.config.publicOrigin).toString();
  calendar.createEvent({
    id: `${event.id}@royal-circle`,
    start: DateTime.fromJSDate(event.dateTime, { zone }),
    end: DateTime.fromJSDate(eventEndsAt(eventTimes(event)), { zone }),
    timezone: zone,
    summary: event.name,
    location: [event.venue, event.address].filter((part) => part && part.trim() !== '').join(', '),
    description: [event.description ?? '', url].filter((part) => part !== '').join('\n\n'),
    url,
  });
  return { filename: `${slug(event.name)}.ics`, body: calendar.toString() };
}

/** A file name from the event's name: letters, digits and dashes only (it goes in a header). */
function slug(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return cleaned || 'event';
}
