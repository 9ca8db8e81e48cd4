import { type EnforcementAppealBody, enforcementAppealReplySchema } from '@royal/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';

/** A suspended or banned member's one appeal: no session, the appeal cookie of their refused sign-in. */
export function useAppeal() {
  return useMutation({
    mutationFn: (body: EnforcementAppealBody) =>
      api.post(apiPaths.appeal, body, { schema: enforcementAppealReplySchema }),
  });
}
