import { Delete } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import type { PinCheck } from '../app-pin';

/** The app's own look (the lock screen), or the neutral page's system colours. */
export type PinTone = 'app' | 'plain';

const KEY_TONES: Record<PinTone, string> = {
  app: 'border border-border bg-surface-muted text-foreground hover:bg-surface focus-visible:outline-2 focus-visible:outline-ring',
  plain:
    'border border-[color:ButtonBorder] bg-[color:ButtonFace] text-[color:ButtonText] focus-visible:outline-2 focus-visible:outline-[color:Highlight]',
};
const DOT_TONES: Record<PinTone, { filled: string; empty: string }> = {
  app: { filled: 'border-foreground bg-foreground', empty: 'border-muted-foreground' },
  plain: { filled: 'border-[color:CanvasText] bg-[color:CanvasText]', empty: 'border-[color:CanvasText]' },
};
const PROBLEM_TONES: Record<PinTone, string> = {
  app: 'text-red-600 dark:text-red-300',
  plain: 'text-[color:CanvasText]',
};

const DIGIT_ROWS = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
] as const;

const triesLeftText = (tries: number) => `Wrong PIN. ${tries} ${tries === 1 ? 'try' : 'tries'} left.`;

/**
 * A PIN pad: ten digit keys and Delete, which the keyboard's digits and Backspace also press.
 * The entry is checked as soon as it has the PIN's number of digits; a wrong one is cleared with the
 * tries left.
 */
export function PinPad({
  digits,
  tone,
  onCheck,
  onUnlocked,
}: {
  digits: number;
  tone: PinTone;
  onCheck: (pin: string) => Promise<PinCheck>;
  onUnlocked: () => void;
}) {
  const [entry, setEntry] = useState('');
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(pin: string) {
    setChecking(true);
    setProblem(null);
    let result: PinCheck;
    try {
      result = await onCheck(pin);
    } catch {
      result = { right: false, triesLeft: -1 };
    }
    if (result.right) {
      onUnlocked();
      return;
    }
    setChecking(false);
    setEntry('');
    setProblem(
      result.triesLeft < 0
        ? 'The PIN could not be checked. Please try again.'
        : result.triesLeft === 0
          ? 'Too many wrong PINs.'
          : triesLeftText(result.triesLeft),
    );
  }

  function press(key: string) {
    if (checking) return;
    if (key === 'Delete') {
      setEntry(entry.slice(0, -1));
      return;
    }
    const next = `${entry}${key}`.slice(0, digits);
    setEntry(next);
    if (next.length === digits) void submit(next);
  }

  // The keyboard types too: the pad is the only thing on screen while it shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `press` reads this render's entry
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (/^\d$/.test(event.key)) press(event.key);
      else if (event.key === 'Backspace') press('Delete');
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [entry, checking]);

  const key = cn(
    'inline-flex size-16 cursor-pointer select-none items-center justify-center rounded-full text-2xl tabular-nums transition aria-disabled:cursor-wait aria-disabled:opacity-60',
    KEY_TONES[tone],
  );
  return (
    <div className="flex flex-col items-center gap-5">
      <div aria-hidden="true" className="flex h-4 items-center gap-3">
        {Array.from({ length: digits }, (_, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, nothing moves
            key={i}
            className={cn(
              'size-3.5 rounded-full border-2',
              i < entry.length ? DOT_TONES[tone].filled : DOT_TONES[tone].empty,
            )}
          />
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {checking ? 'Checking your PIN…' : `${entry.length} of ${digits} digits entered`}
      </p>
      <p role="alert" className={cn('min-h-5 text-center font-semibold text-sm', PROBLEM_TONES[tone])}>
        {problem}
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: a keypad, not a set of form fields */}
      <div role="group" aria-label="PIN pad" className="grid grid-cols-3 gap-4">
        {DIGIT_ROWS.flat().map((digit) => (
          <PadKey key={digit} className={key} busy={checking} onPress={() => press(digit)}>
            {digit}
          </PadKey>
        ))}
        <span aria-hidden="true" />
        <PadKey className={key} busy={checking} onPress={() => press('0')}>
          0
        </PadKey>
        <PadKey className={key} busy={checking} onPress={() => press('Delete')} label="Delete last digit">
          <Delete aria-hidden="true" className="size-6" />
        </PadKey>
      </div>
    </div>
  );
}

function PadKey({
  className,
  busy,
  onPress,
  label,
  children,
}: {
  className: string;
  busy: boolean;
  onPress: () => void;
  label?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      // Not `disabled`: a disabled key would drop the focus it holds while the PIN is checked.
      aria-disabled={busy || undefined}
      onClick={onPress}
      className={className}
    >
      {children}
    </button>
  );
}
