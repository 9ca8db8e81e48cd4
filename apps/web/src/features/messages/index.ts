// Public surface of the messages feature.
export { chatQueryOptions } from './api/chat';
export { getMatches, matchesQueryOptions, useMatch, useMatches } from './api/matches';
export { ChatOutboxProvider } from './components/chat-outbox';
