import { EVENT_DRESS_CODE_LABELS, type EventCard } from '@royal/shared';
import {
  ArrowLeft,
  CalendarDays,
  ExternalLink,
  MapPin,
  Moon,
  Pencil,
  ScanLine,
  Shirt,
  Sparkles,
  Ticket,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { eventCheckInPath, eventEditPath, paths } from '@/lib/paths';
import { canRsvpTo, freakoffChoicePending, hasTicket } from '../event-state';
import { CancelRsvpButton } from './cancel-rsvp-dialog';
import { EventStatusBadge, FreakoffActiveBadge, RsvpBadge } from './event-badges';
import { EventPhotos } from './event-photos';
import { EventTicket } from './event-ticket';
import { EventWhen } from './event-when';
import { FreakoffPrompt } from './freakoff-prompt';
import { GuestList } from './guest-list';
import { RsvpButton } from './rsvp-button';
import { TierList } from './tier-list';

/** Google Maps' search for the place, which opens the app on a phone and the site elsewhere. */
export function mapLink(event: Pick<EventCard, 'venue' | 'address' | 'city'>): string {
  const query = [event.venue, event.address, event.city].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

function Fact({ Icon, label, children }: { Icon: typeof MapPin; label: string; children: ReactNode }) {
  // The icon sits inside the <dt> (a <dl>'s groups may hold only <dt> and <dd>), drawn beside both.
  return (
    <div className="relative min-h-9 pl-12">
      <dt className="font-semibold text-muted-foreground text-xs uppercase tracking-wider">
        <span
          aria-hidden="true"
          className="absolute top-0 left-0 flex size-9 items-center justify-center rounded-xl bg-surface-muted text-primary dark:text-gold-300"
        >
          <Icon className="size-4.5" />
        </span>
        {label}
      </dt>
      <dd className="min-w-0 text-foreground text-sm">{children}</dd>
    </div>
  );
}

/** /events/:id: everything about one event, the member's RSVP and ticket, and the Freakoff choice. */
export function EventDetails({ event }: { event: EventCard }) {
  const rsvp = event.my_rsvp;
  const ticket = hasTicket(event);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center justify-between gap-3">
        <Link
          to={paths.events}
          className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-full px-2 font-semibold text-muted-foreground text-sm transition hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Events
        </Link>
        {event.can_manage && (
          <div className="flex flex-wrap justify-end gap-2">
            <Button asChild variant="outline">
              <Link to={eventCheckInPath(event.id)}>
                <ScanLine aria-hidden="true" className="size-4" />
                Check-in
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={eventEditPath(event.id)}>
                <Pencil aria-hidden="true" className="size-4" />
                Edit Event
              </Link>
            </Button>
          </div>
        )}
      </div>

      <EventPhotos photos={event.photos} name={event.name} venue={event.venue} />

      {/*
        From lg, the details and the guest list on the left and the member's place (RSVP, ticket,
        Freakoff) beside them; on a phone the member's place comes before the guest list, so the
        ticket is at hand at the door.
      */}
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-5 lg:col-start-1 lg:row-start-1">
          <header className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-1.5">
              <EventStatusBadge status={event.status} />
              {rsvp && <RsvpBadge rsvp={rsvp} />}
              {rsvp?.freakoff_mode === 'freakoff' && <FreakoffActiveBadge />}
            </div>
            <h1 className="font-display text-3xl text-foreground leading-tight sm:text-4xl">{event.name}</h1>
          </header>

          {/* The night's question comes first: it is asked at 2 AM, at the party, on a phone. */}
          {freakoffChoicePending(event) && <FreakoffPrompt eventId={event.id} />}

          {event.description && (
            <section aria-labelledby="event-about-title" className="flex flex-col gap-2">
              <h2 id="event-about-title" className="sr-only">
                About
              </h2>
              <p className="max-w-measure whitespace-pre-line text-foreground">{event.description}</p>
            </section>
          )}

          <section
            aria-labelledby="event-facts-title"
            className="rounded-3xl border border-border bg-surface p-4 sm:p-5"
          >
            <h2 id="event-facts-title" className="mb-4 font-display text-foreground text-xl">
              Event Details
            </h2>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Fact Icon={CalendarDays} label="Date and time">
                <EventWhen event={event} />
              </Fact>
              <Fact Icon={MapPin} label="Venue">
                <span className="flex flex-col">
                  <span className="font-semibold">{event.venue}</span>
                  {event.address && <span>{event.address}</span>}
                  <span className="text-muted-foreground">{event.city}</span>
                  <a
                    href={mapLink(event)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-1 inline-flex min-h-11 items-center gap-1 self-start font-semibold text-primary underline-offset-2 hover:underline dark:text-gold-300"
                  >
                    Open in Maps
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </span>
              </Fact>
              <Fact Icon={Users} label="Guests">
                <span className="tabular-nums">
                  {event.guests_count}/{event.max_guests}
                </span>{' '}
                attending
                {event.waitlist_count > 0 && (
                  <span className="text-muted-foreground"> · {event.waitlist_count} waiting</span>
                )}
              </Fact>
              <Fact Icon={Shirt} label="Dress code">
                {EVENT_DRESS_CODE_LABELS[event.dress_code]}
              </Fact>
              <Fact Icon={Sparkles} label="Tiers">
                <TierList tiers={event.tiers_required} />
              </Fact>
              {event.freakoff_enabled && event.freakoff_start_time && (
                <Fact Icon={Moon} label="Freakoff">
                  <EventWhen event={event} at={event.freakoff_start_time} />
                  <span className="text-muted-foreground text-xs">Exclusive after-hours experience</span>
                </Fact>
              )}
            </dl>
          </section>
        </div>

        <div className="flex flex-col gap-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <RsvpPanel event={event} />
          {ticket && <EventTicket event={event} />}
        </div>

        {(ticket || event.can_manage) && (
          <div className="min-w-0 lg:col-start-1 lg:row-start-2">
            <GuestList eventId={event.id} />
          </div>
        )}
      </div>
    </div>
  );
}

function RsvpPanel({ event }: { event: EventCard }) {
  const rsvp = event.my_rsvp;
  const closed = event.status === 'cancelled' || event.status === 'ended';
  let text: string;
  if (event.status === 'cancelled') text = 'This event has been cancelled.';
  else if (event.status === 'ended') text = 'This event has ended.';
  else if (!rsvp)
    text =
      event.guests_count >= event.max_guests
        ? 'This event is full: RSVP to join the waiting list.'
        : 'Seats are limited. RSVP to get your ticket.';
  else if (rsvp.status === 'waitlisted')
    text = `You are #${rsvp.waitlist_position ?? 1} on the waiting list. We'll let you know when a seat opens.`;
  else if (rsvp.status === 'checked_in') text = 'You are checked in. Enjoy the evening.';
  else text = 'You are going. Your ticket is below.';
  return (
    <section
      aria-labelledby="event-rsvp-title"
      className="flex flex-col gap-3 rounded-3xl border border-border bg-surface p-4 sm:p-5"
    >
      <h2 id="event-rsvp-title" className="flex items-center gap-2 font-display text-foreground text-xl">
        <Ticket aria-hidden="true" className="size-5 text-primary dark:text-gold-300" />
        RSVP
      </h2>
      <p className="text-muted-foreground text-sm">{text}</p>
      {canRsvpTo(event) && <RsvpButton event={event} className="w-full" />}
      {rsvp && rsvp.status !== 'checked_in' && !closed && <CancelRsvpButton event={event} />}
    </section>
  );
}
