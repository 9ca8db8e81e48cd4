import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { AuthProvider } from '@/features/auth';

// Toasts come from screens that load on demand; the toaster need not delay the first paint. Sonner
// replays toasts raised before it mounted.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** Server state, the session and toasts; the router goes inside (it needs the session). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      {/* Neutral toasts with a coloured edge: sonner's rich colours fall below AA contrast. */}
      <Suspense fallback={null}>
        <Toaster
          position="top-center"
          toastOptions={{ classNames: { error: 'toast-error', success: 'toast-success' } }}
        />
      </Suspense>
    </QueryClientProvider>
  );
}
