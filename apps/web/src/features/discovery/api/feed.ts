import { type FeedPage, feedPageSchema, feedResetReplySchema } from '@royal/shared';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, errorMessage } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export function getFeedPage(cursor: string | null, signal?: AbortSignal): Promise<FeedPage> {
  return api.get(apiPaths.discoveryFeed(cursor), { schema: feedPageSchema, signal });
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
  });

export function useFeed() {
  return useInfiniteQuery(feedQueryOptions());
}

/**
 * "Start Over": the server forgets the member's passes, then the feed loads again from its first
 * page. `onReset` runs before the reload (the deck clears its seen set there).
 */
export function useResetFeed({ onReset }: { onReset: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(apiPaths.discoveryReset, undefined, { schema: feedResetReplySchema }),
    onSuccess: async () => {
      onReset();
      await queryClient.resetQueries({ queryKey: queryKeys.discoveryFeed });
    },
    onError: (error) => {
      toast.error('Error', { description: errorMessage(error) });
    },
  });
}
