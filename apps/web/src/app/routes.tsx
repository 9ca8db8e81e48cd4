import { idParamSchema } from '@royal/shared';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { AuthLocationTracker, RedirectIfSignedIn, RequireAuth, RootRedirect } from '@/features/auth';
import { feedQueryOptions } from '@/features/discovery';
import { interestsQueryOptions } from '@/features/interests';
import { memberProfileQueryOptions } from '@/features/member-profile';
import { matchesQueryOptions } from '@/features/messages';
import { notificationsQueryOptions } from '@/features/notifications';
import { filtersFromParams, paramsFromFilters, searchQueryOptions } from '@/features/search';
import { memberSettingsQueryOptions } from '@/features/settings';
import { subscriptionQueryOptions } from '@/features/subscription';
import { sandboxCheckoutQueryOptions, walletQueryOptions } from '@/features/wallet';
import { paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { NotFoundPage } from './routes/not-found';

/**
 * A part of the app loaded on demand, as its own chunk. `preload` starts the download (the route
 * loaders call it at navigation time); `Component` suspends on the same download when it renders.
 */
function onDemand<Props>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return {
    Component: lazy(load),
    // A failed download is reported when the component renders (the route's error boundary).
    preload: () => void load().catch(() => undefined),
  };
}

// Screens are route modules (`features/<area>/routes/*.tsx`, default export). Screens not built yet
// show <ComingSoon>; replace the element with a route module when the screen lands.
const SignIn = onDemand(() => import('@/features/auth/routes/sign-in'));
const Landing = onDemand(() => import('@/features/landing/routes/landing'));
const Discovery = onDemand(() => import('@/features/discovery/routes/discovery'));
const Interests = onDemand(() => import('@/features/interests/routes/interests'));
const Messages = onDemand(() => import('@/features/messages/routes/messages'));
const MemberProfile = onDemand(() => import('@/features/member-profile/routes/member-profile'));
const Search = onDemand(() => import('@/features/search/routes/search'));
const Settings = onDemand(() => import('@/features/settings/routes/settings'));
const More = onDemand(() => import('@/features/more/routes/more'));
const Subscription = onDemand(() => import('@/features/subscription/routes/subscription'));
const SandboxCheckout = onDemand(() => import('@/features/wallet/routes/sandbox-checkout'));
const SandboxPortal = onDemand(() => import('@/features/wallet/routes/sandbox-portal'));
// The member frame (top bar, bottom nav, their popovers) and the error screen are not needed to
// paint the signed-out screens, so they load on demand too.
const MemberLayout = onDemand(async () => ({
  default: (await import('./layout/member-layout')).MemberLayout,
}));
const ErrorScreen = onDemand(async () => ({
  default: (await import('./routes/route-error-boundary')).RouteErrorBoundary,
}));

