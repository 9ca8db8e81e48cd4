import { type FreakoffMode, freakoffChoiceReplySchema } from '@royal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/**
 * 'Enter Freakoff Mode' or 'Stay in Regular Mode' (a checked-in guest, once Freakoff opens). The
 * event is read again for the member's recorded choice; a pass used shows on the subscription page.
 */
export function useChooseFreakoff(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: FreakoffMode) =>
      api.post(apiPaths.eventFreakoff(eventId), { mode }, { schema: freakoffChoiceReplySchema }),
    onSuccess: (reply) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.event(eventId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.eventsList });
      if (reply.pass_used) void queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
    },
  });
}
