import type { Me } from '@royal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isUnauthenticated } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in member, or null when there is no session (a 401 is an answer, not an error). */
export async function getMe(): Promise<Me | null> {
  try {
    return await api.get<Me>('/api/me');
  } catch (error) {
    if (isUnauthenticated(error)) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: getMe,
    staleTime: 60_000,
    retry: false,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
