import type { RequiredStep } from '@royal/shared';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/lib/paths';
import { useAuth, useCurrentMember } from '../auth-context';

/**
 * Where each required step is done. The server decides which step is next (`me.next_step`, from the
 * shared nextRequiredStep); a new step (the compliance gate) adds its screen here and nowhere else.
 */
export const REQUIRED_STEP_PATHS: Readonly<Record<RequiredStep, string>> = {
  onboarding: paths.onboarding,
};

/** The app proper: a member with a required step left is sent to that step first. */
export function RequireCompletedSteps() {
  const { next_step } = useCurrentMember();
  if (next_step) return <Navigate to={REQUIRED_STEP_PATHS[next_step]} replace />;
  return <Outlet />;
}

/** A required step's own screen: only while it is the next step (afterwards, the next one or the app). */
export function RequireStep({ step }: { step: RequiredStep }) {
  const { next_step } = useCurrentMember();
  if (next_step !== step)
    return <Navigate to={next_step ? REQUIRED_STEP_PATHS[next_step] : paths.app} replace />;
  return <Outlet />;
}

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
