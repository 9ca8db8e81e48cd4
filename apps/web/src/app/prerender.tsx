import type { RenderedPage } from '@royal/shared';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { recordMergedClasses } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { AppRoot, firstPageReady } from './app';
import { createRoutes } from './routes';

/**
 * Signed-out screens painted from the HTML itself: the build (vite.config.ts, `prerender`) renders
 * each to markup inside its own copy of index.html, `<name>.html`, which the server sends for the
 * path. The page shows as soon as the HTML and the stylesheet arrive, before any script runs. The
 * markup is the app's own tree (AppRoot) at that path for a signed-out visitor, so the browser
 * hydrates it when it starts (boot.tsx) rather than drawing the page again. Only pages that look the
 * same for every signed-out visitor belong here.
 */
const PAGES: Record<string, string> = {
  signin: paths.signIn,
  landing: paths.landing,
};

/** How long the build waits for a page's chunks; a page that is not ready by then fails the build. */
const READY_TIMEOUT_MS = 30_000;

export async function prerenderPages(): Promise<({ name: string } & RenderedPage)[]> {
  return Promise.all(
    Object.entries(PAGES).map(async ([name, path]) => {
      const queryClient = createQueryClient();
      queryClient.setQueryData(queryKeys.me, null);
      const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
      if (!(await firstPageReady(queryClient, router, READY_TIMEOUT_MS)))
        throw new Error(`prerender: ${path} was not ready after ${READY_TIMEOUT_MS} ms`);
      if (router.state.location.pathname !== path)
        throw new Error(
          `prerender: ${path} redirects a signed-out visitor to ${router.state.location.pathname}`,
        );
      // With the class lists it was drawn with, which the page carries (lib/cn.ts).
      const { result: markup, classes } = recordMergedClasses(() =>
        renderToString(<AppRoot queryClient={queryClient} router={router} />),
      );
      router.dispose();
      return { name, markup, mergedClasses: classes };
    }),
  );
}
