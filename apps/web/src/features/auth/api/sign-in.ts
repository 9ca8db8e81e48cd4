import type { Me, SignInBody, SignUpBody } from '@royal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

type AuthReply = { user: Me };

export function signIn(body: SignInBody): Promise<AuthReply> {
  return api.post<AuthReply>('/api/auth/sign-in', body);
}

/** Creates the account; the server signs the new member in at once (session cookie). */
export function signUp(body: SignUpBody): Promise<AuthReply> {
  return api.post<AuthReply>('/api/auth/sign-up', body);
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
