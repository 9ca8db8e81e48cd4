import { useParams } from 'react-router';
import { EventDetails } from '../components/event-details';
import { EventNotFound } from '../components/event-unavailable';
import { WithEvent } from '../components/with-event';
import { isEventId } from '../event-id';

/** /events/:id (lazy route module): one event's page. */
export default function EventDetailsRoute() {
  const { id = '' } = useParams();
  if (!isEventId(id)) return <EventNotFound />;
  return <EventDetailsLoader id={id} />;
}

function EventDetailsLoader({ id }: { id: string }) {
  return <WithEvent id={id}>{(event) => <EventDetails event={event} />}</WithEvent>;
}
