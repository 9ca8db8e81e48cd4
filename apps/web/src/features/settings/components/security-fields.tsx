import { secondFactorCodeBodySchema } from '@royal/shared';
import { TextField } from './form-field';

// The fields Settings → Security asks before a change to how the member signs in.

/** The shared schema's word on a typed code (6 digits or a backup code), or null when it will do. */
export const codeProblem = (code: string) => {
  const parsed = secondFactorCodeBodySchema.safeParse({ code });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter the 6-digit code');
};

type FieldProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string | undefined;
};

/** The account password. */
export function PasswordField({ onChange, ...props }: FieldProps) {
  return (
    <TextField
      {...props}
      label="Password"
      type="password"
      autoComplete="current-password"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A code from the authenticator app (or a backup code). */
export function CodeField({ onChange, ...props }: FieldProps & { label: string }) {
  return (
    <TextField
      {...props}
      inputMode="numeric"
      autoComplete="one-time-code"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
