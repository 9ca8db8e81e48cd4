import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { AppProviders } from './providers';
import { createRoutes } from './routes';

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
