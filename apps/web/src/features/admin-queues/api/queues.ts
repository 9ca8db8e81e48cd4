import {
  ADMIN_CLAIM_TTL_MS,
  type AdminQueue,
  AppError,
  adminClaimSchema,
  adminQueueCountsSchema,
  ErrorCode,
  emptyReplySchema,
} from '@royal/shared';
import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/** The tab badges follow other admins' work without a reload, at a pace that costs one statement. */
const COUNTS_REFRESH_MS = 60_000;
/** Renewed well before its 15 minutes run out, for as long as the admin keeps the item open. */
const CLAIM_RENEW_MS = ADMIN_CLAIM_TTL_MS / 3;

export const queueCountsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminQueueCounts,
    queryFn: ({ signal }) => api.get(apiPaths.adminQueueCounts, { schema: adminQueueCountsSchema, signal }),
    refetchInterval: COUNTS_REFRESH_MS,
  });

/** How many items wait in each queue (for the tab labels), by queue name. */
export function useQueueCounts() {
  return useQuery({
    ...queueCountsQueryOptions(),
    select: (data) =>
      Object.fromEntries(data.queues.map((q) => [q.queue, q])) as Partial<
        Record<AdminQueue, (typeof data.queues)[number]>
      >,
  });
}

/**
 * This admin's claim on an item while it is open: taken on open (renewing one they hold), renewed
 * while open. A refusal (another admin holds it, or it was decided) is the query's error, and the
 * renewal keeps asking, so an item another admin lets go becomes this admin's without reopening it.
 */
export function useClaim(queue: AdminQueue, itemId: string) {
  return useQuery({
    queryKey: queryKeys.adminClaim(queue, itemId),
    queryFn: () =>
      api.post(apiPaths.adminQueueClaim(queue, itemId, 'claim'), undefined, { schema: adminClaimSchema }),
    refetchInterval: CLAIM_RENEW_MS,
    refetchOnWindowFocus: false,
    refetchOnMount: 'always',
    retry: false,
    gcTime: 0,
  });
}

/** Lets go of a claim when the admin closes an item undecided; one lost is harmless, it expires. */
export function useReleaseClaim() {
  return useMutation({
    mutationFn: ({ queue, itemId }: { queue: AdminQueue; itemId: string }) =>
      api.post(apiPaths.adminQueueClaim(queue, itemId, 'release'), undefined, { schema: emptyReplySchema }),
  });
}

/** A refusal that says the item is not this admin's to decide now: held by another, or decided. */
export const isTakenElsewhere = (error: unknown) =>
  error instanceof AppError &&
  (error.code === ErrorCode.CLAIMED_BY_OTHER || error.code === ErrorCode.CONFLICT);

/**
 * After a decision (or a refusal saying the item moved on): the queues' lists and counts, and the
 * audit log that now holds the decision, are read again.
 */
export function refreshAfterDecision(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.adminQueues });
  void queryClient.invalidateQueries({ queryKey: queryKeys.adminAuditAll });
}
