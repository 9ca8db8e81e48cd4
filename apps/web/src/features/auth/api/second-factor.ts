import {
  type AuthReply,
  authReplySchema,
  passkeyOptionsReplySchema,
  type SecondFactorCodeBody,
  type SignInReply,
} from '@royal/shared';
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/** The password was right and the member has two-factor: the code is asked next. */
export const needsSecondFactor = (reply: SignInReply) => 'second_factor_required' in reply;

/** The second step: a code from the authenticator app or a backup code (the challenge is a cookie). */
export function signInSecondFactor(body: SecondFactorCodeBody): Promise<AuthReply> {
  return api.post(apiPaths.signInSecondFactor, body, { schema: authReplySchema });
}

/** Asks the browser for one of this site's passkeys and signs in with it. */
export async function signInWithPasskey(): Promise<AuthReply> {
  const { challenge_id, options } = await api.post(apiPaths.passkeySignInOptions, undefined, {
    schema: passkeyOptionsReplySchema,
  });
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return api.post(apiPaths.passkeySignIn, { challenge_id, response }, { schema: authReplySchema });
}

function useSignedIn<T>(mutationFn: (input: T) => Promise<AuthReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ user }) => queryClient.setQueryData(queryKeys.me, user),
  });
}

export const useSecondFactorSignIn = () => useSignedIn(signInSecondFactor);
export const usePasskeySignIn = () => useSignedIn((_: undefined) => signInWithPasskey());
