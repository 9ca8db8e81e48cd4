import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idPk, tstz } from './columns';

// The second factor and passkeys (decision 057). Our own tables, not Better Auth's plugins: our
// routes drive them, and their rules (replay, lockout, admin gate) are ours.

/**
 * A member's TOTP secret, encrypted with a key derived from the auth secret. It counts once
 * confirmed with a code; `last_used_step` is the newest time step a code was accepted for, so a
 * code (or an older one) is never accepted twice.
 */
export const totpSecrets = pgTable('totp_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  confirmedAt: tstz('confirmed_at'),
  lastUsedStep: integer('last_used_step'),
  createdAt: createdAt(),
});

/** Ten single-use backup codes per enrolment; only their SHA-256 is kept. */
export const backupCodes = pgTable(
  'backup_codes',
  {
    id: idPk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('backup_codes_user_idx').on(t.userId)],
);

/**
 * A sign-in waiting for its second step: the password was right, no session exists yet. The browser
 * holds the random token (an http-only cookie), we hold its hash. Five wrong codes lock it.
 */
export const secondFactorChallenges = pgTable(
  'second_factor_challenges',
  {
    id: idPk(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('second_factor_challenges_user_idx').on(t.userId),
    check('second_factor_challenges_attempts', sql`${t.failedAttempts} >= 0`),
  ],
);

/** A WebAuthn credential (passkey) of a member. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: idPk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** base64url credential id, as the browser reports it. */
    credentialId: text('credential_id').notNull().unique(),
    /** base64url COSE public key. */
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

export const WEBAUTHN_PURPOSES = ['register', 'sign_in'] as const;
export const webauthnPurpose = pgEnum('webauthn_purpose', WEBAUTHN_PURPOSES);

/** A WebAuthn challenge handed out, used once and only for a few minutes. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: idPk(),
    purpose: webauthnPurpose('purpose').notNull(),
    /** The member adding a passkey; null for a sign-in (who it is comes from the passkey). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
