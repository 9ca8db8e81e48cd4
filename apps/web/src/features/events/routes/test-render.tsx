import type { Me } from '@royal/shared';
import { createTestQueryClient } from '@test/render';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AppProviders } from '@/app/providers';
import { paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import EventDetailsRoute from './event-details';
import EventFormRoute from './event-form';
import EventsRoute from './events';

// Test-only: the events screens on their real paths (so their URL parameters are read as in the
// app), signed in as `me`, with the current path in the `location` test id.

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

const withLocation = (element: ReactNode) => (
  <>
    {element}
    <Location />
  </>
);

export function renderEventRoute(path: string, me: Me) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.me, me);
  const router = createMemoryRouter(
    [
      { path: paths.events, element: withLocation(<EventsRoute />) },
      { path: paths.eventDetails, element: withLocation(<EventDetailsRoute />) },
      { path: paths.eventNew, element: withLocation(<EventFormRoute />) },
      { path: paths.event, element: withLocation(<EventFormRoute />) },
      { path: '*', element: withLocation(<p>Elsewhere</p>) },
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
