import {
  type DatePlan,
  type DatePlanCheckIn,
  type DatePlanList,
  type DatePlanRatingInput,
  type DatePlanTermsInput,
  datePlanCheckInCodeSchema,
  datePlanListSchema,
  datePlanSchema,
} from '@royal/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

// A chat's date plans (issue 39, decision 069). Every answer of the API is the plan as the member
// sees it now: it replaces the plan in its chat's list, and the wallet is read again, since
// accepting, cancelling and checking in may hold or release deposits.

/** A member's check-in code changes every five minutes (the server's window): read it again before then. */
const CHECK_IN_CODE_REFRESH_MS = 60_000;

export function useDatePlans(matchId: string) {
  return useQuery({
    queryKey: queryKeys.datePlans(matchId),
    queryFn: ({ signal }) => api.get(apiPaths.datePlans(matchId), { schema: datePlanListSchema, signal }),
  });
}

/** Puts the plan the server answered with in its chat's list (first, when it is new). */
function storePlan(queryClient: QueryClient, plan: DatePlan) {
  queryClient.setQueryData<DatePlanList>(queryKeys.datePlans(plan.match_id), (list) => {
    if (!list) return { items: [plan] };
    const known = list.items.some((item) => item.id === plan.id);
    return {
      items: known ? list.items.map((item) => (item.id === plan.id ? plan : item)) : [plan, ...list.items],
    };
  });
  void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
}

function usePlanMutation<Input>(send: (input: Input) => Promise<DatePlan>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (plan) => storePlan(queryClient, plan) });
}

export function useProposeDatePlan(matchId: string) {
  return usePlanMutation((terms: DatePlanTermsInput) =>
    api.post(apiPaths.datePlans(matchId), terms, { schema: datePlanSchema }),
  );
}

export function useCounterDatePlan(planId: string) {
  return usePlanMutation((terms: DatePlanTermsInput) =>
    api.post(apiPaths.datePlanAction(planId, 'counter'), terms, { schema: datePlanSchema }),
  );
}

/** The answers that carry nothing but the plan: accept, decline, cancel, claim. */
export type PlanAnswer = 'accept' | 'decline' | 'cancel' | 'claim';

export function useAnswerDatePlan(planId: string) {
  return usePlanMutation((answer: PlanAnswer) =>
    api.post(apiPaths.datePlanAction(planId, answer), undefined, { schema: datePlanSchema }),
  );
}

export function useCheckInToDatePlan(planId: string) {
  return usePlanMutation((input: DatePlanCheckIn) =>
    api.post(apiPaths.datePlanAction(planId, 'check-in'), input, { schema: datePlanSchema }),
  );
}

export function useDisputeNoShow(planId: string) {
  return usePlanMutation((statement: string) =>
    api.post(apiPaths.datePlanAction(planId, 'dispute'), { statement }, { schema: datePlanSchema }),
  );
}

/** A private rating of a date the member came to. */
export function useRateDatePlan(planId: string) {
  return usePlanMutation((rating: DatePlanRatingInput) =>
    api.post(apiPaths.datePlanAction(planId, 'rating'), rating, { schema: datePlanSchema }),
  );
}

/** The member's own check-in code and its QR image, read only while it is on screen. */
export function useCheckInCode(planId: string, shown: boolean) {
  return useQuery({
    queryKey: queryKeys.datePlanCheckInCode(planId),
    queryFn: ({ signal }) =>
      api.get(apiPaths.datePlanCheckInCode(planId), { schema: datePlanCheckInCodeSchema, signal }),
    enabled: shown,
    refetchInterval: shown ? CHECK_IN_CODE_REFRESH_MS : false,
    staleTime: 0,
  });
}
