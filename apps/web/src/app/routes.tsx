import { lazy, Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { AuthLocationTracker, RedirectIfSignedIn, RequireAuth, RootRedirect } from '@/features/auth';
import { paths } from '@/lib/paths';
import { MemberLayout } from './layout/member-layout';
import { NotFoundPage } from './routes/not-found';
import { RouteErrorBoundary } from './routes/route-error-boundary';

// Each screen is a route module (`features/<area>/routes/*.tsx`, default export) loaded on demand,
// so every screen is its own chunk. Screens not built yet show <ComingSoon>; replace the element
// with a lazy route module when the screen lands.
const SignInScreen = lazy(() => import('@/features/auth/routes/sign-in'));
const LandingPage = lazy(() => import('@/features/landing/routes/landing'));
const DiscoveryScreen = lazy(() => import('@/features/discovery/routes/discovery'));
const InterestsScreen = lazy(() => import('@/features/interests/routes/interests'));
const MemberProfileScreen = lazy(() => import('@/features/member-profile/routes/member-profile'));

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

/** Member screens, inside the top bar / bottom nav frame. Paths from spec parts 1 and 2. */
const memberRoutes: RouteObject[] = [
  { path: paths.app, element: <DiscoveryScreen /> },
  { path: paths.search, element: <ComingSoon title="Browse & Search" /> },
  { path: paths.interests, element: <InterestsScreen /> },
  { path: paths.messages, element: <ComingSoon title="Messages" /> },
  { path: paths.more, element: <ComingSoon title="More" /> },
  { path: paths.profileEdit, element: <ComingSoon title="Edit Profile" /> },
  { path: paths.profile, element: <MemberProfileScreen /> },
  { path: paths.events, element: <ComingSoon title="Exclusive Events" /> },
  { path: paths.eventNew, element: <ComingSoon title="Create New Event" /> },
  { path: paths.event, element: <ComingSoon title="Edit Event" /> },
  { path: paths.admin, element: <ComingSoon title="Admin Dashboard" /> },
  { path: paths.subscription, element: <ComingSoon title="Subscription" /> },
  { path: paths.safety, element: <ComingSoon title="Safety and Privacy Center" /> },
  { path: paths.settings, element: <ComingSoon title="Advanced Settings" /> },
  { path: paths.migration, element: <ComingSoon title="Mock Data Migration" /> },
];

export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <Root />,
    errorElement: <RouteErrorBoundary fullScreen />,
    children: [
      { index: true, element: <RootRedirect /> },
      { path: paths.landing, element: <LandingPage /> },
      { path: paths.waitlist, element: <PublicComingSoon title="Join the Waitlist" /> },
      {
        element: <RedirectIfSignedIn />,
        children: [{ path: paths.signIn, element: <SignInScreen /> }],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <MemberLayout />,
            // Inside the frame, so a broken screen keeps the top bar and navigation.
            children: [{ errorElement: <RouteErrorBoundary />, children: memberRoutes }],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
