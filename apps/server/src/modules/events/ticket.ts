import { AppError, ErrorCode, type EventTicket } from '@royal/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { eventRsvps } from '../../db/schema';
import { qrSvg } from '../../lib/qr-svg';
import type { MemberActor } from '../../ports/auth';
import { type EventRow, loadEvent } from './find-event';
import { ticketCode } from './ticket-code';

export const NO_TICKET_TEXT = 'You have no ticket for this event';

export type TicketHolding = {
  event: EventRow;
  rsvp: { status: 'going' | 'checked_in'; checkedInAt: Date | null; ticketNonce: string };
};

/**
 * The event and the member's own place at it, when it admits them: going or checked in, at an event
 * that is not cancelled. Anyone else (no RSVP, waiting list, cancelled) has no ticket: 404.
 */
export async function loadTicketHolding(
  ctx: AppContext,
  { actor, eventId }: { actor: MemberActor; eventId: string },
): Promise<TicketHolding> {
  const event = await loadEvent(ctx, eventId);
  const [rsvp] = await ctx.db
    .select({
      status: eventRsvps.status,
      checkedInAt: eventRsvps.checkedInAt,
      ticketNonce: eventRsvps.ticketNonce,
    })
    .from(eventRsvps)
    .where(
      and(
        eq(eventRsvps.eventId, eventId),
        eq(eventRsvps.userId, actor.id),
        inArray(eventRsvps.status, ['going', 'checked_in']),
      ),
    )
    .limit(1);
  if (!rsvp || event.status === 'cancelled') throw new AppError(ErrorCode.NOT_FOUND, NO_TICKET_TEXT);
  return { event, rsvp: { ...rsvp, status: rsvp.status as 'going' | 'checked_in' } };
}

/** GET /events/:id/ticket: the member's signed code, drawn as a QR image for the door's scanner. */
export async function getEventTicket(
  ctx: AppContext,
  input: { actor: MemberActor; eventId: string },
): Promise<EventTicket> {
  const { event, rsvp } = await loadTicketHolding(ctx, input);
  const code = ticketCode(ctx.secrets.eventTickets, {
    eventId: event.id,
    userId: input.actor.id,
    nonce: rsvp.ticketNonce,
  });
  const svg = await qrSvg(code);
  return {
    event_id: event.id,
    code,
    qr_svg: svg,
    status: rsvp.status,
    checked_in_at: rsvp.checkedInAt?.toISOString() ?? null,
  };
}
