import { type MatchList, type MatchListItem, matchListItemSchema, matchListSchema } from '@royal/shared';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/** One page of the member's matches, newest activity first; the first without a cursor. */
export function getMatches(cursor: string | null = null, signal?: AbortSignal): Promise<MatchList> {
  const url = cursor ? `${apiPaths.matches}?cursor=${encodeURIComponent(cursor)}` : apiPaths.matches;
  return api.get(url, { schema: matchListSchema, signal });
}

export const matchesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.matches,
    queryFn: ({ pageParam, signal }) => getMatches(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/**
 * The member's matches, a page at a time (Load more); the realtime channel invalidates them when a
 * message or match arrives, which refetches every page loaded.
 */
export function useMatches() {
  return useInfiniteQuery(matchesQueryOptions());
}

/**
 * One match by id, for a chat opened by link (`/messages/:matchId`) beyond the pages loaded:
 * under the matches' key, so the same invalidation refreshes it.
 */
export function useMatch(matchId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.matches, 'one', matchId],
    queryFn: ({ signal }): Promise<MatchListItem> =>
      api.get(`${apiPaths.matches}/${encodeURIComponent(matchId as string)}`, {
        schema: matchListItemSchema,
        signal,
      }),
    enabled: enabled && matchId !== null,
  });
}
