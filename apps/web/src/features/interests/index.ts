// Public surface of the interests feature.
export { getInterests, interestsQueryOptions, useInterests } from './api/interests';
export { removeFavorite, useRemoveFavorite } from './api/remove-favorite';
