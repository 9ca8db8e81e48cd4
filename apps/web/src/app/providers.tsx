import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { AuthProvider } from '@/features/auth';
import { useHydrated } from '@/lib/use-hydrated';

// Toasts come from screens that load on demand; the toaster need not delay the first paint. Sonner
// replays toasts raised before it mounted.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

// Toasts appear just below the fixed top bar (and its safe area), never over it, and on wide
// screens to the right of the side navigation: they never cover navigation.
const BELOW_TOP_BAR = 'calc(var(--topbar-height) + env(safe-area-inset-top) + 0.75rem)';
const TOAST_OFFSET = { top: BELOW_TOP_BAR, left: 'calc(var(--sidenav-width) + 1.5rem)', right: '1.5rem' };
const TOAST_MOBILE_OFFSET = { top: BELOW_TOP_BAR, left: '0.75rem', right: '0.75rem' };
// Swipe outcomes are confirmations, not news: short enough not to pile up over the deck.
const TOAST_DURATION_MS = 2500;

/** Server state, the session and toasts; the router goes inside (it needs the session). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // The toaster is drawn by the browser only (after hydrating a prerendered page): the build's
  // render of the page has no toaster chunk to wait for.
  const hydrated = useHydrated();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      {/* Branded toasts (styles.css) with a coloured edge: sonner's rich colours fall below AA contrast. */}
      {hydrated && (
        <Suspense fallback={null}>
          <Toaster
            position="top-right"
            offset={TOAST_OFFSET}
            mobileOffset={TOAST_MOBILE_OFFSET}
            duration={TOAST_DURATION_MS}
            toastOptions={{ classNames: { error: 'toast-error', success: 'toast-success' } }}
          />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
