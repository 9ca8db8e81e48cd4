import { type SearchPage, searchPageSchema } from '@royal/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/** One page of results for a filter query string; the first page without a cursor. */
export function getSearchPage(
  query: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const params = new URLSearchParams(query);
  if (cursor) params.set('cursor', cursor);
  return api.get(apiPaths.search(params.toString()), { schema: searchPageSchema, signal });
}

export const searchQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.search(query),
    queryFn: ({ pageParam, signal }) => getSearchPage(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // While new filters load, the previous results stay on screen instead of a spinner.
    placeholderData: keepPreviousData,
  });

export function useSearch(query: string) {
  return useInfiniteQuery(searchQueryOptions(query));
}
