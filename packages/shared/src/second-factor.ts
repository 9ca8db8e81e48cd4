/**
 * The second factor (decision 057): a TOTP app with ten single-use backup codes, and passkeys.
 * Admin work needs both an enrolled TOTP and a session that was confirmed with a second factor.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const BACKUP_CODE_COUNT = 10;
/** Wrong codes a sign-in challenge takes before it is locked (the password is asked again). */
export const SECOND_FACTOR_MAX_ATTEMPTS = 5;
/** How long the sign-in's second step waits for its code. */
export const SECOND_FACTOR_CHALLENGE_MINUTES = 5;
export const PASSKEY_NAME_MAX_LENGTH = 60;

export const SECOND_FACTOR_REQUIRED_TEXT = 'Admins must turn on two-factor authentication first';
export const SECOND_FACTOR_UNCONFIRMED_TEXT =
  'Sign in again with your two-factor code or a passkey to use admin tools';
export const INVALID_CODE_TEXT = 'That code is not valid. Please try again.';
export const CODE_ALREADY_USED_TEXT = 'That code was already used. Wait for the next one.';
export const CHALLENGE_LOCKED_TEXT = 'Too many wrong codes. Please sign in with your password again.';
export const TOTP_ALREADY_ON_TEXT = 'Two-factor authentication is already on';
export const TOTP_NOT_ON_TEXT = 'Two-factor authentication is not on';
export const UNKNOWN_LOCATION_TEXT = 'Unknown location';
