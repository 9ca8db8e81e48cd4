import { ShieldX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageSkeleton } from '@/components/ui/skeleton';
import { StatusPanel } from '@/components/ui/status-panel';
import { useCurrentMember } from '@/features/auth';
import { paths } from '@/lib/paths';
import { useEvent } from '../api/events';
import { EventForm } from '../components/event-form';
import { EventLoadFailure, EventNotFound } from '../components/event-unavailable';
import { isEventId } from '../event-id';

export const MANAGERS_ONLY_TEXT = 'Admins and promoters only';

/**
 * /event/new and /event/:eventId (lazy route module): the spec's one screen that creates or edits
 * an event, for admins and promoters. Anyone else is told so (the server refuses them anyway).
 */
export default function EventFormRoute() {
  const me = useCurrentMember();
  const { eventId } = useParams();
  if (!me.capabilities.can_create_parties) {
    return (
      <StatusPanel
        as="h1"
        Icon={ShieldX}
        tone="danger"
        title={MANAGERS_ONLY_TEXT}
        description="Only Royal Circle admins and promoters create and edit events."
      >
        <Button asChild>
          <Link to={paths.events}>Back to Events</Link>
        </Button>
      </StatusPanel>
    );
  }
  if (eventId === undefined) return <EventForm me={me} />;
  if (!isEventId(eventId)) return <EventNotFound />;
  return <EditEvent me={me} id={eventId} />;
}

function EditEvent({ me, id }: { me: ReturnType<typeof useCurrentMember>; id: string }) {
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
  // Keyed by the event, so the form starts from the stored values when another event is opened.
  return <EventForm key={event.data.id} me={me} event={event.data} />;
}
