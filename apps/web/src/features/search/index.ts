// Public surface of the search feature.
export { searchQueryOptions, useSearch } from './api/search';
export { filtersFromParams, paramsFromFilters } from './filters';
