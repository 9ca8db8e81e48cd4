import {
  type BackupCodesRegenerateBody,
  backupCodesReplySchema,
  emptyReplySchema,
  passkeyListSchema,
  passkeyOptionsReplySchema,
  passkeySchema,
  sessionListSchema,
  signedOutCountSchema,
  twoFactorEnrolReplySchema,
  twoFactorStatusSchema,
} from '@royal/shared';
import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

// Settings → Security (decision 057): two-factor, passkeys and sessions.

export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: queryKeys.twoFactor,
    queryFn: () => api.get(apiPaths.twoFactor, { schema: twoFactorStatusSchema }),
  });

export const usePasskeys = () =>
  useQuery({
    queryKey: queryKeys.passkeys,
    queryFn: async () => (await api.get(apiPaths.passkeys, { schema: passkeyListSchema })).passkeys,
  });

export const useMemberSessions = () =>
  useQuery({
    queryKey: queryKeys.sessions,
    queryFn: async () => (await api.get(apiPaths.memberSessions, { schema: sessionListSchema })).sessions,
  });

/** A mutation that refreshes `key` (and `me`, whose admin state may follow) once it has run. */
function useSecurityMutation<I, O>(key: readonly string[], mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useStartTwoFactor = () =>
  useMutation({
    mutationFn: (password: string) =>
      api.post(apiPaths.twoFactorEnrol, { password }, { schema: twoFactorEnrolReplySchema }),
  });

export const useConfirmTwoFactor = () =>
  useSecurityMutation(queryKeys.twoFactor, (code: string) =>
    api.post(apiPaths.twoFactorConfirm, { code }, { schema: backupCodesReplySchema }),
  );

export const useDisableTwoFactor = () =>
  useSecurityMutation(queryKeys.twoFactor, (code: string) =>
    api.post(apiPaths.twoFactorDisable, { code }, { schema: emptyReplySchema }),
  );

/** Ten new backup codes for the password or a code; the old ones stop working. */
export const useRegenerateBackupCodes = () =>
  useSecurityMutation(queryKeys.twoFactor, (proof: BackupCodesRegenerateBody) =>
    api.post(apiPaths.twoFactorBackupCodes, proof, { schema: backupCodesReplySchema }),
  );

/** Asks the password, then the browser for a new passkey, and stores it under `name`. */
export const useAddPasskey = () =>
  useSecurityMutation(queryKeys.passkeys, async ({ password, name }: { password: string; name: string }) => {
    const { challenge_id, options } = await api.post(
      apiPaths.passkeyOptions,
      { password },
      { schema: passkeyOptionsReplySchema },
    );
    const response = await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
    return api.post(apiPaths.passkeys, { challenge_id, name, response }, { schema: passkeySchema });
  });

export const useRenamePasskey = () =>
  useSecurityMutation(queryKeys.passkeys, ({ id, name }: { id: string; name: string }) =>
    api.patch(apiPaths.passkey(id), { name }, { schema: passkeySchema }),
  );

export const useRemovePasskey = () =>
  useSecurityMutation(queryKeys.passkeys, (id: string) =>
    api.delete(apiPaths.passkey(id), { schema: emptyReplySchema }),
  );

export const useSignOutSession = () =>
  useSecurityMutation(queryKeys.sessions, (id: string) =>
    api.delete(apiPaths.memberSession(id), { schema: emptyReplySchema }),
  );

export const useSignOutOtherSessions = () =>
  useSecurityMutation(queryKeys.sessions, () =>
    api.post(apiPaths.signOutOtherSessions, undefined, { schema: signedOutCountSchema }),
  );

/** The backup codes as a text file to keep. */
export function backupCodesFile(codes: readonly string[]): string {
  return [
    'Royal Circle backup codes',
    'Each code signs you in once, in place of the code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}
