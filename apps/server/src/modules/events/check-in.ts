import { AppError, type CheckInReply, ErrorCode, type TierLevel } from '@royal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { eventRsvps, profiles } from '../../db/schema';
import { photoUrl } from '../photos';
import { loadEvent } from './find-event';
import { parseTicketCode, ticketMacMatches } from './ticket-code';

const invalid = () => new AppError(ErrorCode.TICKET_INVALID);

/** The guest as the door sees them: name, face and tier, to match the person in front of it. */
export const doorGuestColumns = {
  id: profiles.userId,
  name: profiles.name,
  tier: profiles.tierLevel,
  avatarId: sql<string | null>`${profiles.photoIds}[1]`,
};

export function presentDoorGuest(row: { id: string; name: string; tier: number; avatarId: string | null }) {
  return {
    id: row.id,
    name: row.name,
    avatar_url: row.avatarId ? photoUrl(row.avatarId, 'face') : null,
    tier: row.tier as TierLevel,
  };
}

/**
 * POST /events/:id/check-in (managers): admits the holder of a ticket code. The code must be signed
 * for this event and the member whose RSVP carries its nonce, and that RSVP must stand (going or
 * already checked in); anything else is TICKET_INVALID, the same answer whatever was wrong. The first
 * arrival is recorded by one conditional UPDATE (status going → checked_in): of two scanners reading
 * the same code at once, one records it and the other finds it recorded, and both answer with the
 * first arrival's time.
 */
export async function checkInGuest(
  ctx: AppContext,
  { eventId, code, now = new Date() }: { eventId: string; code: string; now?: Date },
): Promise<CheckInReply> {
  const event = await loadEvent(ctx, eventId);
  const parsed = parseTicketCode(code);
  if (!parsed || event.status === 'cancelled') throw invalid();
  // The nonce's unique index finds the RSVP; it must be this event's.
  const [holder] = await ctx.db
    .select({ ...doorGuestColumns, status: eventRsvps.status })
    .from(eventRsvps)
    .innerJoin(profiles, eq(profiles.userId, eventRsvps.userId))
    .where(and(eq(eventRsvps.ticketNonce, parsed.nonce), eq(eventRsvps.eventId, event.id)))
    .limit(1);
  if (!holder || (holder.status !== 'going' && holder.status !== 'checked_in')) throw invalid();
  const signedFor = { eventId: event.id, userId: holder.id, nonce: parsed.nonce };
  if (!ticketMacMatches(ctx.secrets.eventTickets, parsed.mac, signedFor)) throw invalid();

  const [arrived] = await ctx.db
    .update(eventRsvps)
    .set({ status: 'checked_in', checkedInAt: now })
    .where(
      and(
        eq(eventRsvps.eventId, event.id),
        eq(eventRsvps.userId, holder.id),
        eq(eventRsvps.ticketNonce, parsed.nonce),
        eq(eventRsvps.status, 'going'),
      ),
    )
    .returning({ checkedInAt: eventRsvps.checkedInAt });
  if (arrived?.checkedInAt) {
    return {
      guest: presentDoorGuest(holder),
      checked_in_at: arrived.checkedInAt.toISOString(),
      already_checked_in: false,
    };
  }
  // Not going any more: checked in already (a repeat scan, or the other scanner won), or cancelled
  // since the code was read.
  const [first] = await ctx.db
    .select({ status: eventRsvps.status, checkedInAt: eventRsvps.checkedInAt })
    .from(eventRsvps)
    .where(
      and(
        eq(eventRsvps.eventId, event.id),
        eq(eventRsvps.userId, holder.id),
        eq(eventRsvps.ticketNonce, parsed.nonce),
      ),
    )
    .limit(1);
  if (first?.status !== 'checked_in' || !first.checkedInAt) throw invalid();
  return {
    guest: presentDoorGuest(holder),
    checked_in_at: first.checkedInAt.toISOString(),
    already_checked_in: true,
  };
}
