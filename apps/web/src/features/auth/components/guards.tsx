import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/lib/paths';
import { useAuth } from '../auth-context';

/** Member routes: a signed-out visitor goes to the sign-in screen (or where sign-out asked). */
export function RequireAuth() {
  const { status, signedOutPath } = useAuth();
  if (status !== 'signed-in') return <Navigate to={signedOutPath()} replace />;
  return <Outlet />;
}

/** The sign-in screen: a signed-in member goes straight to the app. */
export function RedirectIfSignedIn() {
  const { status } = useAuth();
  if (status === 'signed-in') return <Navigate to={paths.app} replace />;
  return <Outlet />;
}

/** `/`: the app for members, the landing page for everyone else. */
export function RootRedirect() {
  const { status } = useAuth();
  return <Navigate to={status === 'signed-in' ? paths.app : paths.landing} replace />;
}

/** Tells the auth provider where the visitor is, so a sign-out destination is used once. */
export function AuthLocationTracker() {
  const { pathname } = useLocation();
  const { arrivedAt } = useAuth();
  useEffect(() => arrivedAt(pathname), [pathname, arrivedAt]);
  return null;
}
