import { type Interests, interestsSchema } from '@royal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export function getInterests(signal?: AbortSignal): Promise<Interests> {
  return api.get(apiPaths.interests, { schema: interestsSchema, signal });
}

export const interestsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.interests, queryFn: ({ signal }) => getInterests(signal) });

export function useInterests() {
  return useQuery(interestsQueryOptions());
}
