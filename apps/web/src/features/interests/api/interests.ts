import { type Interests, interestsSchema } from '@royal/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, errorMessage } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export function getInterests(signal?: AbortSignal): Promise<Interests> {
  return api.get('/api/interests', { schema: interestsSchema, signal });
}

export const interestsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.interests, queryFn: ({ signal }) => getInterests(signal) });

export function useInterests() {
  return useQuery(interestsQueryOptions());
}

const REMOVE_KEY = [...queryKeys.interests, 'remove-favorite'] as const;

/**
 * Remove on My Favorites (DELETE /api/favorites/:id, which undoes the super like). The row goes at
 * once; a failure puts it back with an 'Error' toast. The lists are refetched when the last of
 * several quick removals has settled.
 */
export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  const key = queryKeys.interests;
  return useMutation({
    mutationKey: REMOVE_KEY,
    mutationFn: (memberId: string) => api.delete(`/api/favorites/${encodeURIComponent(memberId)}`),
    onMutate: async (memberId) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Interests>(key);
      if (previous) {
        const myFavorites = previous.my_favorites.filter((row) => row.member.id !== memberId);
        const removed = previous.my_favorites.length - myFavorites.length;
        queryClient.setQueryData<Interests>(key, {
          ...previous,
          my_favorites: myFavorites,
          stats: { ...previous.stats, favorites: Math.max(0, previous.stats.favorites - removed) },
        });
      }
      return { previous };
    },
    onError: (error, _memberId, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error('Error', { description: errorMessage(error) });
    },
    onSettled: (_data, _error, memberId) => {
      // The profile page's "Super liked" state changed too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.memberProfile(memberId) });
      if (queryClient.isMutating({ mutationKey: REMOVE_KEY }) === 1) {
        return queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}
