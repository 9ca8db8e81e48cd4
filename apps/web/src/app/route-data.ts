import { idParamSchema } from '@royal/shared';
import type { QueryClient } from '@tanstack/react-query';
import { feedQueryOptions, leadPhotoUrl } from '@/features/discovery';
import { notificationsQueryOptions } from '@/features/notifications';
import { memberSettingsQueryOptions } from '@/features/settings';
import { preloadPhoto } from '@/lib/photos';

/** What a loader knows about the navigation: the URL and the route's parameters. */
export type RouteInput = { url: URL; params: Record<string, string | undefined> };

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
  interests: async (queryClient: QueryClient) => {
    const { interestsQueryOptions } = await import('@/features/interests');
    void queryClient.prefetchQuery(interestsQueryOptions());
  },
  messages: async (queryClient: QueryClient) => {
    const { matchesQueryOptions } = await import('@/features/messages');
    void queryClient.prefetchQuery(matchesQueryOptions());
  },
  wallet: async (queryClient: QueryClient) => {
    const { walletQueryOptions } = await import('@/features/wallet');
    void queryClient.prefetchQuery(walletQueryOptions());
  },
  myPhotos: async (queryClient: QueryClient) => {
    const { myPhotosQueryOptions } = await import('@/features/photos');
    void queryClient.prefetchQuery(myPhotosQueryOptions());
  },
  // An id that is not one is refused by the screen itself (Profile not found), without a request.
  memberProfile: async (queryClient: QueryClient, { params }: RouteInput) => {
    if (!idParamSchema.safeParse({ id: params.userId }).success) return;
    const { memberProfileQueryOptions } = await import('@/features/member-profile');
    void queryClient.prefetchQuery(memberProfileQueryOptions(params.userId ?? ''));
  },
  subscription: async (queryClient: QueryClient) => {
    const { subscriptionQueryOptions } = await import('@/features/subscription');
    void queryClient.prefetchQuery(subscriptionQueryOptions());
  },
  settings: (queryClient: QueryClient) => void queryClient.prefetchQuery(memberSettingsQueryOptions()),
  sandboxCheckout: async (queryClient: QueryClient, { params }: RouteInput) => {
    if (!idParamSchema.safeParse({ id: params.checkoutId }).success) return;
    const { sandboxCheckoutQueryOptions } = await import('@/features/wallet');
    void queryClient.prefetchQuery(sandboxCheckoutQueryOptions(params.checkoutId ?? ''));
  },
  // The member frame's own data: the bell's notifications and the quick settings.
  memberFrame: (queryClient: QueryClient) => {
    void queryClient.prefetchQuery(notificationsQueryOptions());
    void queryClient.prefetchQuery(memberSettingsQueryOptions());
  },
} satisfies Record<string, (queryClient: QueryClient, input: RouteInput) => void | Promise<void>>;

export type RouteDataName = keyof typeof ROUTE_DATA;
