import { LINK_INVALID_TEXT, PASSWORD_MIN_LENGTH } from '@royal/shared';
import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { CrownArt } from '@/components/ui/crown';
import { RoyalBackdrop } from '@/components/ui/royal-backdrop';
import { errorMessage, fieldProblems } from '@/lib/api';
import { paths } from '@/lib/paths';
import { useConfirmEmail, useForgotPassword, useResetPassword } from '../api/recovery';
import { checkForgotForm, checkResetForm, type ResetProblems } from '../recovery-form';
import { FieldError, inputClass } from './auth-form';

/** The signed-out screens' frame: the night backdrop, the crown and one card (as the sign-in screen). */
function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="relative min-h-dvh overflow-hidden theme-night bg-night text-ivory">
      <RoyalBackdrop />
      <main className="safe-top safe-bottom relative z-10 mx-auto flex min-h-dvh w-full max-w-md flex-col items-center justify-center px-5 py-10">
        <CrownArt className="w-24" />
        <h1 className="text-gold-foil mt-4 text-center font-display text-3xl">{title}</h1>
        <div className="mt-8 w-full rounded-3xl border border-white/15 bg-royal-950/55 p-5 shadow-[0_30px_80px_-30px_rgba(0,0,0,0.8)] backdrop-blur-xl sm:p-7">
          {children}
        </div>
      </main>
    </div>
  );
}

const BackToSignIn = () => (
  <Link
    to={paths.signIn}
    className="mt-5 block text-center text-gold-200 text-sm underline-offset-4 hover:underline"
  >
    Back to sign in
  </Link>
);

function Notice({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'error' }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={tone === 'error' ? 'text-rose-200' : 'text-royal-50'}
    >
      {children}
    </p>
  );
}

/** A labelled field of these forms, its problem under it (the sign-in form's look). */
function AuthField({
  id,
  label,
  hint,
  problem,
  ...input
}: { id: string; label: string; hint?: string; problem?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="font-medium text-ivory text-sm">
          {label}
        </label>
        {hint && <span className="text-royal-100 text-xs">{hint}</span>}
      </div>
      <input
        id={id}
        required
        {...input}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        className={inputClass(Boolean(problem))}
      />
      {problem && <FieldError id={`${id}-error`} message={problem} />}
    </div>
  );
}

/** Forgot password: the e-mail, then the same reply whether or not it has an account. */
export function ForgotPasswordScreen() {
  const id = useId();
  const forgot = useForgotPassword();
  const [problem, setProblem] = useState<string>();
  const [sent, setSent] = useState<string>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (forgot.isPending) return;
    const value = new FormData(event.currentTarget).get('email');
    const checked = checkForgotForm(typeof value === 'string' ? value : '');
    if ('problems' in checked) return setProblem(checked.problems.email);
    setProblem(undefined);
    forgot.mutate(checked.email, {
      onSuccess: (reply) => setSent(reply.message),
      onError: (error) => setProblem(errorMessage(error)),
    });
  }

  return (
    <AuthCard title="Forgot password?">
      {sent ? (
        <Notice>{sent}</Notice>
      ) : (
        <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-5">
          <p className="text-royal-100 text-sm">
            Enter your e-mail and we will send you a link to choose a new password.
          </p>
          <AuthField
            id={`${id}-email`}
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            problem={problem}
          />
          <Button
            type="submit"
            variant="gold"
            size="lg"
            disabled={forgot.isPending}
            aria-busy={forgot.isPending}
          >
            {forgot.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}

/** Reset password: from the e-mailed link (`?token=`), the new password twice. */
export function ResetPasswordScreen() {
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [problems, setProblems] = useState<ResetProblems>({});
  const [done, setDone] = useState<string>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    const checked = checkResetForm(token, text('new_password'), text('repeat'));
    if ('problems' in checked) return setProblems(checked.problems);
    setProblems({});
    reset.mutate(checked.body, {
      onSuccess: (reply) => setDone(reply.message),
      onError: (error) => {
        const fields = fieldProblems(error);
        setProblems({
          ...fields,
          ...(Object.keys(fields).length === 0 ? { token: errorMessage(error) } : {}),
        });
      },
    });
  }

  if (done) {
    return (
      <AuthCard title="Password reset">
        <Notice>{done}</Notice>
        <Button asChild variant="gold" size="lg" className="mt-5 w-full">
          <Link to={paths.signIn}>Sign in</Link>
        </Button>
      </AuthCard>
    );
  }

  const field = (name: 'new_password' | 'repeat', label: string, hint?: string) => (
    <AuthField
      id={`${id}-${name}`}
      label={label}
      hint={hint}
      name={name}
      type="password"
      autoComplete="new-password"
      problem={problems[name]}
    />
  );

  return (
    <AuthCard title="Choose a new password">
      {token === '' ? (
        <Notice tone="error">{LINK_INVALID_TEXT}</Notice>
      ) : (
        <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-5">
          {field('new_password', 'New password', `min ${PASSWORD_MIN_LENGTH} characters`)}
          {field('repeat', 'Repeat new password')}
          {problems.token && <Notice tone="error">{problems.token}</Notice>}
          <p className="text-royal-100 text-xs">Every device signed in to your account will be signed out.</p>
          <Button
            type="submit"
            variant="gold"
            size="lg"
            disabled={reset.isPending}
            aria-busy={reset.isPending}
          >
            {reset.isPending ? 'Saving...' : 'Set new password'}
          </Button>
        </form>
      )}
      {(token === '' || problems.token) && (
        <Link
          to={paths.forgotPassword}
          className="mt-5 block text-center text-gold-200 text-sm underline-offset-4 hover:underline"
        >
          Ask for a new link
        </Link>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}

/**
 * Where a confirmation link lands: the page sends the token itself (POST), once, so a mail
 * scanner that merely opens the link spends nothing.
 */
export function ConfirmEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmail();
  const sent = useRef(false);
  const { mutate } = confirm;
  useEffect(() => {
    if (sent.current || token === '') return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  return (
    <AuthCard title="Confirm your e-mail">
      {token === '' ? (
        <Notice tone="error">{LINK_INVALID_TEXT}</Notice>
      ) : confirm.isSuccess ? (
        <Notice>{confirm.data.message}</Notice>
      ) : confirm.isError ? (
        <Notice tone="error">{errorMessage(confirm.error)}</Notice>
      ) : (
        <Notice>Confirming...</Notice>
      )}
      <Button asChild variant="gold" size="lg" className="mt-5 w-full">
        <Link to={paths.app}>Continue to Royal Circle</Link>
      </Button>
    </AuthCard>
  );
}
