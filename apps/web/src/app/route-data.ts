import { idParamSchema } from '@royal/shared';
import type { QueryClient } from '@tanstack/react-query';
import { feedQueryOptions, leadPhotoUrl } from '@/features/discovery';
import { notificationsQueryOptions } from '@/features/notifications';
import { memberSettingsQueryOptions } from '@/features/settings';
import { preloadPhoto } from '@/lib/photos';

/** What a loader knows about the navigation: the URL and the route's parameters. */
export type RouteInput = { url: URL; params: Record<string, string | undefined> };

/**
 * Starts an area's data once its module (imported on demand) is loaded. Resolves when the module
 * has loaded (the route waits for its chunks), not when the data has arrived.
 */
const onDemand = <Area>(area: Promise<Area>, start: (loaded: Area) => unknown) =>
  area.then((loaded) => void start(loaded));

/**
 * The first data of each member screen, started by its route loader (routes.tsx) and read by the
 * screen through the same queries. This module is loaded on demand (a signed-out page never needs
 * it), and it imports only what the first member screen and the member frame need: the deck, the
 * notifications and the settings. The other areas' queries (and the response schemas they build
 * as they load) are imported when their route is visited, beside that route's own chunk, so a
 * member's first screen does not build every area's schemas in one long task.
 */
export const ROUTE_DATA = {
  discovery: (queryClient: QueryClient) => {
    void queryClient.prefetchInfiniteQuery(feedQueryOptions()).then(() => {
      const lead = leadPhotoUrl(queryClient.getQueryData(feedQueryOptions().queryKey));
      if (lead) preloadPhoto(lead);
    });
  },
  // The first page for the filters in the URL (a shared or reloaded search starts at once).
  search: async (queryClient: QueryClient, { url }: RouteInput) => {
    const { filtersFromParams, paramsFromFilters, searchQueryOptions } = await import('@/features/search');
    const query = paramsFromFilters(filtersFromParams(url.searchParams)).toString();
    void queryClient.prefetchInfiniteQuery(searchQueryOptions(query));
  },
  interests: (queryClient: QueryClient) =>
    onDemand(import('@/features/interests'), (m) => queryClient.prefetchQuery(m.interestsQueryOptions())),
  // The matches, and the first page of the chat the URL names (a reloaded or shared chat).
  messages: (queryClient: QueryClient, { params }: RouteInput) =>
    onDemand(import('@/features/messages'), (m) => {
      void queryClient.prefetchInfiniteQuery(m.matchesQueryOptions());
      const id = params.matchId;
      if (id && idParamSchema.safeParse({ id }).success)
        void queryClient.prefetchInfiniteQuery(m.chatQueryOptions(id));
    }),
  wallet: (queryClient: QueryClient) =>
    onDemand(import('@/features/wallet'), (m) => queryClient.prefetchQuery(m.walletQueryOptions())),
  myPhotos: (queryClient: QueryClient) =>
    onDemand(import('@/features/photos'), (m) => queryClient.prefetchQuery(m.myPhotosQueryOptions())),
  // An id that is not one is refused by the screen itself (Profile not found), without a request.
  memberProfile: async (queryClient: QueryClient, { params }: RouteInput) => {
    const id = params.userId;
    if (!id || !idParamSchema.safeParse({ id }).success) return;
    await onDemand(import('@/features/member-profile'), (m) =>
      queryClient.prefetchQuery(m.memberProfileQueryOptions(id)),
    );
  },
  subscription: (queryClient: QueryClient) =>
    onDemand(import('@/features/subscription'), (m) =>
      queryClient.prefetchQuery(m.subscriptionQueryOptions()),
    ),
  settings: (queryClient: QueryClient) => void queryClient.prefetchQuery(memberSettingsQueryOptions()),
  events: (queryClient: QueryClient) =>
    onDemand(import('@/features/events'), (m) => queryClient.prefetchInfiniteQuery(m.eventsQueryOptions())),
  // One event's page; an id that is not one is 'Event Not Found' on the screen, without a request.
  event: async (queryClient: QueryClient, { params }: RouteInput) => {
    const id = params.id;
    if (!id || !idParamSchema.safeParse({ id }).success) return;
    await onDemand(import('@/features/events'), (m) => queryClient.prefetchQuery(m.eventQueryOptions(id)));
  },
  sandboxCheckout: async (queryClient: QueryClient, { params }: RouteInput) => {
    const id = params.checkoutId;
    if (!id || !idParamSchema.safeParse({ id }).success) return;
    await onDemand(import('@/features/wallet'), (m) =>
      queryClient.prefetchQuery(m.sandboxCheckoutQueryOptions(id)),
    );
  },
  // The member frame's own data: the bell's notifications and the quick settings.
  memberFrame: (queryClient: QueryClient) => {
    void queryClient.prefetchQuery(notificationsQueryOptions());
    void queryClient.prefetchQuery(memberSettingsQueryOptions());
  },
} satisfies Record<string, (queryClient: QueryClient, input: RouteInput) => void | Promise<void>>;

export type RouteDataName = keyof typeof ROUTE_DATA;
