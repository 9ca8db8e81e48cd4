import { AppError, ErrorCode, type EventGuests, type TierLevel } from '@royal/shared';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { eventRsvps, photos, profiles } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import { noBlockBetween, notSuspended, photoSizesFor } from '../members';
import { photoUrl } from '../photos';
import { isEventManager, loadEvent } from './find-event';

/** Whom the guest list is for: those holding a ticket (going or arrived), and managers. */
export const GUESTS_FOR_TICKET_HOLDERS_TEXT = 'Only guests with a ticket can see who else is going';

/**
 * The other guests (going or checked in). A member blocked either way with the viewer is left out
 * entirely; one in ghost mode or incognito is counted in hidden_count, never named. No e-mail, no
 * location. One statement for the list (the blocks are exact lookups of user_blocks_pair_key).
 */
export async function listEventGuests(
  ctx: AppContext,
  { viewer, eventId }: { viewer: MemberActor; eventId: string },
): Promise<EventGuests> {
  const event = await loadEvent(ctx, eventId);
  if (!isEventManager(viewer)) {
    const [ticket] = await ctx.db
      .select({ status: eventRsvps.status })
      .from(eventRsvps)
      .where(
        and(
          eq(eventRsvps.eventId, event.id),
          eq(eventRsvps.userId, viewer.id),
          inArray(eventRsvps.status, ['going', 'checked_in']),
        ),
      );
    if (!ticket) throw new AppError(ErrorCode.FORBIDDEN, GUESTS_FOR_TICKET_HOLDERS_TEXT);
  }

  const avatarId = sql<string | null>`(select ${photos.id} from ${photos}
    where ${photos.userId} = ${profiles.userId} and ${photos.status} = 'approved'
    order by ${photos.position} limit 1)`;
  const rows = await ctx.db
    .select({
      id: profiles.userId,
      name: profiles.name,
      tier: profiles.tierLevel,
      verified: profiles.verified,
      status: eventRsvps.status,
      hidden: sql<boolean>`(${profiles.ghostMode} or ${profiles.incognitoMode})`,
      avatarId,
    })
    .from(eventRsvps)
    .innerJoin(profiles, eq(profiles.userId, eventRsvps.userId))
    .where(
      and(
        eq(eventRsvps.eventId, event.id),
        inArray(eventRsvps.status, ['going', 'checked_in']),
        ne(eventRsvps.userId, viewer.id),
        noBlockBetween(viewer.id, eventRsvps.userId),
        notSuspended,
      ),
    )
    .orderBy(asc(eventRsvps.queuedAt), asc(eventRsvps.userId));

  const shown = rows.filter((r) => !r.hidden);
  return {
    items: shown.map((r) => ({
      id: r.id,
      name: r.name,
      avatar_url: r.avatarId
        ? photoUrl(r.avatarId, photoSizesFor(r.tier, viewer.tier as TierLevel).avatar)
        : null,
      tier: r.tier as TierLevel,
      verified: r.verified,
      checked_in: r.status === 'checked_in',
    })),
    hidden_count: rows.length - shown.length,
  };
}
