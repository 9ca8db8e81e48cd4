import {
  type BlockBody,
  blockedListSchema,
  emptyReplySchema,
  type ReportBody,
  reportReplySchema,
  safeLocationsSchema,
} from '@royal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export function useSafeLocations() {
  return useQuery({
    queryKey: queryKeys.safeLocations,
    queryFn: ({ signal }) => api.get(apiPaths.safeLocations, { schema: safeLocationsSchema, signal }),
  });
}

export function useBlockedMembers() {
  return useQuery({
    queryKey: queryKeys.blocks,
    queryFn: ({ signal }) => api.get(apiPaths.blocks, { schema: blockedListSchema, signal }),
  });
}

/** After a block or unblock: every list that shows (or hid) the member is read again. */
function useRefreshAfterBlock() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [
      queryKeys.blocks,
      queryKeys.discoveryFeed,
      queryKeys.searches,
      queryKeys.interests,
      queryKeys.memberProfiles,
      queryKeys.matches,
      queryKeys.notifications,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}

export function useBlockMember() {
  const refresh = useRefreshAfterBlock();
  return useMutation({
    mutationFn: (body: BlockBody) =>
      api.post(apiPaths.blocks, body, { schema: z.object({ id: z.string() }) }),
    onSuccess: refresh,
  });
}

export function useUnblockMember() {
  const refresh = useRefreshAfterBlock();
  return useMutation({
    mutationFn: (blockId: string) => api.delete(apiPaths.block(blockId), { schema: emptyReplySchema }),
    onSuccess: refresh,
  });
}

export function useReportMember() {
  const refresh = useRefreshAfterBlock();
  return useMutation({
    mutationFn: (body: ReportBody) => api.post(apiPaths.reports, body, { schema: reportReplySchema }),
    onSuccess: (reply) => {
      if (reply.blocked) refresh();
    },
  });
}
