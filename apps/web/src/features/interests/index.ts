// Public surface of the interests feature.
export { getInterests, interestsQueryOptions, useInterests, useRemoveFavorite } from './api/interests';
