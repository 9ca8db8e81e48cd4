import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
import { useCurrentMember } from '@/features/auth';
import { paths } from '@/lib/paths';
import { CheckInScreen } from '../components/check-in-screen';
import { EventNotFound } from '../components/event-unavailable';
import { isEventId } from '../event-id';

export const CHECK_IN_MANAGERS_ONLY_TEXT = 'Only admins and promoters can check guests in.';

/**
 * /events/:id/check-in (lazy route module): the door screen, for a promoter's phone. Managers only
 * (admins and promoters, the create_parties capability); anyone else is told so here, and the API
 * refuses them anyway.
 */
export default function CheckInRoute() {
  const { id = '' } = useParams();
  const me = useCurrentMember();
  if (!me.capabilities.can_create_parties)
    return (
      <StatusPanel
        Icon={ShieldAlert}
        tone="danger"
        as="h1"
        title="Check-in System"
        description={CHECK_IN_MANAGERS_ONLY_TEXT}
        className="mx-auto mt-4 max-w-xl"
      >
        <Button asChild variant="outline">
          <Link to={paths.events}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Events
          </Link>
        </Button>
      </StatusPanel>
    );
  if (!isEventId(id)) return <EventNotFound />;
  // Keyed by the event, so moving to another event's door starts with an empty answer and camera off.
  return <CheckInScreen key={id} eventId={id} />;
}
