import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import SignInScreen from '@/features/auth/routes/sign-in';
import { paths } from '@/lib/paths';
import { createQueryClient } from '@/lib/query-client';

/**
 * Signed-out screens painted from the HTML itself: the build (vite.config.ts, `prerender`) renders
 * each to markup inside its own copy of index.html, `<name>.html`, which the server sends for the
 * path. The page shows as soon as the HTML and the stylesheet arrive, before any script runs; the
 * app replaces it with the live screen when it is ready (main.tsx). Only pages that look the same
 * for every visitor belong here.
 */
const PAGES: Record<string, { path: string; Screen: ComponentType }> = {
  signin: { path: paths.signIn, Screen: SignInScreen },
};

export function prerenderPages(): { name: string; markup: string }[] {
  return Object.entries(PAGES).map(([name, { path, Screen }]) => ({
    name,
    markup: renderToString(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Screen />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  }));
}
