import { type RsvpReply, rsvpReplySchema } from '@royal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { storeEventCard } from './events';

/**
 * RSVP (take a seat, or a waiting-list place when full) and Cancel RSVP. The reply is the event's
 * card with the member's place: it replaces the card in the list and on its page; the ticket and
 * the guest list are read again, since both change with the RSVP.
 */
function useRsvpMutation(send: (eventId: string) => Promise<RsvpReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ event }) => {
      storeEventCard(queryClient, event);
      // Marked stale, not fetched now: the ticket shows (and is read) only while the member holds
      // one, and a cancelled RSVP's ticket would only answer that it is gone.
      for (const queryKey of [queryKeys.eventTicket(event.id), queryKeys.eventGuests(event.id)]) {
        void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      }
    },
  });
}

export function useRsvp() {
  return useRsvpMutation((eventId) =>
    api.post(apiPaths.eventRsvp(eventId), undefined, { schema: rsvpReplySchema }),
  );
}

export function useCancelRsvp() {
  return useRsvpMutation((eventId) => api.delete(apiPaths.eventRsvp(eventId), { schema: rsvpReplySchema }));
}
