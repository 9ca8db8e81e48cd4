import { EVENT_REMINDER_HOURS, formatEventDate } from '@royal/shared';
import { and, asc, eq, gt, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { eventRsvps, events } from '../../db/schema';
import { notify } from '../notifications';
import { eventLink } from './notices';

/** The queue name of the reminder job (jobs/index.ts). */
export const EVENT_REMINDER_JOB = 'event-reminders';
const HOUR_MS = 3_600_000;
/** Events one run reminds at most; the next run (minutes later) takes the rest. */
const RUN_LIMIT = 50;

/** "in 2 hours", or less when the event was created closer to its start. */
function startsIn(start: Date, now: Date): string {
  const minutes = Math.max(1, Math.round((start.getTime() - now.getTime()) / 60_000));
  if (minutes >= 90) {
    const hours = Math.round(minutes / 60);
    return `in ${hours} hour${hours === 1 ? '' : 's'}`;
  }
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * The reminder job: every event starting within EVENT_REMINDER_HOURS that was not reminded yet
 * tells each member with a ticket (going or already checked in) that it starts soon. Each event is
 * claimed by setting `reminded_at` in the transaction that writes its notifications, with a
 * conditional UPDATE: a second run, or a second instance, finds it claimed and sends nothing.
 * The window is read on events_date_time_idx. `now` is injectable for tests.
 */
export async function remindStartingEvents(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const due = await ctx.db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        gt(events.dateTime, now),
        lte(events.dateTime, new Date(now.getTime() + EVENT_REMINDER_HOURS * HOUR_MS)),
        isNull(events.remindedAt),
        ne(events.status, 'cancelled'),
      ),
    )
    .orderBy(asc(events.dateTime))
    .limit(RUN_LIMIT);
  let reminded = 0;
  for (const { id } of due) {
    reminded += await ctx.transact(async (work) => {
      const [event] = await work.tx
        .update(events)
        .set({ remindedAt: now })
        .where(and(eq(events.id, id), isNull(events.remindedAt), ne(events.status, 'cancelled')))
        .returning({
          id: events.id,
          name: events.name,
          dateTime: events.dateTime,
          timeZone: events.timeZone,
        });
      if (!event) return 0;
      const guests = await work.tx
        .select({ userId: eventRsvps.userId })
        .from(eventRsvps)
        .where(and(eq(eventRsvps.eventId, event.id), inArray(eventRsvps.status, ['going', 'checked_in'])));
      const message = `${event.name} is starting ${startsIn(event.dateTime, now)} (${formatEventDate(event.dateTime, event.timeZone)}).`;
      await notify(
        work,
        guests.map(({ userId }) => ({
          userId,
          type: 'event' as const,
          title: 'Event Starting Soon',
          message,
          link: eventLink(event.id),
          dedupeKey: `event-reminder:${event.id}`,
        })),
      );
      return 1;
    });
  }
  return reminded;
}
