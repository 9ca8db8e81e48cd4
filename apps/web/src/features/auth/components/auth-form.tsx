import { PASSWORD_MIN_LENGTH, signInBodySchema, signUpBodySchema } from '@royal/shared';
import { type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export type AuthMode = 'sign-in' | 'sign-up';

type FieldErrors = Partial<Record<'email' | 'password', string>>;

const COPY = {
  'sign-in': { submit: 'Enter Royal Circle', busy: 'Entering...', passwordAutocomplete: 'current-password' },
  'sign-up': {
    submit: 'Ascend to Elite Status',
    busy: 'Ascending to Elite...',
    passwordAutocomplete: 'new-password',
  },
} as const;

type AuthFormProps = {
  mode: AuthMode;
  busy: boolean;
  /** What the visitor typed on the other tab, carried over (sign-in-screen.tsx). */
  defaults?: { email: string; password: string };
  /**
   * Sign-up while the server is invite-only: an Invite code field, filled in from an invite link
   * (`?invite=`).
   */
  invite?: { code: string };
  onSubmit: (credentials: { email: string; password: string; invite_code?: string }) => void;
};

/** A field's text as the form holds it. */
const fieldText = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * E-mail + password form of either tab. It checks the fields with the same shared schema the
 * server uses, so obvious mistakes are caught before a request; the server stays the authority.
 * The fields are read from the form when it is sent, not kept in state as they change: the page is
 * prerendered and takes typing (and a password manager's filling) before the app owns it
 * (docs/decisions/019), and all of that counts.
 */
export function AuthForm({ mode, busy, defaults, invite, onSubmit }: AuthFormProps) {
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  // The carried password goes into the field's value, never into its `value` attribute (where
  // React's defaultValue would write it into the page's markup, for any selector or copy of the
  // page to read).
  const password = useRef<HTMLInputElement>(null);
  const carriedPassword = defaults?.password;
  useLayoutEffect(() => {
    if (password.current && carriedPassword) password.current.value = carriedPassword;
  }, [carriedPassword]);
  const copy = COPY[mode];
  const hintId = `${id}-password-hint`;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const email = fieldText(fields, 'email');
    const password = fieldText(fields, 'password');
    const schema = mode === 'sign-in' ? signInBodySchema : signUpBodySchema;
    const inviteCode = invite ? fieldText(fields, 'invite_code') : '';
    const parsed = schema.safeParse({ email, password, ...(inviteCode ? { invite_code: inviteCode } : {}) });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !next[field]) {
          next[field] = email === '' && field === 'email' ? 'Email is required' : issue.message;
        }
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  }

  const describedBy = (field: 'email' | 'password', extra?: string) =>
    [errors[field] ? `${id}-${field}-error` : null, extra].filter(Boolean).join(' ') || undefined;

  return (
    // POST: should the browser ever send the form itself (the app failed to start), the password
    // goes in the body, never into the address bar, the history or a server log.
    <form method="post" noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-email`} className="font-medium text-ivory text-sm">
          Email
        </label>
        <input
          id={`${id}-email`}
          name="email"
          defaultValue={defaults?.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy('email')}
          placeholder="you@example.com"
          className={inputClass(Boolean(errors.email))}
        />
        {errors.email && <FieldError id={`${id}-email-error`} message={errors.email} />}
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={`${id}-password`} className="font-medium text-ivory text-sm">
            Password
          </label>
          {mode === 'sign-up' && (
            <span id={hintId} className="text-royal-100 text-xs">
              min {PASSWORD_MIN_LENGTH} characters
            </span>
          )}
        </div>
        <input
          id={`${id}-password`}
          name="password"
          ref={password}
          type="password"
          autoComplete={copy.passwordAutocomplete}
          required
          minLength={mode === 'sign-up' ? PASSWORD_MIN_LENGTH : undefined}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy('password', mode === 'sign-up' ? hintId : undefined)}
          placeholder="••••••••"
          className={inputClass(Boolean(errors.password))}
        />
        {errors.password && <FieldError id={`${id}-password-error`} message={errors.password} />}
      </div>
      {mode === 'sign-up' && invite && (
        <div className="flex flex-col gap-2">
          <label htmlFor={`${id}-invite`} className="font-medium text-ivory text-sm">
            Invite code
          </label>
          <input
            id={`${id}-invite`}
            name="invite_code"
            defaultValue={invite.code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            aria-describedby={`${id}-invite-hint`}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            className={inputClass(false)}
          />
          <span id={`${id}-invite-hint`} className="text-royal-100 text-xs">
            Royal Circle is invite-only: from your invitation e-mail, or a member's code.
          </span>
        </div>
      )}
      <Button type="submit" variant="gold" size="lg" disabled={busy} aria-busy={busy} className="mt-2 w-full">
        {busy ? copy.busy : copy.submit}
      </Button>
    </form>
  );
}

export function inputClass(invalid: boolean) {
  return cn(
    'min-h-12 w-full rounded-xl border bg-white/10 px-4 text-base text-white placeholder:text-royal-200/60 transition focus:border-gold-300 focus:bg-white/15',
    invalid ? 'border-rose-300' : 'border-white/25 hover:border-white/40',
  );
}

export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="text-rose-200 text-sm">
      {message}
    </p>
  );
}
