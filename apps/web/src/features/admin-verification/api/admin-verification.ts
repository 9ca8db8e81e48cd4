import {
  AppError,
  adminVerificationListSchema,
  ErrorCode,
  type VerificationStatus,
  verificationLinksSchema,
  verificationRequestSchema,
} from '@royal/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/** Links live 5 minutes on the server: ask for fresh ones well before. */
const LINK_REFRESH_MS = 4 * 60_000;

export const adminVerificationsQueryOptions = (status: VerificationStatus) =>
  queryOptions({
    queryKey: queryKeys.adminVerification(status),
    queryFn: ({ signal }) =>
      api.get(apiPaths.adminVerificationRequests(status), { schema: adminVerificationListSchema, signal }),
  });

export const useAdminVerifications = (status: VerificationStatus) =>
  useQuery(adminVerificationsQueryOptions(status));

/** Short-lived, viewer-bound links to one request's images (never part of the list). */
export function useVerificationLinks(requestId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.verificationLinks(requestId),
    queryFn: () =>
      api.post(apiPaths.verificationLinks(requestId), undefined, { schema: verificationLinksSchema }),
    enabled,
    staleTime: LINK_REFRESH_MS,
    refetchInterval: LINK_REFRESH_MS,
    gcTime: LINK_REFRESH_MS,
  });
}

export type DecisionInput = { requestId: string; action: 'approve' | 'reject'; reason?: string };

/**
 * Approve or reject. A 409 means the request is no longer pending (another admin decided it, or it
 * expired undecided): the lists are read again, so its card moves to where it now belongs.
 */
export function useDecideVerification() {
  const queryClient = useQueryClient();
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: queryKeys.adminVerifications });
  return useMutation({
    mutationFn: ({ requestId, action, reason }: DecisionInput) =>
      api.post(
        apiPaths.adminVerificationDecision(requestId, action),
        action === 'reject' ? { reason } : undefined,
        {
          schema: verificationRequestSchema,
        },
      ),
    onSuccess: refreshLists,
    onError: (error) => {
      if (error instanceof AppError && error.code === ErrorCode.CONFLICT) void refreshLists();
    },
  });
}
