import { ROLES } from '@royal/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idPk, tstz, updatedAt } from './columns';

// Better Auth's core tables. Property names are exactly Better Auth's field names because its drizzle
// adapter maps fields by property name; SQL names stay snake_case like the rest of the schema.

export const users = pgTable(
  'users',
  {
    id: idPk(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The admins' member search by the beginning of an e-mail (`email like 'ana@%'`): the unique index
  // compares in the database's collation, which a prefix LIKE cannot use (modules/admin-members).
  (t) => [
    index('users_email_prefix_idx').on(t.email.op('text_pattern_ops')),
    // The admins' member list by sign-up, newest or oldest first, page after page (id breaks ties).
    index('users_created_idx').on(t.createdAt, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: idPk(),
    expiresAt: tstz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** When this session was confirmed with a second factor (TOTP step or passkey): admin work needs it. */
    secondFactorAt: tstz('second_factor_at'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: idPk(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: tstz('access_token_expires_at'),
    refreshTokenExpiresAt: tstz('refresh_token_expires_at'),
    scope: text('scope'),
    /** Better Auth's scrypt hash for provider 'credential'; null for other providers. */
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: idPk(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const userRole = pgEnum('user_role', ROLES);

/** A member holds 'user' plus any extra roles; the pair is the key so a role is granted at most once. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: userRole('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const EMAIL_TOKEN_PURPOSES = ['confirm_email', 'reset_password', 'change_email'] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];
export const emailTokenPurpose = pgEnum('email_token_purpose', EMAIL_TOKEN_PURPOSES);

/**
 * The links we e-mail (decision 056): confirm the address, reset the password, confirm a new
 * address. Only the SHA-256 of a link's random token is stored, so a leak of this table opens no
 * account; a token is used once (used_at) and only before it expires. `email` is the address the
 * link was sent to: a confirmation holds only while the account still has it, a change names the
 * new one.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: idPk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // The member's open links of one kind: spent together (a reset, a change), counted for resends.
    index('email_tokens_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
    // Only pending changes to an address are looked up by it.
    index('email_tokens_change_email_idx').on(t.email).where(sql`${t.purpose} = 'change_email'`),
    check('email_tokens_expiry_after_creation', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);
