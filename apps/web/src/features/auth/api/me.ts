import { type Me, sessionReplySchema } from '@royal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isUnauthenticated } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/**
 * The signed-in member, or null when there is no session. GET /api/session answers a signed-out
 * visitor with 200 (so a signed-out page load logs no failed request); a 401 still means signed out.
 */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return (await api.get(apiPaths.session, { schema: sessionReplySchema, signal })).user;
  } catch (error) {
    if (isUnauthenticated(error)) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 60_000,
    retry: false,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
