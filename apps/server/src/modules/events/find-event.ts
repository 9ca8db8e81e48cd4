import {
  AppError,
  canAttendEvent,
  canCreateParties,
  ErrorCode,
  eventTierRequiredMessage,
  lowestEventTier,
  type TierLevel,
} from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';

export type EventRow = typeof events.$inferSelect;

/**
 * The event with this id, or EVENT_NOT_FOUND. Pass a transaction as `ctx.db` to read it in one;
 * `forUpdate` locks the row until that transaction ends (a verb that changes the event or its seats).
 */
export async function loadEvent(
  ctx: { db: Db },
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<EventRow> {
  const query = ctx.db.select().from(events).where(eq(events.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError(ErrorCode.EVENT_NOT_FOUND);
  return row;
}

/** Admins and promoters: they create, edit, check guests in and bulk invite, whatever their tier. */
export function isEventManager(actor: MemberActor): boolean {
  return canCreateParties(actor.rules);
}

/** Whether the member's own tier lets them RSVP and attend (managers included: no free seat for a role). */
export function tierAdmits(actor: MemberActor, event: Pick<EventRow, 'tierRequired'>): boolean {
  return canAttendEvent(actor.tier, event.tierRequired);
}

/** The refusal for an event the member's tier does not allow: "Tier N+ Required". */
export function tierRequiredError(event: Pick<EventRow, 'tierRequired'>): AppError {
  return new AppError(
    ErrorCode.TIER_REQUIRED,
    eventTierRequiredMessage(lowestEventTier(event.tierRequired as TierLevel[])),
  );
}

/**
 * Whether the member may open this event's details: their tier is among those required, or they
 * manage events (they must see every event to run it). Throws 403 TIER_REQUIRED otherwise.
 */
export function requireEventAccess(actor: MemberActor, event: Pick<EventRow, 'tierRequired'>): void {
  if (isEventManager(actor) || tierAdmits(actor, event)) return;
  throw tierRequiredError(event);
}