function Root() {
  return (
    <>
      <AuthLocationTracker />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}

function PublicComingSoon({ title }: { title: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-10">
      <ComingSoon title={title} backTo={{ to: paths.landing, label: 'Back to Royal Circle' }} />
    </main>
  );
}

/**
 * The app's routes. Each data route's loader starts its chunk and its queries together at navigation
 * time (without waiting for either), instead of the screen asking for its data only after its chunk
 * has loaded and rendered; the screens read the same queries. Guards still decide what renders.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  // On the first load the session is not known yet (undefined): start anyway, most visitors of a
  // member URL are members. Once the visitor is known to be signed out (null), ask for nothing.
  const signedOut = () => queryClient.getQueryData(queryKeys.me) === null;

  /** A loader that starts `preload` and, for a member, `prefetch`; it returns at once. */
  const startLoading =
    (preload: () => void, prefetch?: (params: Record<string, string | undefined>) => void) =>
    ({ params }: { params: Record<string, string | undefined> }) => {
      if (prefetch && signedOut()) return null;
      preload();
      prefetch?.(params);
      return null;
    };

  const memberRoutes: RouteObject[] = [
    {
      path: paths.app,
      element: <Discovery.Component />,
      loader: startLoading(Discovery.preload, () => {
        void queryClient.prefetchInfiniteQuery(feedQueryOptions());
      }),
    },
    {
      path: paths.search,
      element: <Search.Component />,
      // The first page for the filters in the URL (a shared or reloaded search starts at once).
      loader: ({ request, params }) =>
        startLoading(Search.preload, () => {
          const query = paramsFromFilters(filtersFromParams(new URL(request.url).searchParams)).toString();
          void queryClient.prefetchInfiniteQuery(searchQueryOptions(query));
        })({ params }),
    },
    {
      path: paths.interests,
      element: <Interests.Component />,
      loader: startLoading(Interests.preload, () => {
        void queryClient.prefetchQuery(interestsQueryOptions());
      }),
    },
    {
      path: paths.messages,
      element: <Messages.Component />,
      loader: startLoading(Messages.preload, () => {
        void queryClient.prefetchQuery(matchesQueryOptions());
      }),
    },
    {
      path: paths.more,
      element: <More.Component />,
      loader: startLoading(More.preload, () => {
        void queryClient.prefetchQuery(walletQueryOptions());
      }),
    },
    { path: paths.profileEdit, element: <ComingSoon title="Edit Profile" /> },
    {
      path: paths.profile,
      element: <MemberProfile.Component />,
      // An id that is not one is refused by the screen itself (Profile not found), without a request.
      loader: startLoading(MemberProfile.preload, ({ userId }) => {
        if (idParamSchema.safeParse({ id: userId }).success) {
          void queryClient.prefetchQuery(memberProfileQueryOptions(userId ?? ''));
        }
      }),
    },
    { path: paths.events, element: <ComingSoon title="Exclusive Events" /> },
    { path: paths.eventNew, element: <ComingSoon title="Create New Event" /> },
    { path: paths.event, element: <ComingSoon title="Edit Event" /> },
    { path: paths.admin, element: <ComingSoon title="Admin Dashboard" /> },
    {
      path: paths.subscription,
      element: <Subscription.Component />,
      loader: startLoading(Subscription.preload, () => {
        void queryClient.prefetchQuery(subscriptionQueryOptions());
      }),
    },
    { path: paths.safety, element: <ComingSoon title="Safety and Privacy Center" /> },
    {
      path: paths.settings,
      element: <Settings.Component />,
      loader: startLoading(Settings.preload, () => {
        void queryClient.prefetchQuery(memberSettingsQueryOptions());
      }),
    },
    { path: paths.migration, element: <ComingSoon title="Mock Data Migration" /> },
  ];

  return [
    {
      path: paths.home,
      element: <Root />,
      // Shown for the moment the first loaders take to return (they do not wait for anything).
      hydrateFallbackElement: <LoadingScreen />,
      errorElement: (
        <Suspense fallback={<LoadingScreen />}>
          <ErrorScreen.Component fullScreen />
        </Suspense>
      ),
      children: [
        // `/` sends a signed-out visitor to the landing page: start its (small) chunk already.
        { index: true, element: <RootRedirect />, loader: startLoading(Landing.preload) },
        { path: paths.landing, element: <Landing.Component />, loader: startLoading(Landing.preload) },
        { path: paths.waitlist, element: <PublicComingSoon title="Join the Waitlist" /> },
        {
          element: <RedirectIfSignedIn />,
          children: [
            { path: paths.signIn, element: <SignIn.Component />, loader: startLoading(SignIn.preload) },
          ],
        },
        {
          element: <RequireAuth />,
          children: [
            // The payment sandbox's page stands alone, as a provider's hosted checkout would.
            {
              path: paths.sandboxPortal,
              element: <SandboxPortal.Component />,
              loader: startLoading(SandboxPortal.preload),
            },
            {
              path: paths.sandboxCheckout,
              element: <SandboxCheckout.Component />,
              loader: startLoading(SandboxCheckout.preload, ({ checkoutId }) => {
                if (idParamSchema.safeParse({ id: checkoutId }).success) {
                  void queryClient.prefetchQuery(sandboxCheckoutQueryOptions(checkoutId ?? ''));
                }
              }),
            },
            {
              element: <MemberLayout.Component />,
              // The frame's own data: the bell's notifications and the quick settings.
              loader: startLoading(MemberLayout.preload, () => {
                void queryClient.prefetchQuery(notificationsQueryOptions());
                void queryClient.prefetchQuery(memberSettingsQueryOptions());
              }),
              hydrateFallbackElement: <LoadingScreen />,
              // Inside the frame, so a broken screen keeps the top bar and navigation.
              children: [
                {
                  errorElement: (
                    <Suspense fallback={null}>
                      <ErrorScreen.Component />
                    </Suspense>
                  ),
                  children: memberRoutes,
                },
              ],
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
