import {
  AppError,
  ErrorCode,
  type FreakoffChoiceReply,
  type FreakoffMode,
  freakoffIncludedInTier,
  hasPaidAccess,
  isFreakoffOpen,
} from '@royal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { boosts, eventRsvps } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import { loadEvent } from './find-event';
import { eventTimes } from './presenter';

/**
 * Uses one of the member's After Dark Passes: the oldest with something left, decremented in the
 * same statement that picks it (row locked, `remaining > 0` checked again on the locked row), so a
 * pass is never spent twice. Its id, or null when the member holds none.
 */
async function spendAfterDarkPass(tx: Db, userId: string): Promise<string | null> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    update ${boosts} set remaining = remaining - 1
    where ${boosts.id} = (
      select id from ${boosts}
      where user_id = ${userId} and boost_type = 'after_dark_pass' and remaining > 0
      order by created_at, id
      limit 1
      for update)
      and ${boosts.remaining} > 0
    returning ${boosts.id} as "id"`);
  return rows[0]?.id ?? null;
}

/**
 * POST /events/:id/freakoff: a checked-in guest's choice once Freakoff has opened (from its start in
 * the city's zone until the event ends: the shared `isFreakoffOpen`). Staying in Regular Mode is
 * always allowed then; entering Freakoff needs a tier that includes it or an After Dark Pass, spent
 * in this transaction and written on the RSVP, so it is used once and only for this event. The RSVP
 * row is locked first: two choices at once run one after the other, and the second sees the pass
 * the first wrote and spends nothing. `now` is the clock (tests move it).
 */
export async function chooseFreakoffMode(
  ctx: AppContext,
  {
    actor,
    eventId,
    mode,
    now = new Date(),
  }: { actor: MemberActor; eventId: string; mode: FreakoffMode; now?: Date },
): Promise<FreakoffChoiceReply> {
  return ctx.transact(async ({ tx }) => {
    const event = await loadEvent({ db: tx }, eventId);
    const [rsvp] = await tx
      .select({ status: eventRsvps.status, afterDarkPassId: eventRsvps.afterDarkPassId })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, event.id), eq(eventRsvps.userId, actor.id)))
      .for('update');
    if (rsvp?.status !== 'checked_in' || !isFreakoffOpen(eventTimes(event), now)) {
      throw new AppError(ErrorCode.FREAKOFF_NOT_OPEN);
    }
    let passUsed = false;
    let passId = rsvp.afterDarkPassId;
    // A tier includes Freakoff while it is paid for (or sponsored): a lapsed plan grants nothing.
    const included = freakoffIncludedInTier(actor.tier) && hasPaidAccess(actor.rules);
    if (mode === 'freakoff' && passId === null && !included) {
      passId = await spendAfterDarkPass(tx, actor.id);
      if (passId === null) throw new AppError(ErrorCode.AFTER_DARK_PASS_REQUIRED);
      passUsed = true;
    }
    await tx
      .update(eventRsvps)
      .set({ freakoffMode: mode, afterDarkPassId: passId })
      .where(and(eq(eventRsvps.eventId, event.id), eq(eventRsvps.userId, actor.id)));
    return { mode, pass_used: passUsed };
  });
}
