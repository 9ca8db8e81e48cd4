// The data export's API, outside api/: that folder loads with the member frame (vite.config.ts,
// member-data), and an export is asked for only on the Settings page.
import {
  type DataExport,
  dataExportSchema,
  type LatestDataExport,
  latestDataExportSchema,
} from '@royal/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export function getLatestDataExport(signal?: AbortSignal): Promise<LatestDataExport> {
  return api.get(apiPaths.dataExport, { schema: latestDataExportSchema, signal });
}

export const latestDataExportQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.dataExport,
    queryFn: ({ signal }) => getLatestDataExport(signal),
    // While an archive is being prepared, look again every few seconds: the job starts at once and
    // usually takes seconds, and a member waiting on the page should see the link soon after.
    refetchInterval: (query) => (query.state.data?.export?.status === 'pending' ? 5_000 : false),
  });

/** The member's latest export (Account Management shows its state). */
export function useLatestDataExport() {
  return useQuery(latestDataExportQueryOptions());
}

export function postDataExport(): Promise<DataExport> {
  return api.post(apiPaths.dataExport, undefined, { schema: dataExportSchema });
}

/** Asks for an export (one a day; the server says when the next is possible) and shows it pending. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDataExport,
    onSuccess: (created) => queryClient.setQueryData(queryKeys.dataExport, { export: created }),
  });
}
