import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { AuthProvider } from '@/features/auth';
import { useHydrated } from '@/lib/use-hydrated';

// Toasts come from screens that load on demand; the toaster need not delay the first paint. Sonner
// replays toasts raised before it mounted.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

// One place for every toast (issue 33): the band of the top bar, at the very top of the screen.
// Below that band come what a toast follows and must not hide (a page's heading, a dialog's step
// and title, the first card); at the bottom, the actions (the gate's Decline, the deck's buttons,
// the bottom navigation). Toasts are compact (styles.css) so they stay about within the band; on
// wide screens they sit in its empty middle, left of the bar's three icons. No toast picks a place
// of its own.
export const TOAST_TOP = 'calc(env(safe-area-inset-top) + 0.375rem)';
const TOAST_OFFSET = { top: TOAST_TOP, right: '10rem' };
const TOAST_MOBILE_OFFSET = { top: TOAST_TOP, left: '0.5rem', right: '0.5rem' };
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
