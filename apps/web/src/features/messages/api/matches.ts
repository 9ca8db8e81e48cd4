import { type MatchList, matchListSchema } from '@royal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export function getMatches(signal?: AbortSignal): Promise<MatchList> {
  return api.get(apiPaths.matches, { schema: matchListSchema, signal });
}

export const matchesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.matches, queryFn: ({ signal }) => getMatches(signal) });

/** The member's matches; the realtime channel invalidates it when a message or match arrives. */
export function useMatches() {
  return useQuery(matchesQueryOptions());
}
