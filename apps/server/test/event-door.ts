import { freakoffStartAfter, localToInstant } from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import type { App } from '../src/app';
import { eventRsvps, events } from '../src/db/schema';

// Events and places at them written straight into the database, for the door's tests (ticket,
// check-in, Freakoff, bulk invite, reminders): they do not depend on the create and RSVP verbs.

export type TestEventOptions = {
  name?: string;
  /** The start; default two hours ago. */
  dateTime?: Date;
  timeZone?: string;
  city?: string;
  tiers?: number[];
  freakoffEnabled?: boolean;
  /** Default: the first 02:00 in the zone at or after the start (the shared rule). */
  freakoffStartTime?: Date | null;
  maxGuests?: number;
  status?: 'upcoming' | 'cancelled';
  address?: string;
  description?: string;
};

export async function createTestEvent(app: App, options: TestEventOptions = {}) {
  const timeZone = options.timeZone ?? 'America/New_York';
  const dateTime = options.dateTime ?? new Date(Date.now() - 2 * 3_600_000);
  const freakoffEnabled = options.freakoffEnabled ?? true;
  const [row] = await app.ctx.db
    .insert(events)
    .values({
      name: options.name ?? 'Midnight Masquerade',
      description: options.description ?? 'An evening in black tie.',
      venue: 'The Gilded Room',
      address: options.address ?? '12 Ocean Drive',
      city: options.city ?? 'New York, NY',
      timeZone,
      dateTime,
      tierRequired: options.tiers ?? [1, 2, 3, 4],
      freakoffEnabled,
      freakoffStartTime:
        options.freakoffStartTime !== undefined
          ? options.freakoffStartTime
          : freakoffEnabled
            ? freakoffStartAfter(dateTime, timeZone)
            : null,
      maxGuests: options.maxGuests ?? 100,
      status: options.status ?? 'upcoming',
    })
    .returning();
  if (!row) throw new Error('event insert returned nothing');
  return row;
}

/** An event in a zone from the form's local date and time (the shared rule), e.g. across a DST night. */
export function localEventStart(date: string, time: string, timeZone: string) {
  return localToInstant(date, time, timeZone);
}

/** Gives the member a place (a seat unless waitlisted), as the RSVP verb would. */
export async function placeAt(
  app: App,
  eventId: string,
  userId: string,
  status: 'going' | 'waitlisted' | 'checked_in' | 'cancelled' = 'going',
) {
  await app.ctx.db.transaction(async (tx) => {
    await tx
      .insert(eventRsvps)
      .values({ eventId, userId, status, checkedInAt: status === 'checked_in' ? new Date() : null });
    if (status === 'going' || status === 'checked_in') {
      await tx
        .update(events)
        .set({ guestsCount: sql`${events.guestsCount} + 1` })
        .where(eq(events.id, eventId));
    }
  });
}
