import { AppError, ErrorCode, isEventOpenForRsvp, type RsvpReply } from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { eventRsvps } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import { loadEvent } from './find-event';
import { notifyAboutEvent } from './notices';
import { eventTimes } from './presenter';
import { cardOf } from './rsvp';
import { freeSeat, promoteWaitlisted } from './seats';

/** Why a member who has arrived cannot give their place back. */
export const CHECKED_IN_CANCEL_TEXT = 'You have already checked in to this event';

/**
 * Gives the member's place back. A seat freed goes to the first on the waiting list in the same
 * transaction (they are notified); a waiting-list place just ends. Without a place nothing changes.
 * A member already checked in cannot cancel (409).
 */
export async function cancelRsvp(
  ctx: AppContext,
  { actor, eventId, now = new Date() }: { actor: MemberActor; eventId: string; now?: Date },
): Promise<RsvpReply> {
  return ctx.transact(async (work) => {
    const { tx } = work;
    const event = await loadEvent({ db: tx }, eventId);
    const mine = and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, actor.id));
    const [current] = await tx
      .select({ status: eventRsvps.status })
      .from(eventRsvps)
      .where(mine)
      .for('update');
    if (!current || current.status === 'cancelled') return { event: await cardOf(tx, actor, eventId, now) };
    if (current.status === 'checked_in') throw new AppError(ErrorCode.CONFLICT, CHECKED_IN_CANCEL_TEXT);
    // Whatever their tier or blocks now, a member may give a place back until the event closes.
    if (!isEventOpenForRsvp(eventTimes(event), now)) throw new AppError(ErrorCode.EVENT_CLOSED);

    await tx.update(eventRsvps).set({ status: 'cancelled' }).where(mine);
    if (current.status === 'going') {
      await freeSeat(tx, eventId);
      const promoted = await promoteWaitlisted(tx, eventId);
      await notifyAboutEvent(work, 'promoted', event, promoted);
    }
    return { event: await cardOf(tx, actor, eventId, now) };
  });
}
