import {
  type AuthNoticeReply,
  authNoticeReplySchema,
  type ChangeEmailBody,
  type ResetPasswordBody,
} from '@royal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

// E-mail confirmation, password recovery and e-mail change (decision 056). Each reply is a text to
// show: the server words it (the recovery reply never says whether the address has an account).

export function postForgotPassword(email: string): Promise<AuthNoticeReply> {
  return api.post(apiPaths.forgotPassword, { email }, { schema: authNoticeReplySchema });
}

export function postResetPassword(body: ResetPasswordBody): Promise<AuthNoticeReply> {
  return api.post(apiPaths.resetPassword, body, { schema: authNoticeReplySchema });
}

export function postConfirmEmail(token: string): Promise<AuthNoticeReply> {
  return api.post(apiPaths.confirmEmail, { token }, { schema: authNoticeReplySchema });
}

export function postResendConfirmation(): Promise<AuthNoticeReply> {
  return api.post(apiPaths.resendConfirmation, undefined, { schema: authNoticeReplySchema });
}

export function postChangeEmail(body: ChangeEmailBody): Promise<AuthNoticeReply> {
  return api.post(apiPaths.changeEmail, body, { schema: authNoticeReplySchema });
}

export const useForgotPassword = () => useMutation({ mutationFn: postForgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: postResetPassword });
export const useResendConfirmation = () => useMutation({ mutationFn: postResendConfirmation });
export const useChangeEmail = () => useMutation({ mutationFn: postChangeEmail });

/** Opens a confirmation link; the member's own view (if signed in) is read again after. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postConfirmEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
