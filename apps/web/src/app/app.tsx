import { type Me, PAGE_DATA_ELEMENT_ID } from '@royal/shared';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactElement, StrictMode } from 'react';
import { createBrowserRouter, type DataRouter, RouterProvider } from 'react-router';
import { meQueryOptions } from '@/features/auth';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { yieldToBrowser } from '@/lib/yield';
import { PageOwnedProvider } from './page-owned';
import { AppProviders } from './providers';
import { chunksSettled, createRoutes } from './routes';

type AppRootProps = {
  queryClient: QueryClient;
  router: DataRouter;
  /** Called once the page is on screen and React's (mounted or hydrated): see PageOwned. */
  onMounted?: () => void;
};

/**
 * The whole app. The browser renders it (boot.tsx) and the build renders the very same tree for a
 * prerendered page (prerender.tsx), so the browser can hydrate that markup instead of replacing it.
 */
export function AppRoot({ queryClient, router, onMounted }: AppRootProps) {
  return (
    <StrictMode>
      <PageOwnedProvider value={onMounted}>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </PageOwnedProvider>
    </StrictMode>
  );
}

/**
 * Resolves true once `router` can draw its first page in one go: the router has run the first
 * loaders, the chunks they started have arrived, and the session is known. False after `maxMs`.
 */
export function firstPageReady(
  queryClient: QueryClient,
  router: DataRouter,
  maxMs: number,
): Promise<boolean> {
  const initialized = new Promise<void>((done) => {
    if (router.state.initialized) return done();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      done();
    });
  });
  const settled = Promise.all([
    queryClient.fetchQuery(meQueryOptions()).catch(() => undefined),
    initialized.then(chunksSettled),
  ]).then(() => true);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<boolean>((done) => {
    timer = setTimeout(() => done(false), maxMs);
  });
  return Promise.race([settled, timedOut]).finally(() => clearTimeout(timer));
}

export type StartedApp = {
  element: (onMounted?: () => void) => ReactElement;
  /** See firstPageReady. */
  ready: (maxMs: number) => Promise<boolean>;
  /**
   * True when the app would draw the page already in the HTML: the session is the one it was
   * rendered for (signed out for a page prerendered at build time, the member whose replies a
   * server-rendered page carries) and the router stayed on the page the server sent (no redirect).
   */
  drawsPrerenderedPage: () => boolean;
};

/**
 * Puts the API replies a server-rendered page carries (page-data.ts) into their queries, so the
 * app starts from what the page shows and asks for none of them. Returns the member the page was
 * rendered for (null for a page without replies: a signed-out page), or `unreadable` when they
 * cannot be read: that page is then replaced, never hydrated.
 */
async function seedFromPage(queryClient: QueryClient): Promise<Me | null | 'unreadable'> {
  if (!document.getElementById(PAGE_DATA_ELEMENT_ID)) return null;
  try {
    // On demand: the replies' schemas belong to the member areas, which signed-out pages never load.
    const { readPageReplies, seedPageReplies } = await import('./page-data');
    // Evaluating those schemas and parsing the replies are separate tasks: a phone stays responsive.
    await yieldToBrowser();
    const replies = readPageReplies(document);
    if (!replies) return 'unreadable';
    seedPageReplies(queryClient, replies);
    return queryClient.getQueryData<Me | null>(queryKeys.me) ?? 'unreadable';
  } catch {
    queryClient.clear();
    return 'unreadable';
  }
}

/**
 * Creates the app's query client and browser router, in two steps with the main thread given back
 * between them: first the session check starts, then the router, whose first loaders start the
 * first route's chunk and data while the session is read.
 */
export async function startApp(): Promise<StartedApp> {
  // Any 401 means the session is gone: forgetting the member lets the guard send them to /signin.
  const queryClient = createQueryClient({
    onUnauthenticated: () => queryClient.setQueryData(queryKeys.me, null),
  });
  const renderedFor = await seedFromPage(queryClient);
  void queryClient.prefetchQuery(meQueryOptions());
  await yieldToBrowser();
  const requestedPath = window.location.pathname;
  const router = createBrowserRouter(createRoutes(queryClient));
  return {
    element: (onMounted) => <AppRoot queryClient={queryClient} router={router} onMounted={onMounted} />,
    ready: (maxMs) => firstPageReady(queryClient, router, maxMs),
    drawsPrerenderedPage: () =>
      renderedFor !== 'unreadable' &&
      queryClient.getQueryData<Me | null>(queryKeys.me) === renderedFor &&
      router.state.initialized &&
      router.state.location.pathname === requestedPath,
  };
}
