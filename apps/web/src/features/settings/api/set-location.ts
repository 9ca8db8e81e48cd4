import { type LocationBody, type MyLocation, myLocationSchema } from '@royal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export function putMyLocation(body: LocationBody): Promise<MyLocation> {
  return api.put(apiPaths.myLocation, body, { schema: myLocationSchema });
}

/** Sets the member's location; their profile and every distance they see change with it. */
export function useSetMyLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putMyLocation,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
        queryClient.invalidateQueries({ queryKey: queryKeys.searches }),
        queryClient.invalidateQueries({ queryKey: queryKeys.discoveryFeed }),
      ]);
    },
  });
}
