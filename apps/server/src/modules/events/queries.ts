import type { EventCard } from '@royal/shared';
import { and, asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { eventRsvps, events } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import { presentEventCard, type ViewerRsvp } from './presenter';

const mine = alias(eventRsvps, 'my_rsvp');

/** Members waiting for a seat at the event in the outer query (event_rsvps_event_status_queued_idx). */
const waitlistCount = sql<number>`(select count(*)::int from ${eventRsvps}
  where ${eventRsvps.eventId} = ${events.id} and ${eventRsvps.status} = 'waitlisted')`;

/**
 * The viewer's place in the waiting list: those queued before them, and them (same index, ordered by
 * queued_at then member id, as promotion takes them).
 */
const myWaitlistPosition = sql<number | null>`case when ${mine.status} = 'waitlisted' then (
  select count(*)::int from ${eventRsvps}
  where ${eventRsvps.eventId} = ${events.id} and ${eventRsvps.status} = 'waitlisted'
    and (${eventRsvps.queuedAt}, ${eventRsvps.userId}) <= (${mine.queuedAt}, ${mine.userId})) end`;

export type EventCardRow = Awaited<ReturnType<typeof selectEventCardRows>>[number];

/**
 * Events with, in the same statement, the viewer's RSVP and each event's waiting-list count and the
 * viewer's position in it: one query for a whole page, never one per card.
 */
export function selectEventCardRows(
  db: Db,
  viewerId: string,
  {
    where,
    orderBy = [asc(events.dateTime), asc(events.id)],
    limit,
  }: { where: SQL; orderBy?: SQL[]; limit: number },
) {
  return db
    .select({
      event: getTableColumns(events),
      myStatus: mine.status,
      myCheckedInAt: mine.checkedInAt,
      myFreakoffMode: mine.freakoffMode,
      myWaitlistPosition,
      waitlistCount,
    })
    .from(events)
    .leftJoin(mine, and(eq(mine.eventId, events.id), eq(mine.userId, viewerId)))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
}

export function viewerRsvpOf(row: EventCardRow): ViewerRsvp | null {
  if (row.myStatus === null) return null;
  return {
    status: row.myStatus,
    checkedInAt: row.myCheckedInAt,
    freakoffMode: row.myFreakoffMode,
    waitlistPosition: row.myWaitlistPosition,
  };
}

export function presentCardRow(row: EventCardRow, viewer: MemberActor, now: Date): EventCard {
  return presentEventCard(row.event, {
    viewer,
    rsvp: viewerRsvpOf(row),
    waitlistCount: row.waitlistCount,
    now,
  });
}

/** One event as the viewer sees it, read in `db` (a transaction sees its own writes). */
export async function eventCardFor(db: Db, viewer: MemberActor, eventId: string, now = new Date()) {
  const [row] = await selectEventCardRows(db, viewer.id, { where: eq(events.id, eventId), limit: 1 });
  return row ? presentCardRow(row, viewer, now) : null;
}
