import { meSchema, type OnboardingBody } from '@royal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardingBody) => api.post(apiPaths.onboarding, body, { schema: meSchema }),
    // The reply is the member with next_step null: the guards let them into the app at once.
    onSuccess: (me) => queryClient.setQueryData(queryKeys.me, me),
  });
}
