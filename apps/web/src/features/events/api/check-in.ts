import { checkInReplySchema, eventArrivalsSchema } from '@royal/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

// The door (managers only; the API refuses anybody else): a ticket's check-in and the arrivals list.

/** Arrivals change while the doors are open (another promoter may scan too): read them again this often. */
const ARRIVALS_REFRESH_MS = 30_000;

export const arrivalsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: queryKeys.eventArrivals(eventId),
    queryFn: ({ signal }) =>
      api.get(apiPaths.eventArrivals(eventId), { schema: eventArrivalsSchema, signal }),
    refetchInterval: ARRIVALS_REFRESH_MS,
  });

export function useArrivals(eventId: string) {
  return useQuery(arrivalsQueryOptions(eventId));
}

export const checkIn = (eventId: string, code: string) =>
  api.post(apiPaths.eventCheckIn(eventId), { code }, { schema: checkInReplySchema });

/** Checks a ticket in; the door list is read again after every answer, a refusal included. */
export function useCheckIn(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => checkIn(eventId, code),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.eventArrivals(eventId) }),
  });
}
