import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits';
import { PASSWORD_TOO_LONG_TEXT, PASSWORD_TOO_SHORT_TEXT } from '../password';
import { inviteCodeInput } from './waitlist';

// Normalise before the format check so " Me@Example.com " signs in as me@example.com.
const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH)
  .check(z.email('Please enter a valid email address'))
  .describe('E-mail address; trimmed and lower-cased');

export const signInBodySchema = z.object({
  email: emailField,
  // No minimum beyond "present": accounts made under older rules must still be able to sign in.
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH).describe('Account password'),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

// Only the length is checked here, so a short password is a 400 like any other field error. The
// breached-list and same-as-email checks need the e-mail and answer 422 WEAK_PASSWORD
// (CONTRACTS.md): the server calls passwordProblem(password, email) after parsing.
export const signUpBodySchema = z.object({
  email: emailField,
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_TEXT)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_TEXT)
    .describe(`New password, ${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters`),
  invite_code: inviteCodeInput
    .optional()
    .describe('An invite or referral code; required while the server is invite-only'),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const SIGN_OUT_SCOPES = ['local', 'global'] as const;
export type SignOutScope = (typeof SIGN_OUT_SCOPES)[number];

export const signOutBodySchema = z.object({
  scope: z
    .enum(SIGN_OUT_SCOPES)
    .default('local')
    .describe('local ends this session; global ends every session of the account'),
});
export type SignOutBody = z.infer<typeof signOutBodySchema>;

export const CURRENT_PASSWORD_WRONG_TEXT = 'Your current password is incorrect';
export const NEW_PASSWORD_SAME_TEXT = 'Your new password must be different from your current one';

// Length here (400); the breached-list and same-as-email checks answer 422 WEAK_PASSWORD on the
// server, as at sign-up.
export const changePasswordBodySchema = z
  .object({
    current_password: z
      .string()
      .min(1, 'Please enter your current password')
      .max(PASSWORD_MAX_LENGTH)
      .describe('The password the member signs in with now'),
    new_password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_TEXT)
      .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_TEXT)
      .describe(`New password, ${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters`),
  })
  .strict()
  .refine((body) => body.new_password !== body.current_password, {
    path: ['new_password'],
    message: NEW_PASSWORD_SAME_TEXT,
  })
  .describe('Change the password: every other session of the account is signed out');
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** What the member types to confirm Delete Account. */
export const DELETE_ACCOUNT_CONFIRM_WORD = 'DELETE';
export const DELETE_ACCOUNT_PASSWORD_WRONG_TEXT = 'Your password is incorrect';
export const DELETE_ACCOUNT_CONFIRM_TEXT = `Type ${DELETE_ACCOUNT_CONFIRM_WORD} to confirm`;
/**
 * The money rule (decision 052): an account that still holds money, or has some on its way, is not
 * deleted; the member withdraws first (or waits for a held transfer to settle).
 */
export const DELETE_ACCOUNT_MONEY_TEXT =
  'Your wallet still holds money or has a withdrawal, transfer or date deposit pending. Withdraw your balance and wait for pending withdrawals, held transfers and date deposits to settle, then delete your account.';

export const deleteAccountBodySchema = z
  .object({
    password: z
      .string()
      .min(1, 'Please enter your password')
      .max(PASSWORD_MAX_LENGTH)
      .describe('The password the member signs in with'),
    confirm: z
      .string()
      .refine((value) => value === DELETE_ACCOUNT_CONFIRM_WORD, DELETE_ACCOUNT_CONFIRM_TEXT)
      .describe(`The word ${DELETE_ACCOUNT_CONFIRM_WORD}, typed by the member`),
  })
  .strict()
  .describe('Delete the account: the password and the typed confirmation');
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const deleteAccountReplySchema = z.object({ deleted: z.literal(true) });

// E-mail confirmation, password recovery and e-mail change (decision 056).

/** The sign-up reply's instruction (spec part 1, sign-up success). */
export const SIGN_UP_CHECK_EMAIL_TEXT = 'Please check your email to confirm your account.';
export const EMAIL_CONFIRMED_TEXT = 'Your e-mail is confirmed. Welcome to the Royal Circle.';
export const CONFIRMATION_SENT_TEXT = 'We sent a new confirmation link. Please check your email.';
export const EMAIL_ALREADY_CONFIRMED_TEXT = 'Your e-mail is already confirmed';
/** The one reply to a recovery request, whether or not an account holds the address. */
export const RECOVERY_SENT_TEXT =
  'If an account exists for this email, we sent a link to reset your password. It expires in 30 minutes.';
export const PASSWORD_RESET_DONE_TEXT =
  'Your password has been reset. Please sign in with your new password.';
export const PASSWORDS_DIFFERENT_TEXT = 'Passwords do not match';
export const LINK_INVALID_TEXT = 'This link is invalid or has expired. Please ask for a new one.';
export const EMAIL_CHANGE_SENT_TEXT =
  'We sent a confirmation link to your new address. Your e-mail changes once you open it.';
export const EMAIL_CHANGE_SAME_TEXT = 'This is already your e-mail address';
export const EMAIL_CHANGED_TEXT = 'Your e-mail address has been changed.';

/** A link's token: 43 base64url characters (32 random bytes). */
const linkToken = z
  .string()
  .min(1, LINK_INVALID_TEXT)
  .max(128, LINK_INVALID_TEXT)
  .regex(/^[A-Za-z0-9_-]+$/, LINK_INVALID_TEXT)
  .describe('The token from the e-mailed link');

const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_TEXT)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_TEXT)
  .describe(`New password, ${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters`);

export const emailTokenBodySchema = z.object({ token: linkToken }).strict();
export type EmailTokenBody = z.infer<typeof emailTokenBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: emailField }).strict();
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

// The same rules as sign-up: length here (400), breached list and same-as-email on the server (422).
export const resetPasswordBodySchema = z
  .object({ token: linkToken, new_password: newPassword })
  .strict()
  .describe('Set a new password from a recovery link: every session of the account is signed out');
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The reset form's own check: the new password typed twice. */
export function passwordRepeatProblem(password: string, repeat: string): string | null {
  return password === repeat ? null : PASSWORDS_DIFFERENT_TEXT;
}

export const changeEmailBodySchema = z
  .object({
    new_email: emailField,
    password: z
      .string()
      .min(1, 'Please enter your current password')
      .max(PASSWORD_MAX_LENGTH)
      .describe('The password the member signs in with now'),
  })
  .strict()
  .describe('Ask to change the e-mail address: it changes once the link sent to the new one is opened');
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

export const authNoticeReplySchema = z.object({ message: z.string().describe('What to tell the member') });
export type AuthNoticeReply = z.infer<typeof authNoticeReplySchema>;
