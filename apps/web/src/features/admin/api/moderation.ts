import {
  type AppealDecisionBody,
  type ModerationDecisionBody,
  moderationItemSchema,
  moderationPageSchema,
  type PhotoModerationStatus,
} from '@royal/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/** The Photo Moderation tab's lists: the three statuses and the appeals queue. */
export type ModerationList = PhotoModerationStatus | 'appeals';

export const moderationQueryOptions = (list: ModerationList) =>
  queryOptions({
    queryKey: queryKeys.moderation(list),
    queryFn: ({ signal }) =>
      api.get(list === 'appeals' ? apiPaths.photoAppeals : apiPaths.moderationPhotos(list), {
        schema: moderationPageSchema,
        signal,
      }),
  });

export function useModerationList(list: ModerationList) {
  return useQuery(moderationQueryOptions(list));
}

/** A decision moves a photo between lists: every list is read again. */
function useRefreshQueue() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.moderationQueue });
}

export function useDecidePhoto() {
  const refresh = useRefreshQueue();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ModerationDecisionBody }) =>
      api.post(apiPaths.moderationDecision(id), body, { schema: moderationItemSchema }),
    onSuccess: () => refresh(),
  });
}

export function useDecideAppeal() {
  const refresh = useRefreshQueue();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AppealDecisionBody }) =>
      api.post(apiPaths.photoAppealDecision(id), body, { schema: moderationItemSchema }),
    onSuccess: () => refresh(),
  });
}
