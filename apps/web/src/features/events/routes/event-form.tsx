import { ShieldX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
import { useCurrentMember } from '@/features/auth';
import { paths } from '@/lib/paths';
import { EventForm } from '../components/event-form';
import { EventNotFound } from '../components/event-unavailable';
import { WithEvent } from '../components/with-event';
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
  // Keyed by the event, so the form starts from the stored values when another event is opened.
  return <WithEvent id={id}>{(event) => <EventForm key={event.id} me={me} event={event} />}</WithEvent>;
}
