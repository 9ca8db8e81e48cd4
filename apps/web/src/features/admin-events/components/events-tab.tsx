import type { EventCard } from '@royal/shared';
import { CalendarDays, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, useLocalSort } from '@/components/ui/data-table';
import {
  AddEventButton,
  DeleteEventButton,
  EVENTS_LOAD_FAILED_TEXT,
  EventStatusBadge,
  EventWhen,
  NO_EVENTS_TEXT,
  PartyManagement,
  TierList,
  useEvents,
} from '@/features/events';
import { errorMessage } from '@/lib/api';
import { eventEditPath } from '@/lib/paths';

type Column = 'name' | 'status' | 'date' | 'city' | 'attending' | 'tiers' | 'actions';

const COLUMNS: readonly DataTableColumn<EventCard, Column>[] = [
  {
    id: 'name',
    header: 'Event',
    rowHeader: true,
    sort: { value: (e) => e.name.toLowerCase() },
    cell: (e) => (
      <span className="flex flex-col">
        <span className="font-semibold text-foreground">{e.name}</span>
        <span className="text-muted-foreground text-xs">{e.venue}</span>
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    sort: { value: (e) => e.status },
    cell: (e) => <EventStatusBadge status={e.status} />,
  },
  {
    id: 'date',
    header: 'Date',
    sort: { value: (e) => e.date_time },
    cell: (e) => <EventWhen event={e} className="text-sm" />,
  },
  { id: 'city', header: 'City', sort: { value: (e) => e.city }, cell: (e) => e.city },
  {
    id: 'attending',
    header: 'Attending',
    align: 'end',
    sort: { first: 'desc', value: (e) => e.guests_count },
    cell: (e) => (
      <span className="flex flex-col items-end tabular-nums">
        <span>
          {e.guests_count} / {e.max_guests}
        </span>
        {e.waitlist_count > 0 && (
          <span className="text-muted-foreground text-xs">{e.waitlist_count} waiting</span>
        )}
      </span>
    ),
  },
  { id: 'tiers', header: 'Tiers', cell: (e) => <TierList tiers={e.tiers_required} /> },
  {
    id: 'actions',
    header: 'Actions',
    align: 'end',
    cell: (e) => (
      <span className="flex items-center justify-end gap-2">
        <Button asChild variant="outline">
          <Link to={eventEditPath(e.id)} aria-label={`Edit ${e.name}`}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Link>
        </Button>
        <DeleteEventButton eventId={e.id} name={e.name} stay />
      </span>
    ),
  },
];

/**
 * The admin dashboard's Events tab (issue 37): the events list for managers as a table, with each
 * event's edit form and delete (its guests are told it is cancelled), and the events feature's Party
 * Management widget (Bulk Invite, Create New Party, Check-in System). Every change is audited by the
 * server.
 */
export function EventsTab() {
  const events = useEvents();
  const items = events.data?.pages.flatMap((page) => page.items);
  const sorted = useLocalSort(items, COLUMNS, { key: 'date', direction: 'asc' });
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-display text-2xl text-foreground">Events</h2>
        <AddEventButton />
      </div>
      <PartyManagement />
      <DataTable
        caption="Events"
        columns={COLUMNS}
        rows={sorted.rows}
        sort={sorted.sort}
        onSortChange={sorted.onSortChange}
        rowKey={(e) => e.id}
        loadingLabel="Loading events..."
        empty={{
          title: NO_EVENTS_TEXT,
          description: 'Add an event, or create a party from Party Management.',
          Icon: CalendarDays,
        }}
        error={
          events.isError
            ? {
                title: EVENTS_LOAD_FAILED_TEXT,
                message: errorMessage(events.error),
                onRetry: () => void events.refetch(),
                retrying: events.isFetching,
              }
            : null
        }
        paging={{
          shown: items?.length ?? 0,
          hasMore: events.hasNextPage,
          onLoadMore: () => void events.fetchNextPage(),
          loadingMore: events.isFetchingNextPage,
        }}
      />
    </div>
  );
}
