import { checkInBodySchema } from '@royal/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';

const FIELD =
  'min-h-12 w-full min-w-0 rounded-xl border border-border bg-surface px-3 font-mono text-base text-foreground focus-visible:outline-2 focus-visible:outline-gold-400 aria-invalid:border-rose-500';

/**
 * The last fallback: the code printed under the ticket's QR, typed in. `onSubmit` resolves true when
 * the ticket was accepted, and the field is emptied for the next guest; a refused code stays, to be
 * corrected.
 */
export function CheckInCodeForm({
  onSubmit,
  pending,
}: {
  onSubmit: (code: string) => Promise<boolean>;
  pending: boolean;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkInBodySchema.safeParse({ code });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Enter the ticket code');
      return;
    }
    if (await onSubmit(checked.data.code)) setCode('');
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-semibold text-foreground text-sm">
        Ticket code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setProblem(null);
          }}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder="RC1…"
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className={FIELD}
        />
        <Button type="submit" size="lg" className="shrink-0" disabled={pending}>
          Check In
        </Button>
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-rose-600 text-sm dark:text-rose-300">
          {problem}
        </p>
      )}
    </form>
  );
}
