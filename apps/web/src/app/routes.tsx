import type { Me } from '@royal/shared';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense } from 'react';
import { type LoaderFunctionArgs, Outlet, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import {
  AuthLocationTracker,
  RedirectIfSignedIn,
  RequireAuth,
  RequireCompletedSteps,
  RequireStep,
  RootRedirect,
} from '@/features/auth';
import { isHeldAtGate } from '@/features/compliance';
import { paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { yieldToBrowser } from '@/lib/yield';
import { PageOwned } from './page-owned';
import type { RouteDataName } from './route-data';
import { NotFoundPage } from './routes/not-found';

/** Downloads started by a route loader and not finished yet (see `chunksSettled`). */
const pendingChunks = new Set<Promise<unknown>>();

/** Counts `download` among the loaders' pending chunks until it has settled. */
function trackChunk(download: Promise<unknown>): void {
  const settled = download.catch(() => undefined).finally(() => pendingChunks.delete(settled));
  pendingChunks.add(settled);
}

/**
 * A part of the app loaded on demand, as its own chunk. `preload` starts the download (the route
 * loaders call it at navigation time); `Component` suspends on the same download when it renders —
 * unless it has already arrived: then it renders at once, without a fallback frame.
 */
function onDemand<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  let loaded: ComponentType<Props> | undefined;
  let download: Promise<{ default: ComponentType<Props> }> | undefined;
  const start = () => {
    if (!download) {
      // In a task of its own: starting a chunk's download also starts its dependencies' (a
      // <link rel="modulepreload"> each), and the first route's three chunks and its data module,
      // all started by the router's first loaders, made one long task on a phone.
      download = yieldToBrowser()
        .then(load)
        .then((module) => {
          loaded = module.default;
          return module;
        });
      trackChunk(download);
    }
    return download;
  };
  const Lazy = lazy(start);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen, at module level (below), so its identity never changes
  function Component(props: Props) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return {
    Component,
    // A failed download is reported when the component renders (the route's error boundary).
    preload: () => void start().catch(() => undefined),
  };
}

/**
 * Resolves when every chunk a loader started so far has arrived (or failed), and the route data
 * those loaders asked for has been started (its fetches, not their replies).
 */
export async function chunksSettled(): Promise<void> {
  while (pendingChunks.size > 0) await Promise.all(pendingChunks);
}

// Screens are route modules (`features/<area>/routes/*.tsx`, default export). Screens not built yet
// show <ComingSoon>; replace the element with a route module when the screen lands.
const SignIn = onDemand(() => import('@/features/auth/routes/sign-in'));
const ForgotPassword = onDemand(() => import('@/features/auth/routes/forgot-password'));
const ResetPassword = onDemand(() => import('@/features/auth/routes/reset-password'));
const ConfirmEmail = onDemand(() => import('@/features/auth/routes/confirm-email'));
const Landing = onDemand(() => import('@/features/landing/routes/landing'));
const Waitlist = onDemand(() => import('@/features/waitlist/routes/waitlist'));
const DateStatus = onDemand(() => import('@/features/date-plans/routes/date-status'));
const Discovery = onDemand(() => import('@/features/discovery/routes/discovery'));
const Interests = onDemand(() => import('@/features/interests/routes/interests'));
const Messages = onDemand(() => import('@/features/messages/routes/messages'));
const MemberProfile = onDemand(() => import('@/features/member-profile/routes/member-profile'));
const Search = onDemand(() => import('@/features/search/routes/search'));
const Settings = onDemand(() => import('@/features/settings/routes/settings'));
const Onboarding = onDemand(() => import('@/features/onboarding/routes/onboarding'));
const ProfileEdit = onDemand(() => import('@/features/profile-edit/routes/profile-edit'));
const Admin = onDemand(() => import('@/features/admin/routes/admin'));
const Migration = onDemand(() => import('@/features/migration/routes/migration'));
const Safety = onDemand(() => import('@/features/safety/routes/safety'));
const More = onDemand(() => import('@/features/more/routes/more'));
const Subscription = onDemand(() => import('@/features/subscription/routes/subscription'));
const SandboxCheckout = onDemand(() => import('@/features/wallet/routes/sandbox-checkout'));
const SandboxPortal = onDemand(() => import('@/features/wallet/routes/sandbox-portal'));
const Verify = onDemand(() => import('@/features/verification/routes/verify'));
const Events = onDemand(() => import('@/features/events/routes/events'));
const EventDetails = onDemand(() => import('@/features/events/routes/event-details'));
const EventForm = onDemand(() => import('@/features/events/routes/event-form'));
const EventCheckIn = onDemand(() => import('@/features/events/routes/check-in'));
// The member frame (top bar, bottom nav, their popovers) and the error screen are not needed to
// paint the signed-out screens, so they load on demand too.
const MemberLayout = onDemand(async () => ({
  default: (await import('./layout/member-layout')).MemberLayout,
}));
const ErrorScreen = onDemand(async () => ({
  default: (await import('./routes/route-error-boundary')).RouteErrorBoundary,
}));
// The compliance gate's modals (terms, privacy, age check) only ever show to a signed-in member.
const Gate = onDemand(() => import('@/features/compliance/routes/gate'));

function Root() {
  return (
    <>
      <AuthLocationTracker />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
        <PageOwned />
      </Suspense>
    </>
  );
}

/**
 * The app's routes. Each data route's loader starts its chunk and its queries together at navigation
 * time (without waiting for either), instead of the screen asking for its data only after its chunk
 * has loaded and rendered; the screens read the same queries. Guards still decide what renders.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  // On the first load the session is not known yet (undefined): start anyway, most visitors of a
  // member URL are members. Once the visitor is known to be signed out (null), or is held at the
  // compliance gate (the API refuses until terms and privacy are accepted), ask for nothing.
  const signedOut = () => {
    const me = queryClient.getQueryData<Me | null>(queryKeys.me);
    return me === null || isHeldAtGate(me);
  };
  // A member with a required step left (onboarding) is sent there: the app's own data is not theirs
  // to load yet (the server refuses discovery), so nothing is asked for.
  const stepPending = () => Boolean(queryClient.getQueryData<Me | null>(queryKeys.me)?.next_step);

  /** Starts a member screen's first data (route-data.ts, itself loaded on demand). */
  const prefetch = (data: RouteDataName, { request, params }: LoaderFunctionArgs) => {
    const input = { url: new URL(request.url), params };
    trackChunk(
      yieldToBrowser()
        .then(() => import('./route-data'))
        // A module that fails to load leaves the data to the screen, which asks for it when it renders.
        .then(({ ROUTE_DATA }) => ROUTE_DATA[data](queryClient, input))
        .catch(() => undefined),
    );
  };

  /** A loader that starts `preload` and, for a member, the route's `data`; it returns at once. */
  const startLoading = (preload: () => void, data?: RouteDataName) => (args: LoaderFunctionArgs) => {
    if (data && signedOut()) return null;
    preload();
    if (data && !stepPending()) prefetch(data, args);
    return null;
  };

  const memberRoutes: RouteObject[] = [
    {
      path: paths.app,
      element: <Discovery.Component />,
      loader: startLoading(Discovery.preload, 'discovery'),
    },
    { path: paths.search, element: <Search.Component />, loader: startLoading(Search.preload, 'search') },
    {
      path: paths.interests,
      element: <Interests.Component />,
      loader: startLoading(Interests.preload, 'interests'),
    },
    {
      // One route for the list and a chat, so opening a chat keeps the list (its search, its place).
      path: paths.messagesScreen,
      element: <Messages.Component />,
      loader: startLoading(Messages.preload, 'messages'),
    },
    { path: paths.more, element: <More.Component />, loader: startLoading(More.preload, 'wallet') },
    {
      path: paths.profileEdit,
      element: <ProfileEdit.Component />,
      loader: startLoading(ProfileEdit.preload, 'myPhotos'),
    },
    {
      path: paths.profile,
      element: <MemberProfile.Component />,
      loader: startLoading(MemberProfile.preload, 'memberProfile'),
    },
    { path: paths.events, element: <Events.Component />, loader: startLoading(Events.preload, 'events') },
    {
      path: paths.eventDetails,
      element: <EventDetails.Component />,
      loader: startLoading(EventDetails.preload, 'event'),
    },
    // The door screen (admins and promoters): scan or type a guest's ticket.
    {
      path: paths.eventCheckIn,
      element: <EventCheckIn.Component />,
      loader: startLoading(EventCheckIn.preload),
    },
    // The spec's one screen for both: "Create New Event" and "Edit Event" (admins and promoters).
    { path: paths.eventNew, element: <EventForm.Component />, loader: startLoading(EventForm.preload) },
    { path: paths.event, element: <EventForm.Component />, loader: startLoading(EventForm.preload) },
    // Admins only: the screen shows non-admins a refusal, and every admin route refuses them too.
    { path: paths.admin, element: <Admin.Component />, loader: startLoading(Admin.preload) },
    {
      path: paths.safety,
      element: <Safety.Component />,
      loader: startLoading(Safety.preload, 'myPhotos'),
    },
    {
      path: paths.subscription,
      element: <Subscription.Component />,
      loader: startLoading(Subscription.preload, 'subscription'),
    },
    {
      path: paths.settings,
      element: <Settings.Component />,
      loader: startLoading(Settings.preload, 'settings'),
    },
    // Admins in demo mode only: the screen shows non-admins a refusal, the server refuses elsewhere.
    {
      path: paths.migration,
      element: <Migration.Component />,
      loader: startLoading(Migration.preload),
    },
    { path: paths.verify, element: <Verify.Component />, loader: startLoading(Verify.preload) },
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
          <PageOwned />
        </Suspense>
      ),
      children: [
        // `/` sends a signed-out visitor to the landing page: start its (small) chunk already.
        { index: true, element: <RootRedirect />, loader: startLoading(Landing.preload) },
        { path: paths.landing, element: <Landing.Component />, loader: startLoading(Landing.preload) },
        { path: paths.waitlist, element: <Waitlist.Component />, loader: startLoading(Waitlist.preload) },
        // The emergency contact's page (the link is the proof): the same signed in or out.
        {
          path: paths.dateStatus,
          element: <DateStatus.Component />,
          loader: startLoading(DateStatus.preload),
        },
        // The e-mailed links (decision 056) open signed in or out: the link is the proof.
        {
          path: paths.forgotPassword,
          element: <ForgotPassword.Component />,
          loader: startLoading(ForgotPassword.preload),
        },
        {
          path: paths.resetPassword,
          element: <ResetPassword.Component />,
          loader: startLoading(ResetPassword.preload),
        },
        {
          path: paths.confirmEmail,
          element: <ConfirmEmail.Component />,
          loader: startLoading(ConfirmEmail.preload),
        },
        {
          element: <RedirectIfSignedIn />,
          children: [
            { path: paths.signIn, element: <SignIn.Component />, loader: startLoading(SignIn.preload) },
          ],
        },
        {
          element: <RequireAuth />,
          children: [
            {
              // Before anything of the member area: the compliance gate's modals, until passed.
              element: <Gate.Component />,
              // Wanted by any visitor not known to be signed out (it holds members until they pass).
              loader: () => {
                if (queryClient.getQueryData<Me | null>(queryKeys.me) !== null) Gate.preload();
                return null;
              },
              children: [
                // The payment sandbox's pages stand alone, as a provider's hosted pages would.
                {
                  path: paths.sandboxPortal,
                  element: <SandboxPortal.Component />,
                  loader: startLoading(SandboxPortal.preload),
                },
                {
                  path: paths.sandboxCheckout,
                  element: <SandboxCheckout.Component />,
                  loader: startLoading(SandboxCheckout.preload, 'sandboxCheckout'),
                },
                {
                  // A required step (onboarding) is a full screen of its own, outside the member frame.
                  element: <RequireStep step="onboarding" />,
                  children: [
                    {
                      path: paths.onboarding,
                      element: <Onboarding.Component />,
                      loader: (args) => {
                        Onboarding.preload();
                        if (!signedOut()) prefetch('myPhotos', args);
                        return null;
                      },
                    },
                  ],
                },
                {
                  element: <RequireCompletedSteps />,
                  children: [
                    {
                      element: <MemberLayout.Component />,
                      loader: startLoading(MemberLayout.preload, 'memberFrame'),
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
              ],
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
