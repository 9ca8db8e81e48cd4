import { type ChangePasswordBody, emptyReplySchema } from '@royal/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';

export function postChangePassword(body: ChangePasswordBody): Promise<void> {
  return api.post(apiPaths.changePassword, body, { schema: emptyReplySchema });
}

/** Changes the password; the server signs out every other session and renews this one's cookie. */
export function useChangePassword() {
  return useMutation({ mutationFn: postChangePassword });
}
