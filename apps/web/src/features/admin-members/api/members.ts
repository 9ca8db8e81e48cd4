import {
  type AdminMemberDetail,
  type AdminMemberPatch,
  type AdminMemberSort,
  adminMemberDetailSchema,
  adminMembersPageSchema,
  type TierLevel,
} from '@royal/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/** What the Users tab asks the list for; empty fields ask for nothing. */
export type MemberFilters = {
  q: string;
  tier: TierLevel | null;
  verified: boolean | null;
  suspended: boolean | null;
  joinedFrom: string;
  joinedTo: string;
  sort: AdminMemberSort;
};

/** The filters as the API's query parameters, only those set. */
export function memberListParams(filters: MemberFilters): Record<string, string> {
  const params: Record<string, string> = { sort: filters.sort };
  const q = filters.q.trim();
  if (q) params.q = q;
  if (filters.tier !== null) params.tier = String(filters.tier);
  if (filters.verified !== null) params.verified = String(filters.verified);
  if (filters.suspended !== null) params.suspended = String(filters.suspended);
  if (filters.joinedFrom) params.joined_from = filters.joinedFrom;
  if (filters.joinedTo) params.joined_to = filters.joinedTo;
  return params;
}

export const adminMembersQueryOptions = (filters: MemberFilters) => {
  const params = memberListParams(filters);
  return infiniteQueryOptions({
    queryKey: queryKeys.adminMemberList(params),
    queryFn: ({ pageParam, signal }) =>
      api.get(
        apiPaths.adminMembers(
          new URLSearchParams(pageParam ? { ...params, cursor: pageParam } : params).toString(),
        ),
        { schema: adminMembersPageSchema, signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
};

/** The list, page after page; a new search or filter keeps the old rows on screen until it answers. */
export const useAdminMembers = (filters: MemberFilters) =>
  useInfiniteQuery({ ...adminMembersQueryOptions(filters), placeholderData: keepPreviousData });

export const adminMemberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.adminMember(id),
    queryFn: ({ signal }) => api.get(apiPaths.adminMember(id), { schema: adminMemberDetailSchema, signal }),
  });

export const useAdminMember = (id: string) => useQuery(adminMemberQueryOptions(id));

/**
 * The tier dropdown and the verify toggle. The reply is the member's new detail; the lists are read
 * again, so the row shows the change (and leaves a filtered list it no longer matches).
 */
export function useUpdateMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AdminMemberPatch) =>
      api.patch(apiPaths.adminMember(id), patch, { schema: adminMemberDetailSchema }),
    onSuccess: (detail: AdminMemberDetail) => {
      queryClient.setQueryData(queryKeys.adminMember(id), detail);
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminMembers });
      // The summary cards count tiers and paid members.
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminSummary });
    },
  });
}
