import { type FeedResetReply, feedResetReplySchema } from '@royal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, errorMessage } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export function resetFeed(): Promise<FeedResetReply> {
  return api.post(apiPaths.discoveryReset, undefined, { schema: feedResetReplySchema });
}

/**
 * "Start Over": the server forgets the member's passes, then the feed loads again from its first
 * page. `onReset` runs before the reload (the deck clears its seen set there).
 */
export function useResetFeed({ onReset }: { onReset: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetFeed,
    onSuccess: async () => {
      onReset();
      await queryClient.resetQueries({ queryKey: queryKeys.discoveryFeed });
    },
    onError: (error) => {
      toast.error('Error', { description: errorMessage(error) });
    },
  });
}
