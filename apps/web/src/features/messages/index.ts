// Public surface of the messages feature.
export { chatQueryOptions } from './api/chat';
export { getMatches, matchesQueryOptions, useMatches } from './api/matches';
