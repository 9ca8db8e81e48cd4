import type { EventCard } from '@royal/shared';

// What the member's place at an event allows, read from the card the server sent (it decides the
// status from the clock and the member's RSVP; these only say what to show).

/** The member can still RSVP: not yet placed, not locked, not cancelled or over. */
export function canRsvpTo(event: EventCard): boolean {
  return !event.locked && event.my_rsvp === null && event.status !== 'cancelled' && event.status !== 'ended';
}

/** The member holds a ticket: going, or already through the door. */
export function hasTicket(event: EventCard): boolean {
  return event.my_rsvp?.status === 'going' || event.my_rsvp?.status === 'checked_in';
}

/** The spec's Freakoff choice applies: Freakoff has opened, the member is in, and has not chosen. */
export function freakoffChoicePending(event: EventCard): boolean {
  return (
    event.status === 'freakoff' &&
    event.my_rsvp?.status === 'checked_in' &&
    event.my_rsvp.freakoff_mode === null
  );
}
