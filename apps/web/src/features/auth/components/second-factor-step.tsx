import { AppError, ErrorCode, secondFactorCodeBodySchema } from '@royal/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useSecondFactorSignIn } from '../api/second-factor';

type Props = {
  /** Signed in: go on into the app. */
  onSignedIn: () => void;
  /** The challenge is locked or has expired: back to the password. */
  onRestart: (message: string) => void;
  /** The code was right and the account is suspended or banned: the screen says why. */
  onRefused: (error: AppError) => void;
};

const INPUT =
  'min-h-12 w-full rounded-2xl border border-white/20 bg-white/10 px-4 text-center font-mono text-ivory text-lg tracking-[0.3em] placeholder:text-royal-100/60 focus:border-gold-300 focus:outline-none';

/**
 * The sign-in's second step (decision 057): the 6-digit code from the authenticator app, or one
 * of the backup codes. Five wrong codes lock the step, and the password is asked again.
 */
export function SecondFactorStep({ onSignedIn, onRestart, onRefused }: Props) {
  const id = useId();
  const [backup, setBackup] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const verify = useSecondFactorSignIn();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verify.isPending) return;
    const value = new FormData(event.currentTarget).get('code');
    const parsed = secondFactorCodeBodySchema.safeParse({ code: typeof value === 'string' ? value : '' });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Enter the 6-digit code');
      return;
    }
    setProblem(null);
    verify.mutate(parsed.data, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (error instanceof AppError && error.code === ErrorCode.CHALLENGE_LOCKED) {
          onRestart(error.message);
          return;
        }
        if (
          error instanceof AppError &&
          (error.code === ErrorCode.ACCOUNT_SUSPENDED || error.code === ErrorCode.ACCOUNT_BANNED)
        ) {
          onRefused(error);
          return;
        }
        setProblem(errorMessage(error));
      },
    });
  }

  const label = backup ? 'Backup code' : 'Authentication code';
  return (
    <form noValidate onSubmit={submit} aria-label="Two-factor authentication" className="flex flex-col gap-4">
      <p className="text-center text-royal-100 text-sm">
        {backup
          ? 'Enter one of the backup codes you saved. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code for Royal Circle.'}
      </p>
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-code`} className="font-medium text-ivory text-sm">
          {label}
        </label>
        <input
          key={label}
          id={`${id}-code`}
          name="code"
          // biome-ignore lint/a11y/noAutofocus: the one field of this step, shown after the password
          autoFocus
          inputMode={backup ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          placeholder={backup ? 'xxxxx-xxxxx' : '123456'}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          className={INPUT}
        />
        {problem && (
          <p id={`${id}-error`} role="alert" className="text-red-300 text-sm">
            {problem}
          </p>
        )}
      </div>
      <Button type="submit" aria-disabled={verify.isPending || undefined}>
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <button
        type="button"
        onClick={() => {
          setBackup(!backup);
          setProblem(null);
        }}
        className="min-h-11 text-center text-gold-200 text-sm underline-offset-4 hover:underline"
      >
        {backup ? 'Use the authenticator app instead' : 'Use a backup code instead'}
      </button>
    </form>
  );
}
