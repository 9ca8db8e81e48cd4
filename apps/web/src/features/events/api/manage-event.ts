import { type EventBody, emptyReplySchema, eventCardSchema } from '@royal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { storeEventCard } from './events';

/**
 * Create (no id) or edit an event: admins and promoters; the server refuses anyone else. The reply
 * is the saved event's card; the list is read again, since a new or moved event changes its order.
 */
export function useSaveEvent(eventId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventBody) =>
      eventId
        ? api.patch(apiPaths.event(eventId), body, { schema: eventCardSchema })
        : api.post(apiPaths.events(), body, { schema: eventCardSchema }),
    onSuccess: (card) => {
      storeEventCard(queryClient, card);
      void queryClient.invalidateQueries({ queryKey: queryKeys.eventsList });
    },
  });
}

export function useDeleteEvent(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(apiPaths.event(eventId), { schema: emptyReplySchema }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.event(eventId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.eventsList });
    },
  });
}
