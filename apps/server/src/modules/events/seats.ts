import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventRsvps, events } from '../../db/schema';

/**
 * Takes one seat if one is free: a single conditional UPDATE of guests_count. Its row lock makes
 * concurrent RSVPs wait for each other, and each re-reads the count once it gets the row, so 200
 * members racing for 100 seats get exactly 100 (decision 058). True when a seat was taken.
 */
export async function takeSeat(tx: Db, eventId: string): Promise<boolean> {
  const taken = await tx
    .update(events)
    .set({ guestsCount: sql`${events.guestsCount} + 1` })
    .where(and(eq(events.id, eventId), sql`${events.guestsCount} < ${events.maxGuests}`))
    .returning({ id: events.id });
  return taken.length > 0;
}

/** Gives a seat back (a guest cancelled). */
export async function freeSeat(tx: Db, eventId: string): Promise<void> {
  await tx
    .update(events)
    .set({ guestsCount: sql`${events.guestsCount} - 1` })
    .where(eq(events.id, eventId));
}

/**
 * Fills the free seats from the waiting list, first queued first (queued_at, then member id), in the
 * caller's transaction, after a cancel or a raised max_guests. Returns the members promoted, in order.
 */
export async function promoteWaitlisted(tx: Db, eventId: string): Promise<string[]> {
  const [seats] = await tx
    .select({ free: sql<number>`${events.maxGuests} - ${events.guestsCount}` })
    .from(events)
    .where(eq(events.id, eventId))
    .for('update');
  const free = seats?.free ?? 0;
  if (free <= 0) return [];
  const next = await tx
    .select({ userId: eventRsvps.userId })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, 'waitlisted')))
    .orderBy(asc(eventRsvps.queuedAt), asc(eventRsvps.userId))
    .limit(free)
    .for('update');
  if (next.length === 0) return [];
  const promoted = await tx
    .update(eventRsvps)
    .set({ status: 'going' })
    .where(
      and(
        eq(eventRsvps.eventId, eventId),
        eq(eventRsvps.status, 'waitlisted'),
        inArray(
          eventRsvps.userId,
          next.map((n) => n.userId),
        ),
      ),
    )
    .returning({ userId: eventRsvps.userId });
  if (promoted.length === 0) return [];
  await tx
    .update(events)
    .set({ guestsCount: sql`${events.guestsCount} + ${promoted.length}` })
    .where(eq(events.id, eventId));
  const order = new Map(next.map((n, i) => [n.userId, i]));
  return promoted.map((p) => p.userId).sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}
