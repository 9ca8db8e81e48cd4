import { AppError, ErrorCode, isEventOpenForRsvp, type RsvpReply } from '@royal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { eventRsvps } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import { noBlockBetween } from '../members';
import { type EventRow, loadEvent, tierAdmits, tierRequiredError } from './find-event';
import { notifyAboutEvent } from './notices';
import { eventTimes } from './presenter';
import { eventCardFor } from './queries';
import { takeSeat } from './seats';

/** A block either way between the member and the event's host (who created it). */
export async function blockedWithHost(db: Db, memberId: string, event: Pick<EventRow, 'createdBy'>) {
  if (!event.createdBy || event.createdBy === memberId) return false;
  const [row] = await db
    .execute<{ clear: boolean }>(
      sql`select ${noBlockBetween(sql`${memberId}::uuid`, sql`${event.createdBy}::uuid`)} as clear`,
    )
    .then((r) => r.rows);
  return row?.clear !== true;
}

/**
 * Whether the member may take or give back a place: their own tier among those required (managers
 * too: a role grants no seat), no block with the host, and the event neither cancelled nor ended.
 */
export async function requireRsvpAllowed(db: Db, actor: MemberActor, event: EventRow, now: Date) {
  if (!tierAdmits(actor, event)) throw tierRequiredError(event);
  if (await blockedWithHost(db, actor.id, event)) throw new AppError(ErrorCode.FORBIDDEN);
  if (!isEventOpenForRsvp(eventTimes(event), now)) throw new AppError(ErrorCode.EVENT_CLOSED);
}

/**
 * RSVP (decision 058): a seat if one is free, taken by one conditional UPDATE of guests_count in this
 * transaction, else a place on the waiting list. Asking again while holding a place changes nothing
 * and answers with it; a new RSVP after a cancel gets a new ticket nonce (old codes stop matching)
 * and a new place in the queue. One transaction; the member's RSVP row is locked first, so the same
 * member's concurrent requests take turns.
 */
export async function rsvpToEvent(
  ctx: AppContext,
  { actor, eventId, now = new Date() }: { actor: MemberActor; eventId: string; now?: Date },
): Promise<RsvpReply> {
  return ctx.transact(async (work) => {
    const { tx } = work;
    const event = await loadEvent({ db: tx }, eventId);
    await requireRsvpAllowed(tx, actor, event, now);

    // A row to lock (a fresh one starts cancelled: no place yet), then the member's current state.
    await tx
      .insert(eventRsvps)
      .values({ eventId, userId: actor.id, status: 'cancelled' })
      .onConflictDoNothing();
    const [current] = await tx
      .select({ status: eventRsvps.status })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, actor.id)))
      .for('update');

    if (current && current.status !== 'cancelled') {
      return { event: await cardOf(tx, actor, eventId, now) };
    }

    const seated = await takeSeat(tx, eventId);
    await tx
      .update(eventRsvps)
      .set({
        status: seated ? 'going' : 'waitlisted',
        queuedAt: sql`clock_timestamp()`,
        ticketNonce: sql`replace(gen_random_uuid()::text, '-', '')`,
        checkedInAt: null,
        freakoffMode: null,
        afterDarkPassId: null,
      })
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, actor.id)));
    if (seated) await notifyAboutEvent(work, 'confirmed', event, [actor.id]);
    return { event: await cardOf(tx, actor, eventId, now) };
  });
}

export async function cardOf(db: Db, actor: MemberActor, eventId: string, now: Date) {
  const card = await eventCardFor(db, actor, eventId, now);
  if (!card) throw new AppError(ErrorCode.EVENT_NOT_FOUND);
  return card;
}
