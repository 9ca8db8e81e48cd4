import {
  type EventCard,
  type EventsPage,
  eventCardSchema,
  eventGuestsSchema,
  eventsPageSchema,
  eventTicketSchema,
} from '@royal/shared';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/** The events list, soonest first, a page at a time ("Load more"). */
export const eventsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.eventsList,
    queryFn: ({ pageParam, signal }) =>
      api.get(apiPaths.events(pageParam), { schema: eventsPageSchema, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

export function useEvents() {
  return useInfiniteQuery(eventsQueryOptions());
}

/** One event as the member sees it (404 EVENT_NOT_FOUND; 403 TIER_REQUIRED when locked). */
export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.event(id),
    queryFn: ({ signal }) => api.get(apiPaths.event(id), { schema: eventCardSchema, signal }),
  });

export function useEvent(id: string) {
  return useQuery(eventQueryOptions(id));
}

/** The guest list: the server answers only members with a ticket and managers, so ask only then. */
export function useEventGuests(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.eventGuests(id),
    queryFn: ({ signal }) => api.get(apiPaths.eventGuests(id), { schema: eventGuestsSchema, signal }),
    enabled,
  });
}

/** The member's ticket (signed code and its QR image), while they are going or checked in. */
export function useEventTicket(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.eventTicket(id),
    queryFn: ({ signal }) => api.get(apiPaths.eventTicket(id), { schema: eventTicketSchema, signal }),
    enabled,
  });
}

/**
 * Puts a fresh card from the server (an RSVP's reply, a save) wherever the event is shown: its own
 * page and its place in the list, so the list does not have to be read again for one card.
 */
export function storeEventCard(queryClient: QueryClient, card: EventCard): void {
  queryClient.setQueryData(queryKeys.event(card.id), card);
  queryClient.setQueryData<InfiniteData<EventsPage, string | null>>(queryKeys.eventsList, (list) =>
    list
      ? {
          ...list,
          pages: list.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === card.id ? card : item)),
          })),
        }
      : list,
  );
}
