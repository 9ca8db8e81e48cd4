import {
  AppError,
  type BanBody,
  type EnforcementAppealDecision,
  ErrorCode,
  enforcementActionSchema,
  enforcementAppealsSchema,
  type LiftBody,
  memberEnforcementSchema,
  type SuspendBody,
} from '@royal/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/** A member's suspension or ban in force, and their history. */
export function useMemberEnforcement(memberId: string) {
  return useQuery({
    queryKey: queryKeys.adminEnforcement(memberId),
    queryFn: ({ signal }) =>
      api.get(apiPaths.adminMemberEnforcement(memberId), { schema: memberEnforcementSchema, signal }),
  });
}

/** What an enforcement change makes stale: the member, their lists' status, the appeals, the audit log. */
function refreshAfterEnforcement(queryClient: QueryClient, memberId: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.adminEnforcement(memberId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.adminMembers });
  void queryClient.invalidateQueries({ queryKey: queryKeys.adminQueues });
  void queryClient.invalidateQueries({ queryKey: queryKeys.adminAuditAll });
}

export type Enforcement =
  | { verb: 'suspend'; body: SuspendBody }
  | { verb: 'ban'; body: BanBody }
  | { verb: 'lift'; body: LiftBody };

/**
 * Suspend, ban or lift. A 409 means the member's state moved meanwhile (another admin acted): the
 * panel is read again, so it shows what now stands.
 */
export function useEnforce(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ verb, body }: Enforcement) =>
      api.post(apiPaths.adminEnforce(memberId, verb), body, { schema: enforcementActionSchema }),
    onSuccess: () => refreshAfterEnforcement(queryClient, memberId),
    onError: (error) => {
      if (error instanceof AppError && error.code === ErrorCode.CONFLICT)
        refreshAfterEnforcement(queryClient, memberId);
    },
  });
}

/** The appeals waiting for a decision (one of the admin queues: its key is under adminQueues). */
export function useEnforcementAppeals() {
  return useQuery({
    queryKey: queryKeys.adminQueue('enforcement-appeals'),
    queryFn: ({ signal }) =>
      api.get(apiPaths.adminEnforcementAppeals, { schema: enforcementAppealsSchema, signal }),
  });
}

export function useDecideAppeal(memberId: string) {
  const queryClient = useQueryClient();
  const refresh = () => refreshAfterEnforcement(queryClient, memberId);
  return useMutation({
    mutationFn: ({ actionId, body }: { actionId: string; body: EnforcementAppealDecision }) =>
      api.post(apiPaths.adminEnforcementAppealDecision(actionId), body, { schema: enforcementActionSchema }),
    onSuccess: refresh,
    onError: (error) => {
      if (
        error instanceof AppError &&
        (error.code === ErrorCode.CONFLICT || error.code === ErrorCode.CLAIMED_BY_OTHER)
      )
        refresh();
    },
  });
}
