import { type AnalyticsChart, analyticsChartSchema } from '@royal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/** A range of UTC days, both counted (YYYY-MM-DD). */
export type DayRange = { from: string; to: string };

/** Today's figures are counted live: a minute-old chart is fresh enough for a dashboard. */
const ANALYTICS_STALE_MS = 60_000;

export const analyticsChartQueryOptions = (chart: AnalyticsChart, range: DayRange) =>
  queryOptions({
    queryKey: queryKeys.adminAnalytics(chart, range.from, range.to),
    queryFn: ({ signal }) =>
      api.get(apiPaths.adminAnalytics(chart, range), { schema: analyticsChartSchema, signal }),
    staleTime: ANALYTICS_STALE_MS,
    // A new range keeps the last chart on screen until its figures arrive, rather than a skeleton.
    placeholderData: keepPreviousData,
  });

export const useAnalyticsChart = (chart: AnalyticsChart, range: DayRange) =>
  useQuery(analyticsChartQueryOptions(chart, range));

/** The chart's figures as a CSV file (same-origin: the session cookie goes with the download). */
export const analyticsCsvHref = (chart: AnalyticsChart, range: DayRange) =>
  apiPaths.adminAnalytics(chart, range, 'csv');
