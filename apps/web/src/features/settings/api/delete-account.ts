import { type DeleteAccountBody, deleteAccountReplySchema } from '@royal/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';

export function postDeleteAccount(body: DeleteAccountBody) {
  return api.post(apiPaths.deleteAccount, body, { schema: deleteAccountReplySchema });
}

/** Deletes the member's account; the server signs them out everywhere and drops this cookie. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: postDeleteAccount });
}
