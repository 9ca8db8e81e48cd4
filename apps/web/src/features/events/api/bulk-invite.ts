import {
  type BulkInviteBody,
  bulkInviteReplySchema,
  type EventCard,
  type EventsPage,
  eventsPageSchema,
} from '@royal/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

// Party Management (managers): the events a manager can act on, and Bulk Invite.

/** The list is read this many pages deep for the pickers: far more than a city's coming parties. */
const MAX_PAGES = 5;

/** Under `events`, so anything that refreshes events (a save, a delete) refreshes the pickers too. */
const manageableEventsKey = [...queryKeys.events, 'manageable'] as const;

/** Events the viewer may manage that have not ended or been cancelled, soonest first. */
export const manageableEventsQueryOptions = () =>
  queryOptions({
    queryKey: manageableEventsKey,
    queryFn: async ({ signal }) => {
      const events: EventCard[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < MAX_PAGES; page++) {
        const reply: EventsPage = await api.get(apiPaths.events(cursor), {
          schema: eventsPageSchema,
          signal,
        });
        events.push(...reply.items);
        cursor = reply.next_cursor;
        if (!cursor) break;
      }
      return events.filter(
        (event) => event.can_manage && event.status !== 'cancelled' && event.status !== 'ended',
      );
    },
  });

/** Read only while a picker is open: the list page around the widget does not wait for it. */
export function useManageableEvents(enabled: boolean) {
  return useQuery({ ...manageableEventsQueryOptions(), enabled });
}

/** Invitations go out for parties still to come. */
export function invitableEvents(events: readonly EventCard[]): EventCard[] {
  return events.filter((event) => event.status === 'upcoming');
}

export const sendBulkInvite = ({ eventId, body }: { eventId: string; body: BulkInviteBody }) =>
  api.post(apiPaths.eventBulkInvite(eventId), body, { schema: bulkInviteReplySchema });

/** Queues one invitation per eligible member of the chosen tiers (a job sends them). */
export function useBulkInvite() {
  return useMutation({ mutationFn: sendBulkInvite });
}
