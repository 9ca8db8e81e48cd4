import type { EventCard } from '@royal/shared';
import { and, asc, count, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { eventPhotos, eventRsvps, events } from '../../db/schema';
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

/** The event's photo ids in order, in the outer query (event_photos_event_position_idx). */
const photoIds = sql<string[]>`coalesce((select array_agg(${eventPhotos.id} order by ${eventPhotos.position})
  from ${eventPhotos} where ${eventPhotos.eventId} = ${events.id}), '{}')`;

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
      photoIds,
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
    photoIds: row.photoIds,
    now,
  });
}

/** One event as the viewer sees it, read in `db` (a transaction sees its own writes). */
export async function eventCardFor(db: Db, viewer: MemberActor, eventId: string, now = new Date()) {
  const [row] = await selectEventCardRows(db, viewer.id, { where: eq(events.id, eventId), limit: 1 });
  return row ? presentCardRow(row, viewer, now) : null;
}

// Event photos (event-photos.ts). Changes to one event's photos lock the event row first (loadEvent
// with forUpdate), so the count and positions are read and written by one change at a time.

export type EventPhotoRow = typeof eventPhotos.$inferSelect;

/** The event's photos, cover first. */
export function selectEventPhotos(db: Db, eventId: string) {
  return db
    .select()
    .from(eventPhotos)
    .where(eq(eventPhotos.eventId, eventId))
    .orderBy(asc(eventPhotos.position), asc(eventPhotos.createdAt));
}

export async function countEventPhotos(db: Db, eventId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(eventPhotos).where(eq(eventPhotos.eventId, eventId));
  return row?.n ?? 0;
}

export async function insertEventPhoto(db: Db, values: typeof eventPhotos.$inferInsert) {
  const [row] = await db.insert(eventPhotos).values(values).returning();
  if (!row) throw new Error('event photo insert returned nothing');
  return row;
}

/** Deletes one photo of the event; its storage keys, or null when the event has no such photo. */
export async function deleteEventPhotoRow(db: Db, eventId: string, photoId: string) {
  const [gone] = await db
    .delete(eventPhotos)
    .where(and(eq(eventPhotos.id, photoId), eq(eventPhotos.eventId, eventId)))
    .returning({ keyLarge: eventPhotos.keyLarge, keySmall: eventPhotos.keySmall });
  return gone ?? null;
}

/** Rewrites the event's positions to 0…n-1 in their current order (after a delete). */
export async function compactEventPhotoPositions(db: Db, eventId: string) {
  await db.execute(sql`
    update ${eventPhotos} set position = ordered.rank - 1
    from (select id, row_number() over (order by position, created_at, id) as rank
          from ${eventPhotos} where event_id = ${eventId}) ordered
    where ${eventPhotos.id} = ordered.id and ${eventPhotos.position} <> ordered.rank - 1`);
}

/** One photo's storage keys, when it belongs to this event. */
export async function findEventPhotoKeys(db: Db, eventId: string, photoId: string) {
  const [row] = await db
    .select({ keyLarge: eventPhotos.keyLarge, keySmall: eventPhotos.keySmall })
    .from(eventPhotos)
    .where(and(eq(eventPhotos.id, photoId), eq(eventPhotos.eventId, eventId)))
    .limit(1);
  return row ?? null;
}

/** Every stored key of the event's photos (read before the event is deleted, removed after commit). */
export async function storedEventPhotoKeys(db: Db, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ keyLarge: eventPhotos.keyLarge, keySmall: eventPhotos.keySmall })
    .from(eventPhotos)
    .where(eq(eventPhotos.eventId, eventId));
  return rows.flatMap((row) => [row.keyLarge, row.keySmall]);
}
