import { Lock } from 'lucide-react';
import type { PinRecord } from '../app-pin';
import { useFocusOnShow } from '../use-focus-on-show';
import { PinPrompt } from './pin-prompt';

/**
 * The app PIN's lock: the whole screen, in the app's theme but with nothing of the member's (the
 * member area is not drawn, or hidden, behind it), until the PIN is given.
 */
export function LockScreen({
  memberId,
  record,
  appName,
  onUnlocked,
}: {
  memberId: string;
  record: PinRecord;
  appName: string;
  onUnlocked: () => void;
}) {
  const heading = useFocusOnShow<HTMLHeadingElement>();
  return (
    // Focusable itself, so a tap beside the pad keeps the focus here: on <body>, the keys would reach
    // the screen behind (the deck swipes on arrow keys pressed on the page).
    <div
      tabIndex={-1}
      className="fixed inset-0 z-[100] overflow-y-auto bg-background text-foreground focus:outline-none"
    >
      <main className="mx-auto flex min-h-full max-w-sm flex-col items-center justify-center gap-4 px-6 py-10 text-center">
        <span className="flex size-14 items-center justify-center rounded-full border border-border bg-surface">
          <Lock aria-hidden="true" className="size-6 text-primary dark:text-gold-300" />
        </span>
        <h1 ref={heading} tabIndex={-1} className="font-display text-3xl focus:outline-none">
          Enter your PIN
        </h1>
        <p className="text-muted-foreground text-sm">{appName} is locked on this device.</p>
        <PinPrompt memberId={memberId} record={record} tone="app" onUnlocked={onUnlocked} />
      </main>
    </div>
  );
}
