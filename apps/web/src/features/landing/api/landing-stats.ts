import { LANDING_STATS_TTL_MS, type LandingStats, landingStatsSchema } from '@royal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/** A stalled reply gives up (the figures are then left out) rather than keep skeletons on screen. */
const STATS_TIMEOUT_MS = 8_000;

export function getLandingStats(signal?: AbortSignal): Promise<LandingStats> {
  return api.get(apiPaths.landingStats, { schema: landingStatsSchema, signal, timeoutMs: STATS_TIMEOUT_MS });
}

/** Counted on the server once per window: asking again sooner would only get the same figures. */
export const landingStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.landingStats,
    queryFn: ({ signal }) => getLandingStats(signal),
    staleTime: LANDING_STATS_TTL_MS,
    retry: 1,
  });

export function useLandingStats() {
  return useQuery(landingStatsQueryOptions());
}
