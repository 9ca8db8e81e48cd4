import {
  type AdminQueue,
  DATE_PLAN_DECISIONS,
  type DatePlanDecisionBody,
  datePlanDisputesSchema,
  decidedReportSchema,
  type ReportDecisionBody,
  reportHistorySchema,
  reportsQueueSchema,
  supportRequestSchema,
  supportRequestsPageSchema,
  type WaitlistDeclineBody,
  waitlistApplicationSchema,
  waitlistPageSchema,
} from '@royal/shared';
import {
  infiniteQueryOptions,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { api, type ResponseParser } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { isTakenElsewhere, refreshAfterDecision } from './queues';

// Each queue's open items and its decisions. Queues are read oldest first: whoever has waited
// longest is answered first (the reports list is oldest first on the server already).
const OLDEST_OPEN = 'status=open&order=oldest';
const OLDEST_PENDING = 'status=pending&order=oldest';

export function useOpenReports() {
  return useQuery({
    queryKey: queryKeys.adminQueue('reports'),
    queryFn: ({ signal }) => api.get(apiPaths.adminOpenReports, { schema: reportsQueueSchema, signal }),
  });
}

/** Disputed no-show claims on date plans (issue 39), oldest dispute first (the server's order). */
export function useDatePlanDisputes() {
  return useQuery({
    queryKey: queryKeys.adminDatePlanDisputes,
    queryFn: ({ signal }) =>
      api.get(apiPaths.adminDatePlanDisputes, { schema: datePlanDisputesSchema, signal }),
  });
}

/** The reported member's other reports and how each ended, beside the report at hand. */
export function useReportHistory(reportId: string) {
  return useQuery({
    queryKey: queryKeys.adminReportHistory(reportId),
    queryFn: ({ signal }) =>
      api.get(apiPaths.adminReportHistory(reportId), { schema: reportHistorySchema, signal }),
  });
}

/** A cursor-paged queue, page after page as the admin asks for more. */
function queuePages<T extends { next_cursor: string | null }>(
  queue: AdminQueue,
  path: (cursor: string | null) => string,
  schema: ResponseParser<T>,
) {
  return infiniteQueryOptions({
    queryKey: queryKeys.adminQueue(queue) as QueryKey,
    queryFn: ({ pageParam, signal }) => api.get(path(pageParam), { schema, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: T) => page.next_cursor,
  });
}

export const useOpenSupportRequests = () =>
  useInfiniteQuery(
    queuePages(
      'support-requests',
      (cursor) => apiPaths.adminSupportRequests(OLDEST_OPEN, cursor),
      supportRequestsPageSchema,
    ),
  );

export const usePendingApplications = () =>
  useInfiniteQuery(
    queuePages('waitlist', (cursor) => apiPaths.adminWaitlist(OLDEST_PENDING, cursor), waitlistPageSchema),
  );

/**
 * A queue decision: on success, and on a refusal saying the item moved on (decided, or claimed by
 * another admin), the lists, counts and audit log are read again.
 */
function useQueueDecision<Input, Reply>(send: (input: Input) => Promise<Reply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => refreshAfterDecision(queryClient),
    onError: (error) => {
      if (isTakenElsewhere(error)) refreshAfterDecision(queryClient);
    },
  });
}

export const useDecideReport = () =>
  useQueueDecision(({ id, body }: { id: string; body: ReportDecisionBody }) =>
    api.post(apiPaths.adminReportDecision(id), body, { schema: decidedReportSchema }),
  );

export const useCloseSupportRequest = () =>
  useQueueDecision(({ id }: { id: string }) =>
    api.post(apiPaths.adminSupportRequestClose(id), undefined, { schema: supportRequestSchema }),
  );

export type ApplicationDecision =
  | { id: string; verb: 'approve' }
  | { id: string; verb: 'decline'; body: WaitlistDeclineBody };

export const useDecideApplication = () =>
  useQueueDecision((decision: ApplicationDecision) =>
    api.post(
      apiPaths.adminWaitlistDecision(decision.id, decision.verb),
      decision.verb === 'decline' ? decision.body : undefined,
      { schema: waitlistApplicationSchema },
    ),
  );

/** What the web reads of a dispute's decision: which way it went (the plan is settled). */
const decidedDisputeSchema = z.object({ id: z.string(), outcome: z.enum(DATE_PLAN_DECISIONS) });

/** Settles a disputed no-show claim's deposits; a second decision is refused with 409 (CONFLICT). */
export const useDecideDispute = () =>
  useQueueDecision(({ id, body }: { id: string; body: DatePlanDecisionBody }) =>
    api.post(apiPaths.adminDatePlanDecision(id), body, { schema: decidedDisputeSchema }),
  );
