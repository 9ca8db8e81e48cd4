import type { Me, PageReplies, RenderedPage } from '@royal/shared';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { isHeldAtGate } from '@/features/compliance';
import { recordMergedClasses } from '@/lib/cn';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { AppRoot, firstPageReady } from './app';
import { seedPageReplies } from './page-data';
import { createRoutes } from './routes';

/** How long a render waits for the page's chunks (only the first render of a process loads any). */
const READY_TIMEOUT_MS = 5_000;

/**
 * A member's page rendered on the server (docs/decisions/017): the app's own tree (AppRoot) at
 * `path`, with the API replies the server read for that member in their queries — the same replies
 * the HTML then carries, so the browser's first render is this one and it hydrates the markup.
 * Built by vite.config.ts (`prerender`) into dist-ssr/page-renderer.js, which the server loads.
 *
 * Resolves the markup with the class lists it was drawn with (the page carries them, so the browser's
 * first render merges none: lib/cn.ts), or null when the page cannot be drawn from the replies
 * alone: no member in them, the route sends the member elsewhere (gate, onboarding), or it wanted
 * data the page does not carry. The server then sends the page that starts in the browser.
 */
export async function renderPage(path: string, replies: PageReplies): Promise<RenderedPage | null> {
  const queryClient = createQueryClient();
  seedPageReplies(queryClient, replies);
  const me = queryClient.getQueryData<Me | null>(queryKeys.me);
  // The guards send such a member elsewhere from an effect, which a server render never runs: the
  // page would come out empty. (The server does not ask for these pages either.)
  if (!me || me.next_step !== null || isHeldAtGate(me)) return null;
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  try {
    if (!(await firstPageReady(queryClient, router, READY_TIMEOUT_MS))) return null;
    if (router.state.location.pathname !== path) return null;
    // A request the loaders started for data the page does not carry would render as loading here
    // and as data in the browser once its reply arrived: refuse rather than risk a mismatch.
    if (queryClient.isFetching() > 0) return null;
    const { result: markup, classes } = recordMergedClasses(() =>
      renderToString(<AppRoot queryClient={queryClient} router={router} />),
    );
    return { markup, mergedClasses: classes };
  } finally {
    router.dispose();
  }
}
