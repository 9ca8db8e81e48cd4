import { type WaitlistApplicationBody, waitlistSubmittedSchema } from '@royal/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';

export const applyToWaitlist = (body: WaitlistApplicationBody) =>
  api.post(apiPaths.waitlist, body, { schema: waitlistSubmittedSchema });

export function useApplyToWaitlist() {
  return useMutation({ mutationFn: applyToWaitlist });
}
