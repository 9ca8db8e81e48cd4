import { type MemberProfile, memberProfileSchema } from '@royal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export function getMemberProfile(id: string, signal?: AbortSignal): Promise<MemberProfile> {
  return api.get(apiPaths.member(id), { schema: memberProfileSchema, signal });
}

// Opening the page records a profile view on the server, so it is not refetched behind the
// member's back; a swipe updates the cached profile directly (see useSwipe).
export const memberProfileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.memberProfile(id),
    queryFn: ({ signal }) => getMemberProfile(id, signal),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

export function useMemberProfile(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...memberProfileQueryOptions(id), enabled });
}
