import type { Me } from '@royal/shared';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createRoutes } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** A fresh client per test: no retries, nothing shared between tests. */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient({ onUnauthenticated: () => client.setQueryData(queryKeys.me, null) });
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    queries: { ...defaults.queries, retry: false },
    mutations: { ...defaults.mutations, retry: false },
  });
  return client;
}

/** The whole app (real routes, providers, guards) at `path`. Mock the session check (SESSION) in the test. */
export function renderApp(path: string) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, user, router, queryClient };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/**
 * One component inside the app's providers, signed in as `me` (seeded, so no /api/me request),
 * at `path`. The current path is shown in the `location` test id.
 */
export function renderSignedIn(ui: ReactNode, { me, path = '/app' }: { me: Me; path?: string }) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.me, me);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, user, router, queryClient };
}
