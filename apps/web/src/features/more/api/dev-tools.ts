import { devToolsStatusSchema, SAMPLE_PROFILES_PER_CLICK, sampleProfilesResultSchema } from '@royal/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/** Whether the demo tools are on (demo mode); asked only for admins, the only ones it answers. */
export function useDevToolsStatus(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.devToolsStatus,
    queryFn: () => api.get(apiPaths.devToolsStatus, { schema: devToolsStatusSchema }),
    enabled,
    // Demo mode is the server's start-up setting: it does not change while the app is open.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useCreateSampleProfiles() {
  return useMutation({
    mutationFn: () =>
      api.post(
        apiPaths.devSampleProfiles,
        { count: SAMPLE_PROFILES_PER_CLICK },
        { schema: sampleProfilesResultSchema },
      ),
  });
}
