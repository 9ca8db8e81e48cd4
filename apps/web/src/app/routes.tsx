import { lazy, Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { AuthLocationTracker, RedirectIfSignedIn, RequireAuth, RootRedirect } from '@/features/auth';
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
      <ComingSoon title={title} backTo={{ to: '/landing', label: 'Back to Royal Circle' }} />
    </main>
  );
}

/** Member screens, inside the top bar / bottom nav frame. Paths from spec parts 1 and 2. */
const memberRoutes: RouteObject[] = [
  { path: 'app', element: <DiscoveryScreen /> },
  { path: 'search', element: <ComingSoon title="Browse & Search" /> },
  { path: 'interests', element: <InterestsScreen /> },
  { path: 'messages', element: <ComingSoon title="Messages" /> },
  { path: 'more', element: <ComingSoon title="More" /> },
  { path: 'profile/edit', element: <ComingSoon title="Edit Profile" /> },
  { path: 'profile/:userId', element: <MemberProfileScreen /> },
  { path: 'events', element: <ComingSoon title="Exclusive Events" /> },
  { path: 'event/new', element: <ComingSoon title="Create New Event" /> },
  { path: 'event/:eventId', element: <ComingSoon title="Edit Event" /> },
  { path: 'admin', element: <ComingSoon title="Admin Dashboard" /> },
  { path: 'subscription', element: <ComingSoon title="Subscription" /> },
  { path: 'safety', element: <ComingSoon title="Safety and Privacy Center" /> },
  { path: 'settings', element: <ComingSoon title="Advanced Settings" /> },
  { path: 'migration', element: <ComingSoon title="Mock Data Migration" /> },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Root />,
    errorElement: <RouteErrorBoundary fullScreen />,
    children: [
      { index: true, element: <RootRedirect /> },
      { path: 'landing', element: <LandingPage /> },
      { path: 'waitlist', element: <PublicComingSoon title="Join the Waitlist" /> },
      {
        element: <RedirectIfSignedIn />,
        children: [{ path: 'signin', element: <SignInScreen /> }],
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
