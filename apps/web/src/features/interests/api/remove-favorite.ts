import { emptyReplySchema, type Interests } from '@royal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useOptimisticMutation } from '@/lib/optimistic-mutation';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export function removeFavorite(memberId: string): Promise<void> {
  return api.delete(apiPaths.favorite(memberId), { schema: emptyReplySchema });
}

/**
 * Remove on My Favorites (DELETE /api/favorites/:id, which undoes the super like). The row goes at
 * once; a failure puts it back with an 'Error' toast. The lists are refetched when the last of
 * several quick removals has settled.
 */
export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useOptimisticMutation({
    mutationKey: [...queryKeys.interests, 'remove-favorite'],
    mutationFn: removeFavorite,
    queryKey: queryKeys.interests,
    update: (interests: Interests, memberId: string): Interests => {
      const myFavorites = interests.my_favorites.filter((row) => row.member.id !== memberId);
      const removed = interests.my_favorites.length - myFavorites.length;
      return {
        ...interests,
        my_favorites: myFavorites,
        stats: { ...interests.stats, favorites: Math.max(0, interests.stats.favorites - removed) },
      };
    },
    // The profile page's "Super liked" state changed too.
    onSettled: (memberId) =>
      void queryClient.invalidateQueries({ queryKey: queryKeys.memberProfile(memberId) }),
  });
}
