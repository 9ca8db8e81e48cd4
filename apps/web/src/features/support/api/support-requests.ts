import { type SupportRequestBody, supportRequestSchema } from '@royal/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';

export const fileSupportRequest = (body: SupportRequestBody) =>
  api.post(apiPaths.supportRequests, body, { schema: supportRequestSchema });

/** Files a request with the team (Contact Support, Report an Issue). */
export function useFileSupportRequest() {
  return useMutation({ mutationFn: fileSupportRequest });
}
