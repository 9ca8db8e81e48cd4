// Public surface of the events feature; other features import from here only.
export { eventQueryOptions, eventsQueryOptions } from './api/events';
