import { emptyReplySchema, type SignOutScope } from '@royal/shared';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, errorMessage } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { forgetPrivateData } from '@/lib/service-worker/private-data';
import { useAuth } from '../auth-context';

/** Ends the session; the offline copies of the member's data go with it (docs/decisions/070). */
export async function signOut(scope: SignOutScope = 'local'): Promise<void> {
  await api.post(apiPaths.signOut, { scope }, { schema: emptyReplySchema });
  void forgetPrivateData();
}

/**
 * Ends the session, forgets every cached member query and sends the visitor to `redirectTo`
 * (the top bar goes to /signin, the settings panel to /landing, the More menu to /). Rejects with
 * the AppError.
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

/**
 * The member's own Sign Out (the top bar, the More menu): `useSignOut`, then the spec's 'Signed out'
 * toast (part 1 §2); a failure is an 'Error' toast with the reason, and the member stays signed in.
 */
export function useSignOutWithToast() {
  const { signOut: end, isPending } = useSignOut();
  return {
    signOut: async (redirectTo: string) => {
      try {
        await end(redirectTo);
        toast.success('Signed out', { description: 'You have been signed out successfully' });
      } catch (error) {
        toast.error('Error', { description: errorMessage(error) });
      }
    },
    isPending,
  };
}
