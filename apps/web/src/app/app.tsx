import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { AppProviders } from './providers';
import { routes } from './routes';

// Any 401 means the session is gone: forgetting the member lets the guard send them to /signin.
const queryClient = createQueryClient({
  onUnauthenticated: () => queryClient.setQueryData(queryKeys.me, null),
});
const router = createBrowserRouter(routes);

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
