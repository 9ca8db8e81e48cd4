import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { AuthProvider } from '@/features/auth';
import { useHydrated } from '@/lib/use-hydrated';

// Toasts come from screens that load on demand; the toaster need not delay the first paint. Sonner
// replays toasts raised before it mounted. Where they go: lib/toast-lane.ts.
const Toaster = lazy(() => import('./placed-toaster'));

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
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
