import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../limits';
import { BACKUP_CODE_COUNT, PASSKEY_NAME_MAX_LENGTH } from '../second-factor';
import { meSchema } from './me';

const passwordField = z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH);

/** A 6-digit TOTP code, or a backup code (xxxxx-xxxxx); spaces and dashes are ignored. */
export const secondFactorCodeField = z
  .string()
  .trim()
  .min(6, 'Enter the 6-digit code')
  .max(20)
  .regex(/^[0-9A-Za-z\s-]+$/, 'Enter the 6-digit code or a backup code')
  .describe('A 6-digit code from the authenticator app, or a backup code');

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  backup_codes_left: z.number().int().min(0),
  /** Admins must have it (decision 057). */
  required: z.boolean(),
  /** This session was confirmed with a second factor. */
  session_confirmed: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorEnrolBodySchema = z.object({ password: passwordField });
export const twoFactorEnrolReplySchema = z.object({
  /** Base32 secret, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth URI as an SVG QR code (data: URL). */
  qr_code: z.string(),
});
export type TwoFactorEnrolReply = z.infer<typeof twoFactorEnrolReplySchema>;

export const secondFactorCodeBodySchema = z.object({ code: secondFactorCodeField });
export type SecondFactorCodeBody = z.infer<typeof secondFactorCodeBodySchema>;

/**
 * New backup codes (the old ones stop working): proven by the account password or a code (TOTP or
 * a backup code), exactly one of them, as removing two-factor is proven by a code.
 */
export const backupCodesRegenerateBodySchema = z
  .object({
    password: passwordField.optional().describe('The account password'),
    code: secondFactorCodeField.optional(),
  })
  .refine((body) => (body.password === undefined) !== (body.code === undefined), {
    message: 'Enter your password or a code',
    path: ['code'],
  });
export type BackupCodesRegenerateBody = z.infer<typeof backupCodesRegenerateBodySchema>;

/** What an admin's reset of another member's second factor removed (decision 057, a lost phone). */
export const secondFactorResetReplySchema = z.object({
  totp_removed: z.boolean().describe('The member had two-factor (TOTP) on; it is off now'),
  passkeys_removed: z.number().int().min(0),
  signed_out: z.number().int().min(0).describe('Sessions of the member signed out'),
});
export type SecondFactorResetReply = z.infer<typeof secondFactorResetReplySchema>;

export const backupCodesReplySchema = z.object({
  backup_codes: z.array(z.string()).length(BACKUP_CODE_COUNT),
});
export type BackupCodesReply = z.infer<typeof backupCodesReplySchema>;

/** The sign-in's answer when the password was right and a second factor is still needed. */
export const secondFactorChallengeReplySchema = z.object({
  second_factor_required: z.literal(true),
  methods: z.array(z.enum(['totp', 'backup_code'])),
});
export type SecondFactorChallengeReply = z.infer<typeof secondFactorChallengeReplySchema>;

export const signInReplySchema = z.union([z.object({ user: meSchema }), secondFactorChallengeReplySchema]);
export type SignInReply = z.infer<typeof signInReplySchema>;

// Passkeys. The WebAuthn JSON itself is checked by the verifier; here only its outline and size.
const webauthnJson = z.record(z.string(), z.unknown()).describe('The browser’s WebAuthn response (JSON)');
export const passkeyNameField = z
  .string()
  .trim()
  .min(1, 'Give the passkey a name')
  .max(PASSKEY_NAME_MAX_LENGTH);

export const passkeyOptionsBodySchema = z.object({ password: passwordField });
export const passkeyOptionsReplySchema = z.object({
  challenge_id: z.uuid(),
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptionsReply = z.infer<typeof passkeyOptionsReplySchema>;

export const passkeyAddBodySchema = z.object({
  challenge_id: z.uuid(),
  name: passkeyNameField,
  response: webauthnJson,
});
export const passkeyRenameBodySchema = z.object({ name: passkeyNameField });
export const passkeySignInBodySchema = z.object({ challenge_id: z.uuid(), response: webauthnJson });

export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  last_used_at: z.iso.datetime({ offset: true }).nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });

export const sessionSchema = z.object({
  id: z.uuid(),
  /** In words: "Chrome on Android". */
  device: z.string(),
  /** City where known, else "Unknown location"; never the address. */
  location: z.string(),
  last_active: z.iso.datetime({ offset: true }),
  created_at: z.iso.datetime({ offset: true }),
  current: z.boolean(),
});
export type MemberSession = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });
export const signedOutCountSchema = z.object({ signed_out: z.number().int().min(0) });
