import { idParamSchema } from '@royal/shared';
import type { QueryClient } from '@tanstack/react-query';
import { feedQueryOptions, leadPhotoUrl } from '@/features/discovery';
import { interestsQueryOptions } from '@/features/interests';
import { memberProfileQueryOptions } from '@/features/member-profile';
import { matchesQueryOptions } from '@/features/messages';
import { notificationsQueryOptions } from '@/features/notifications';
import { myPhotosQueryOptions } from '@/features/photos';
import { filtersFromParams, paramsFromFilters, searchQueryOptions } from '@/features/search';
import { memberSettingsQueryOptions } from '@/features/settings';
import { subscriptionQueryOptions } from '@/features/subscription';
import { sandboxCheckoutQueryOptions, walletQueryOptions } from '@/features/wallet';
import { preloadPhoto } from '@/lib/photos';

/** What a loader knows about the navigation: the URL and the route's parameters. */
export type RouteInput = { url: URL; params: Record<string, string | undefined> };

/**
 * The first data of each member screen, started by its route loader (routes.tsx) and read by the
 * screen through the same queries. This module is loaded on demand: its imports carry the response
 * schemas of every member area, which a signed-out page (sign-in, landing) never needs to evaluate.
 */
export const ROUTE_DATA = {
  discovery: (queryClient: QueryClient) => {
    void queryClient.prefetchInfiniteQuery(feedQueryOptions()).then(() => {
      const lead = leadPhotoUrl(queryClient.getQueryData(feedQueryOptions().queryKey));
      if (lead) preloadPhoto(lead);
    });
  },
  // The first page for the filters in the URL (a shared or reloaded search starts at once).
  search: (queryClient: QueryClient, { url }: RouteInput) => {
    const query = paramsFromFilters(filtersFromParams(url.searchParams)).toString();
    void queryClient.prefetchInfiniteQuery(searchQueryOptions(query));
  },
  interests: (queryClient: QueryClient) => void queryClient.prefetchQuery(interestsQueryOptions()),
  messages: (queryClient: QueryClient) => void queryClient.prefetchQuery(matchesQueryOptions()),
  wallet: (queryClient: QueryClient) => void queryClient.prefetchQuery(walletQueryOptions()),
  myPhotos: (queryClient: QueryClient) => void queryClient.prefetchQuery(myPhotosQueryOptions()),
  // An id that is not one is refused by the screen itself (Profile not found), without a request.
  memberProfile: (queryClient: QueryClient, { params }: RouteInput) => {
    if (idParamSchema.safeParse({ id: params.userId }).success)
      void queryClient.prefetchQuery(memberProfileQueryOptions(params.userId ?? ''));
  },
  subscription: (queryClient: QueryClient) => void queryClient.prefetchQuery(subscriptionQueryOptions()),
  settings: (queryClient: QueryClient) => void queryClient.prefetchQuery(memberSettingsQueryOptions()),
  sandboxCheckout: (queryClient: QueryClient, { params }: RouteInput) => {
    if (idParamSchema.safeParse({ id: params.checkoutId }).success)
      void queryClient.prefetchQuery(sandboxCheckoutQueryOptions(params.checkoutId ?? ''));
  },
  // The member frame's own data: the bell's notifications and the quick settings.
  memberFrame: (queryClient: QueryClient) => {
    void queryClient.prefetchQuery(notificationsQueryOptions());
    void queryClient.prefetchQuery(memberSettingsQueryOptions());
  },
} satisfies Record<string, (queryClient: QueryClient, input: RouteInput) => void>;

export type RouteDataName = keyof typeof ROUTE_DATA;
