import { type SwipeAllowance, swipeAllowanceSchema } from '@royal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export function getSwipeAllowance(signal?: AbortSignal): Promise<SwipeAllowance> {
  return api.get(apiPaths.swipeAllowance, { schema: swipeAllowanceSchema, signal });
}

/** Super likes left today and the tokens held; a super like, a token like or a paid boost refreshes it. */
export const swipeAllowanceQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.swipeAllowance, queryFn: ({ signal }) => getSwipeAllowance(signal) });

export function useSwipeAllowance(enabled = true) {
  return useQuery({ ...swipeAllowanceQueryOptions(), enabled });
}
