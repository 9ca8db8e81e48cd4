import { type AuthReply, authReplySchema, type SignInBody, type SignUpBody } from '@royal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export function signIn(body: SignInBody): Promise<AuthReply> {
  return api.post(apiPaths.signIn, body, { schema: authReplySchema });
}

/** Creates the account; the server signs the new member in at once (session cookie). */
export function signUp(body: SignUpBody): Promise<AuthReply> {
  return api.post(apiPaths.signUp, body, { schema: authReplySchema });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => queryClient.setQueryData(queryKeys.me, user),
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: ({ user }) => queryClient.setQueryData(queryKeys.me, user),
  });
}
