import { EVENT_DRESS_CODE_LABELS, EVENT_FREAKOFF_NOTE, type EventCard as Event } from '@royal/shared';
import { CalendarDays, Flame, Lock, MapPin, Moon, Pencil, Shirt, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { eventDetailsPath, eventEditPath, paths } from '@/lib/paths';
import { canRsvpTo, freakoffChoicePending } from '../event-state';
import { EventStatusBadge, FreakoffActiveBadge, RsvpBadge } from './event-badges';
import { EventWhen } from './event-when';
import { RsvpButton } from './rsvp-button';
import { TierList } from './tier-list';

export const tierRequiredText = (tier: number) => `Tier ${tier}+ Required`;

function Fact({ Icon, label, children }: { Icon: typeof MapPin; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2 text-sm">
      <dt className="mt-0.5 shrink-0 text-muted-foreground">
        <Icon aria-hidden="true" className="size-4" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 text-foreground">{children}</dd>
    </div>
  );
}

/**
 * One event in the list (spec part 2 §2, "Exclusive Events"). A card the member's tier does not
 * admit is dimmed, says what it needs and offers the upgrade instead of the RSVP; a manager's card
 * has the edit icon.
 */
export function EventCard({ event }: { event: Event }) {
  const titleId = `event-${event.id}-title`;
  const rsvp = event.my_rsvp;
  return (
    <article
      aria-labelledby={titleId}
      data-locked={event.locked || undefined}
      className={cn(
        'relative flex w-full flex-col gap-4 overflow-hidden rounded-3xl border border-border bg-surface p-4 shadow-[0_16px_40px_-28px_rgba(44,20,80,0.55)] sm:p-5',
        // Dimmed without lowering the text's contrast (an opacity would): greyed, on the muted
        // ground, with a dashed edge.
        event.locked && 'border-dashed bg-surface-muted shadow-none grayscale',
      )}
    >
      {/* A gold hairline along the top edge. */}
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-1 bg-gradient-to-r from-royal-500 via-gold-400 to-royal-500"
      />
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-wrap items-center gap-1.5">
          <EventStatusBadge status={event.status} />
          {rsvp && <RsvpBadge rsvp={rsvp} />}
          {rsvp?.freakoff_mode === 'freakoff' && <FreakoffActiveBadge />}
        </div>
        {event.can_manage && (
          <Link
            to={eventEditPath(event.id)}
            aria-label={`Edit ${event.name}`}
            className="-mt-1.5 -mr-1.5 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground transition hover:bg-surface-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Pencil aria-hidden="true" className="size-4.5" />
          </Link>
        )}
      </div>

      <div className="flex flex-col gap-1.5">
        <h2 id={titleId} className="font-display text-2xl text-foreground leading-tight">
          {event.name}
        </h2>
        {event.description && (
          <p className="line-clamp-3 text-muted-foreground text-sm">{event.description}</p>
        )}
      </div>

      <dl className="flex flex-col gap-2">
        <Fact Icon={CalendarDays} label="Date">
          <EventWhen event={event} />
        </Fact>
        <Fact Icon={MapPin} label="Venue">
          {event.venue} · {event.city}
        </Fact>
        <Fact Icon={Users} label="Attending">
          <span className="tabular-nums">
            {event.guests_count}/{event.max_guests}
          </span>{' '}
          attending
        </Fact>
        <Fact Icon={Shirt} label="Dress code">
          {EVENT_DRESS_CODE_LABELS[event.dress_code]}
        </Fact>
      </dl>

      <TierList tiers={event.tiers_required} />

      {event.freakoff_enabled && (
        <p className="flex items-center gap-2 rounded-2xl bg-royal-950 px-3 py-2 text-gold-200 text-sm ring-1 ring-gold-400/40">
          <Moon aria-hidden="true" className="size-4 shrink-0" />
          {EVENT_FREAKOFF_NOTE}
        </p>
      )}

      {freakoffChoicePending(event) && (
        // The spec's after-2-AM offer on the card; the choice itself is made on the event's page.
        <Link
          to={eventDetailsPath(event.id)}
          className="flex min-h-11 items-center justify-center gap-2 rounded-2xl bg-gradient-to-r from-fuchsia-800 via-royal-800 to-royal-950 px-3 font-semibold text-gold-100 text-sm ring-1 ring-fuchsia-400/60 transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Flame aria-hidden="true" className="size-4" />
          Enter Freakoff Mode?
        </Link>
      )}

      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        {event.locked ? (
          <Button asChild variant="outline" className="w-full">
            <Link to={paths.subscription}>
              <Lock aria-hidden="true" className="size-4" />
              {tierRequiredText(event.lowest_tier)}
            </Link>
          </Button>
        ) : (
          <>
            {canRsvpTo(event) && <RsvpButton event={event} className="flex-1" />}
            <Button asChild variant="outline" className="flex-1">
              <Link to={eventDetailsPath(event.id)} aria-label={`View Details: ${event.name}`}>
                View Details
              </Link>
            </Button>
          </>
        )}
      </div>
    </article>
  );
}
