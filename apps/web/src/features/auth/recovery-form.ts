import { forgotPasswordBodySchema, passwordRepeatProblem, resetPasswordBodySchema } from '@royal/shared';

// The recovery forms' own checks, with the shared schemas the server applies (decision 056): what
// is obviously wrong is said before a request; the server stays the authority (it also refuses
// common passwords and the member's own e-mail, which the reset form cannot know).

export type ForgotProblems = { email?: string };

/** The forgot-password form: the trimmed, lower-cased address, or what is wrong with it. */
export function checkForgotForm(email: string): { email: string } | { problems: ForgotProblems } {
  if (email.trim() === '') return { problems: { email: 'Email is required' } };
  const parsed = forgotPasswordBodySchema.safeParse({ email });
  if (parsed.success) return { email: parsed.data.email };
  return { problems: { email: parsed.error.issues[0]?.message ?? 'Please enter a valid email address' } };
}

export type ResetProblems = { new_password?: string; repeat?: string; token?: string };

/** The reset form: the new password typed twice, with sign-up's length rules. */
export function checkResetForm(
  token: string,
  password: string,
  repeat: string,
): { body: { token: string; new_password: string } } | { problems: ResetProblems } {
  const problems: ResetProblems = {};
  const parsed = resetPasswordBodySchema.safeParse({ token, new_password: password });
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] === 'token' ? 'token' : 'new_password';
    problems[field] ??= issue.message;
  }
  const mismatch = passwordRepeatProblem(password, repeat);
  if (mismatch && !problems.new_password) problems.repeat = mismatch;
  if (!parsed.success || mismatch) return { problems };
  return { body: parsed.data };
}
