import { type Me, meSchema } from '@royal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isUnauthenticated } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in member, or null when there is no session (a 401 is an answer, not an error). */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api.get(apiPaths.me, { schema: meSchema, signal });
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
