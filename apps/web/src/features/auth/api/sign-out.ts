import { emptyReplySchema, type SignOutScope } from '@royal/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { useAuth } from '../auth-context';

export function signOut(scope: SignOutScope = 'local'): Promise<void> {
  return api.post(apiPaths.signOut, { scope }, { schema: emptyReplySchema });
}

/**
 * Ends the session, forgets every cached member query and sends the visitor to `redirectTo`
 * (the top bar goes to /signin, the settings panel to /landing). Rejects with the AppError.
 */
export function useSignOut() {
  const { endSession } = useAuth();
  const mutation = useMutation({ mutationFn: () => signOut('local') });
  return {
    signOut: async (redirectTo: string) => {
      await mutation.mutateAsync();
      endSession(redirectTo);
    },
    isPending: mutation.isPending,
  };
}
