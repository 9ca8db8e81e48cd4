import { useParams } from 'react-router';
import { PageSkeleton } from '@/components/ui/skeleton';
import { useEvent } from '../api/events';
import { EventDetails } from '../components/event-details';
import { EventLoadFailure, EventNotFound } from '../components/event-unavailable';
import { isEventId } from '../event-id';

/** /events/:id (lazy route module): one event's page. */
export default function EventDetailsRoute() {
  const { id = '' } = useParams();
  if (!isEventId(id)) return <EventNotFound />;
  return <EventDetailsLoader id={id} />;
}

function EventDetailsLoader({ id }: { id: string }) {
  const event = useEvent(id);
  if (event.isPending) return <PageSkeleton label="Loading the event..." />;
  if (event.isError)
    return (
      <EventLoadFailure
        error={event.error}
        onRetry={() => void event.refetch()}
        retrying={event.isFetching}
      />
    );
  return <EventDetails event={event.data} />;
}
