import { browserSupportsWebAuthn, WebAuthnError } from '@simplewebauthn/browser';
import { Fingerprint } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { usePasskeySignIn } from '../api/second-factor';

type Props = { onSignedIn: () => void; onFailure: (error: unknown) => void };

/** "Sign in with a passkey": instead of the password, where the browser can (decision 057). */
export function PasskeySignInButton({ onSignedIn, onFailure }: Props) {
  // Drawn in the prerendered page (decision 019) and taken away only in a browser without WebAuthn
  // (few today): a button that appeared once the app started would move the centred sign-in card up
  // under the visitor's finger or pointer, and a press aimed at Enter Royal Circle would miss.
  const [supported, setSupported] = useState(true);
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
