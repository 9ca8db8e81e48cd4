import {
  type AuthReply,
  authReplySchema,
  type SignInBody,
  type SignInReply,
  type SignUpBody,
  signInReplySchema,
  signUpOptionsSchema,
} from '@royal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/** Signed in, or (a member with two-factor) asked for the second step, with no session yet. */
export function signIn(body: SignInBody): Promise<SignInReply> {
  return api.post(apiPaths.signIn, body, { schema: signInReplySchema });
}

/** Creates the account; the server signs the new member in at once (session cookie). */
export function signUp(body: SignUpBody): Promise<AuthReply> {
  return api.post(apiPaths.signUp, body, { schema: authReplySchema });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (reply) => {
      if ('user' in reply) queryClient.setQueryData(queryKeys.me, reply.user);
    },
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: ({ user }) => queryClient.setQueryData(queryKeys.me, user),
  });
}

/**
 * Whether sign-up asks for an invite code (the server's INVITE_ONLY), asked only once the visitor
 * opens Join the Elite (`enabled`): signing in needs nothing but the session check.
 */
export function useSignUpOptions(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.signUpOptions,
    queryFn: () => api.get(apiPaths.signUpOptions, { schema: signUpOptionsSchema }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
