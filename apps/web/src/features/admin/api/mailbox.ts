import { mailboxSchema } from '@royal/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/** The dev mailbox (demo mode only: anywhere else the server answers 404). */
export function useDevMailbox() {
  return useQuery({
    queryKey: queryKeys.devMailbox,
    queryFn: ({ signal }) => api.get(apiPaths.devMailbox, { schema: mailboxSchema, signal }),
    retry: false,
  });
}
