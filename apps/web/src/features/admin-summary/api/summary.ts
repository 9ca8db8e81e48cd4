import { adminSummarySchema } from '@royal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/** The server counts at most every 30 seconds: asking sooner would only get the same numbers. */
const SUMMARY_STALE_MS = 30_000;

export const adminSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminSummary,
    queryFn: ({ signal }) => api.get(apiPaths.adminSummary, { schema: adminSummarySchema, signal }),
    staleTime: SUMMARY_STALE_MS,
  });

export const useAdminSummary = () => useQuery(adminSummaryQueryOptions());
