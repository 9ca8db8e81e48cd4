import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { AuthProvider } from '@/features/auth';

/** Server state, the session and toasts; the router goes inside (it needs the session). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      {/* Neutral toasts with a coloured edge: sonner's rich colours fall below AA contrast. */}
      <Toaster
        position="top-center"
        toastOptions={{ classNames: { error: 'toast-error', success: 'toast-success' } }}
      />
    </QueryClientProvider>
  );
}
