import { formatEventDate } from '@royal/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventRsvps } from '../../db/schema';
import type { Work } from '../../db/transaction';
import { type NewNotification, notify } from '../notifications';
import type { EventRow } from './find-event';

// The events' notifications (type 'event', each linking to the event): written in the verb's own
// transaction through the notifications writer, so they commit with the change and reach the member's
// open tabs through the outbox.

type EventNotice = 'confirmed' | 'promoted' | 'changed' | 'cancelled';

export const eventLink = (eventId: string) => `/events/${eventId}`;

const when = (event: Pick<EventRow, 'dateTime' | 'timeZone'>) =>
  formatEventDate(event.dateTime, event.timeZone);

function noticeText(
  notice: EventNotice,
  event: Pick<EventRow, 'name' | 'dateTime' | 'timeZone' | 'venue'>,
): Pick<NewNotification, 'title' | 'message'> {
  switch (notice) {
    case 'confirmed':
      return {
        title: 'RSVP Confirmed',
        message: `You're on the guest list for ${event.name}, ${when(event)}.`,
      };
    case 'promoted':
      return {
        title: 'A Seat Opened Up',
        message: `You're off the waiting list: you're now on the guest list for ${event.name}, ${when(event)}.`,
      };
    case 'changed':
      return {
        title: 'Event Updated',
        message: `${event.name} has changed: it is now ${when(event)} at ${event.venue}.`,
      };
    case 'cancelled':
      return { title: 'Event Cancelled', message: `${event.name} (${when(event)}) has been cancelled.` };
  }
}

/** Sends one of the events' notices to these members, in the caller's unit of work. */
export async function notifyAboutEvent(
  work: Work,
  notice: EventNotice,
  event: Pick<EventRow, 'id' | 'name' | 'dateTime' | 'timeZone' | 'venue'>,
  userIds: readonly string[],
): Promise<void> {
  const text = noticeText(notice, event);
  await notify(
    work,
    userIds.map((userId) => ({ userId, type: 'event' as const, ...text, link: eventLink(event.id) })),
  );
}

/** Everyone holding a place at the event: going, checked in or waiting (event_rsvps_event_status_queued_idx). */
export async function eventAttendeeIds(db: Db, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: eventRsvps.userId })
    .from(eventRsvps)
    .where(
      and(eq(eventRsvps.eventId, eventId), inArray(eventRsvps.status, ['going', 'checked_in', 'waitlisted'])),
    );
  return rows.map((r) => r.userId);
}
