import { EventsScreen } from '../components/events-screen';

/** /events (lazy route module): the events list. */
export default function EventsRoute() {
  return <EventsScreen />;
}
