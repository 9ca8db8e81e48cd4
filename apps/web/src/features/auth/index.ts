// Public surface of the auth feature; other features import from here only.
export { getMe, meQueryOptions, useMe } from './api/me';
export { useChangeEmail } from './api/recovery';
export { useSignIn, useSignUp } from './api/sign-in';
export { useSignOut, useSignOutWithToast } from './api/sign-out';
export {
  AuthProvider,
  type AuthStatus,
  useAuth,
  useCurrentMember,
} from './auth-context';
export { ConfirmEmailBanner, ResendConfirmationButton } from './components/confirm-email-banner';
export {
  AuthLocationTracker,
  REQUIRED_STEP_PATHS,
  RedirectIfSignedIn,
  RequireAuth,
  RequireCompletedSteps,
  RequireStep,
  RootRedirect,
} from './components/guards';
export { type PaymentButtonState, usePaymentButton } from './components/payment-block';
