import { AppError, ErrorCode, type EventCard, eventTierRequiredMessage } from '@royal/shared';
import type { AppContext } from '../../context';
import type { MemberActor } from '../../ports/auth';
import { eventCardFor } from './queries';

/**
 * One event's details: 404 when unknown, 403 "Tier N+ Required" when the viewer's tier is not allowed
 * (the card says so itself: `locked` is requireEventAccess's rule). One statement.
 */
export async function getEvent(
  ctx: AppContext,
  { viewer, eventId, now = new Date() }: { viewer: MemberActor; eventId: string; now?: Date },
): Promise<EventCard> {
  const card = await eventCardFor(ctx.db, viewer, eventId, now);
  if (!card) throw new AppError(ErrorCode.EVENT_NOT_FOUND);
  if (card.locked) throw new AppError(ErrorCode.TIER_REQUIRED, eventTierRequiredMessage(card.lowest_tier));
  return card;
}
