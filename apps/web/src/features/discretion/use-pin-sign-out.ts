import { useState } from 'react';
import { toast } from 'sonner';
import { useSignOut } from '@/features/auth';
import { errorMessage } from '@/lib/api';
import { paths } from '@/lib/paths';
import { MAX_PIN_TRIES, removePin } from './app-pin';

export type PinSignOutReason = 'forgot' | 'tries';

const SIGNED_OUT_TITLE: Record<PinSignOutReason, string> = {
  forgot: 'Signed out',
  tries: `Signed out after ${MAX_PIN_TRIES} wrong PINs`,
};

/**
 * The way out of a PIN the member cannot give ('Forgot PIN? Sign out', or the last wrong try): the
 * session ends, then this member's PIN leaves the device (their password lets them back in, and
 * they may set a new one). Only once the server has ended the session: a sign-out that fails keeps
 * the PIN asked, so a reload cannot open the app without it.
 */
export function usePinSignOut(memberId: string) {
  const { signOut } = useSignOut();
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle');
  async function signOutForPin(reason: PinSignOutReason) {
    setState('pending');
    try {
      await signOut(paths.signIn);
    } catch (error) {
      setState('failed');
      toast.error('Could not sign out', { description: errorMessage(error) });
      return;
    }
    removePin(memberId);
    toast.success(SIGNED_OUT_TITLE[reason], {
      description: 'The PIN was removed from this device. Sign in with your password to set a new one.',
    });
  }
  return { signOutForPin, pending: state === 'pending', failed: state === 'failed' };
}
