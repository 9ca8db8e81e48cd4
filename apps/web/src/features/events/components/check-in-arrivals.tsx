import { groupedInteger } from '@royal/shared';
import { Users } from 'lucide-react';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { Spinner } from '@/components/ui/spinner';
import { TierBadge } from '@/components/ui/tier-badge';
import { useArrivals } from '../api/check-in';

/** "9:42 PM": an arrival's time on the event's clock (the door is in the event's city). */
export function arrivalTime(at: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(
    new Date(at),
  );
}

/** The door list: how many of the guests have arrived, and who, with the time each came in. */
export function CheckInArrivals({ eventId, timeZone }: { eventId: string; timeZone: string }) {
  const arrivals = useArrivals(eventId);
  return (
    <section
      aria-labelledby="door-list-title"
      className="flex flex-col gap-3 rounded-3xl border border-border bg-surface p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="door-list-title" className="flex items-center gap-2 font-display text-foreground text-xl">
          <Users aria-hidden="true" className="size-5 text-primary dark:text-gold-300" />
          Door list
        </h2>
        {arrivals.data && (
          <p className="text-foreground text-sm" data-testid="arrival-counts">
            <strong className="font-display text-2xl">{groupedInteger(arrivals.data.arrived_count)}</strong>{' '}
            of {groupedInteger(arrivals.data.guests_count)} arrived
          </p>
        )}
      </div>
      {arrivals.isPending && <Spinner label="Loading the door list..." className="py-6" />}
      {arrivals.isError && (
        <LoadErrorPanel
          title="Failed to load the door list"
          message={arrivals.error.message}
          onRetry={() => void arrivals.refetch()}
          retrying={arrivals.isFetching}
        />
      )}
      {arrivals.data && arrivals.data.items.length === 0 && (
        <p className="text-muted-foreground text-sm">No guests have a ticket yet.</p>
      )}
      {arrivals.data && arrivals.data.items.length > 0 && (
        <ul aria-label="Guests" className="flex flex-col divide-y divide-border">
          {arrivals.data.items.map((guest) => (
            <li key={guest.id} className="@container flex items-center gap-3 py-2">
              <MemberAvatar name={guest.name} src={guest.avatar_url} size="sm" decorative />
              <span className="min-w-0 flex-1 truncate font-semibold text-foreground">{guest.name}</span>
              <TierBadge tier={guest.tier} label="fit" />
              {guest.checked_in_at ? (
                <time
                  dateTime={guest.checked_in_at}
                  className="w-16 shrink-0 text-right text-emerald-700 text-sm dark:text-emerald-300"
                >
                  <span className="sr-only">arrived at </span>
                  {arrivalTime(guest.checked_in_at, timeZone)}
                </time>
              ) : (
                <span className="w-16 shrink-0 text-right text-muted-foreground text-sm">Expected</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
