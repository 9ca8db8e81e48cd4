import { CalendarDays, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusPanel } from '@/components/ui/status-panel';
import { useCurrentMember } from '@/features/auth';
import { errorMessage } from '@/lib/api';
import { paths } from '@/lib/paths';
import { useEvents } from '../api/events';
import { EventCard } from './event-card';
import { PartyManagement } from './party-management';

export const EVENTS_LOAD_FAILED_TEXT = 'Failed to load events';
export const NO_EVENTS_TEXT = 'No upcoming events';

const GRID = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';

export function AddEventButton() {
  return (
    <Button asChild variant="gold">
      <Link to={paths.eventNew}>
        <Plus aria-hidden="true" className="size-4" />
        Add Event
      </Link>
    </Button>
  );
}

/**
 * /events: "Exclusive Events", soonest first, a page at a time. Admins and promoters (the server's
 * create_parties capability, mirrored in `me`) also get Add Event and, on each card, the edit icon.
 */
export function EventsScreen() {
  const me = useCurrentMember();
  const canManage = me.capabilities.can_create_parties;
  const events = useEvents();
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    // The member column's width like every member page (decision 043): cards two abreast from sm,
    // three from xl.
    <div className="flex flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="font-display text-3xl text-foreground">Exclusive Events</h1>
          <p className="text-muted-foreground text-sm">
            Private evenings for the Royal Circle. RSVP to get your ticket.
          </p>
        </div>
        {canManage && <AddEventButton />}
      </header>

      {canManage && <PartyManagement />}

      {events.isPending ? (
        <div role="status" className={GRID}>
          <span className="sr-only">Loading events...</span>
          <Skeleton className="h-96 rounded-3xl" />
          <Skeleton className="h-96 rounded-3xl max-sm:hidden" />
          <Skeleton className="h-96 rounded-3xl max-xl:hidden" />
        </div>
      ) : events.isError && items.length === 0 ? (
        <LoadErrorPanel
          title={EVENTS_LOAD_FAILED_TEXT}
          message={errorMessage(events.error)}
          onRetry={() => void events.refetch()}
          retrying={events.isFetching}
        />
      ) : items.length === 0 ? (
        <StatusPanel
          Icon={CalendarDays}
          tone="royal"
          title={NO_EVENTS_TEXT}
          description="New evenings are announced here first. Check back soon."
        >
          {canManage && <AddEventButton />}
        </StatusPanel>
      ) : (
        <>
          <ul aria-label="Events" className={GRID}>
            {items.map((event) => (
              <li key={event.id} className="flex">
                <EventCard event={event} />
              </li>
            ))}
          </ul>
          {events.isFetchNextPageError && (
            <p role="alert" className="text-center text-rose-700 text-sm dark:text-rose-300">
              {errorMessage(events.error)}
            </p>
          )}
          {events.hasNextPage && (
            <Button
              variant="outline"
              className="self-center"
              disabled={events.isFetchingNextPage}
              onClick={() => void events.fetchNextPage()}
            >
              {events.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
