// Public surface of the events feature; other features import from here only.
export { eventQueryOptions, eventsQueryOptions, useEvents } from './api/events';
export { DeleteEventButton } from './components/delete-event-dialog';
export { EventStatusBadge } from './components/event-badges';
export { EventWhen } from './components/event-when';
export { AddEventButton, EVENTS_LOAD_FAILED_TEXT, NO_EVENTS_TEXT } from './components/events-screen';
export { PartyManagement } from './components/party-management';
export { TierList } from './components/tier-list';
