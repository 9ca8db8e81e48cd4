import { createBrowserRouter, RouterProvider } from 'react-router';
import { meQueryOptions } from '@/features/auth';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { AppProviders } from './providers';
import { chunksSettled, createRoutes } from './routes';

// Any 401 means the session is gone: forgetting the member lets the guard send them to /signin.
const queryClient = createQueryClient({
  onUnauthenticated: () => queryClient.setQueryData(queryKeys.me, null),
});
// Created at start-up, so the first route's loaders start its chunk and data while the session is read.
const router = createBrowserRouter(createRoutes(queryClient));

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/**
 * Resolves once the app can draw the first page in one go: the session is known, the router has
 * run the first loaders, and the chunks they started have arrived. A page prerendered at build time
 * stays on screen until then instead of giving way to the loading screen (main.tsx); after `maxMs`
 * the app renders anyway, with its own loading states.
 */
export function appReady(maxMs: number): Promise<void> {
  const initialized = new Promise<void>((done) => {
    if (router.state.initialized) return done();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      done();
    });
  });
  const ready = Promise.all([
    queryClient.fetchQuery(meQueryOptions()).catch(() => undefined),
    initialized.then(chunksSettled),
  ]).then(() => undefined);
  return Promise.race([ready, new Promise<void>((done) => setTimeout(done, maxMs))]);
}
