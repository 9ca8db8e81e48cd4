import { useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import { checkPin, MAX_PIN_TRIES, type PinRecord } from '../app-pin';
import { usePinSignOut } from '../use-pin-sign-out';
import { PinPad, type PinTone } from './pin-pad';

const LINK_TONES: Record<PinTone, string> = {
  app: 'text-primary hover:underline dark:text-gold-300',
  plain: 'text-[color:LinkText] underline',
};

/**
 * The PIN asked of the member, with its way out: 'Forgot PIN? Sign out'. Once the tries are used up
 * (now, or before a reload) the member is signed out; if that fails, signing out is all that is left.
 */
export function PinPrompt({
  memberId,
  record,
  tone,
  onUnlocked,
}: {
  memberId: string;
  record: PinRecord;
  tone: PinTone;
  onUnlocked: () => void;
}) {
  const { signOutForPin, pending, failed } = usePinSignOut(memberId);
  const lockedOut = record.failures >= MAX_PIN_TRIES;
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the tries run out
  useEffect(() => {
    if (!lockedOut || started.current) return;
    started.current = true;
    void signOutForPin('tries');
  }, [lockedOut]);

  const link = cn(
    'min-h-11 cursor-pointer rounded-full px-3 font-semibold text-sm aria-disabled:cursor-wait',
    LINK_TONES[tone],
  );
  if (lockedOut) {
    return (
      <div className="flex flex-col items-center gap-3 text-center">
        <p role="alert" className="font-semibold">
          Too many wrong PINs.
        </p>
        {failed ? (
          <button type="button" className={link} onClick={() => void signOutForPin('tries')}>
            Sign out
          </button>
        ) : (
          <p role="status">Signing you out…</p>
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-4">
      <PinPad
        digits={record.digits}
        tone={tone}
        onCheck={(pin) => checkPin(memberId, pin)}
        onUnlocked={onUnlocked}
      />
      <button
        type="button"
        aria-disabled={pending || undefined}
        onClick={() => {
          if (!pending) void signOutForPin('forgot');
        }}
        className={link}
      >
        Forgot PIN? Sign out
      </button>
    </div>
  );
}
