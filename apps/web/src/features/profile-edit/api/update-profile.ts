import { meSchema, type ProfileUpdate } from '@royal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => api.patch(apiPaths.profile, body, { schema: meSchema }),
    onSuccess: (me) => {
      queryClient.setQueryData(queryKeys.me, me);
      // Cards and pages that show this member (name, city, tags) read the new profile.
      void queryClient.invalidateQueries({ queryKey: queryKeys.memberProfiles });
    },
  });
}
