import { type FeedPage, feedPageSchema, leadPhotoOf } from '@royal/shared';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/**
 * A feed page that has not come within this long is shown as an error with Try Again: with no
 * silent retries either, a failing feed says so within 5 s instead of a skeleton for 20 (issue 33).
 */
export const FEED_TIMEOUT_MS = 4_000;

export function getFeedPage(cursor: string | null, signal?: AbortSignal): Promise<FeedPage> {
  return api.get(apiPaths.discoveryFeed(cursor), {
    schema: feedPageSchema,
    signal,
    timeoutMs: FEED_TIMEOUT_MS,
  });
}

export const feedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.discoveryFeed,
    queryFn: ({ pageParam, signal }) => getFeedPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // The deck walks through the loaded pages; refetching them under the member's finger would
    // only reshuffle cards, so the feed is refreshed on purpose (Start Over, Try Again) instead.
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // The error panel's Try Again is the retry: automatic ones (1 s, then 2 s apart, each waiting
    // for its own answer) kept the skeleton up long after the first failure.
    retry: false,
  });

export function useFeed() {
  return useInfiniteQuery(feedQueryOptions());
}

/** The photo the deck shows first (shared leadPhotoOf), fetched by the route's loader at once. */
export function leadPhotoUrl(feed: InfiniteData<FeedPage> | undefined): string | null {
  return leadPhotoOf(feed?.pages[0]);
}
