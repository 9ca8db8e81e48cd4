import type { EventArrivals } from '@royal/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { eventRsvps, profiles } from '../../db/schema';
import { doorGuestColumns, presentDoorGuest } from './check-in';
import { loadEvent } from './find-event';

/**
 * GET /events/:id/arrivals (managers): everyone holding a ticket, latest arrivals first, then those
 * still expected by name. One query on event_rsvps_event_status_queued_idx, whatever the number.
 */
export async function eventArrivals(
  ctx: AppContext,
  { eventId }: { eventId: string },
): Promise<EventArrivals> {
  const event = await loadEvent(ctx, eventId);
  const rows = await ctx.db
    .select({ ...doorGuestColumns, checkedInAt: eventRsvps.checkedInAt })
    .from(eventRsvps)
    .innerJoin(profiles, eq(profiles.userId, eventRsvps.userId))
    .where(and(eq(eventRsvps.eventId, event.id), inArray(eventRsvps.status, ['going', 'checked_in'])))
    .orderBy(sql`${eventRsvps.checkedInAt} desc nulls last`, asc(profiles.name), asc(profiles.userId));
  const items = rows.map((row) => ({
    ...presentDoorGuest(row),
    checked_in_at: row.checkedInAt?.toISOString() ?? null,
  }));
  return {
    items,
    guests_count: items.length,
    arrived_count: items.filter((item) => item.checked_in_at !== null).length,
  };
}
