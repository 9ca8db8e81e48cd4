import { browserSupportsWebAuthn, WebAuthnError } from '@simplewebauthn/browser';
import { Fingerprint } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { usePasskeySignIn } from '../api/second-factor';

type Props = { onSignedIn: () => void; onFailure: (error: unknown) => void };

/** "Sign in with a passkey": instead of the password, where the browser can (decision 057). */
export function PasskeySignInButton({ onSignedIn, onFailure }: Props) {
  // Known only in the browser: the prerendered page (decision 019) shows no button.
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  const passkey = usePasskeySignIn();
  if (!supported) return null;
  return (
    <Button
      type="button"
      variant="glass"
      className="mt-4 w-full"
      aria-disabled={passkey.isPending || undefined}
      onClick={() => {
        if (passkey.isPending) return;
        passkey.mutate(undefined, {
          onSuccess: onSignedIn,
          onError: (error) => {
            // The member closed the browser's own dialog: nothing to tell them.
            if (error instanceof WebAuthnError && error.name === 'NotAllowedError') return;
            onFailure(error);
          },
        });
      }}
    >
      <Fingerprint aria-hidden className="size-4" />
      {passkey.isPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
    </Button>
  );
}
