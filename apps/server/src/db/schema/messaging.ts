import { MESSAGE_TYPES } from '@royal/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idPk } from './columns';
import { matches } from './social';

export const messageType = pgEnum('message_type', MESSAGE_TYPES);

/** Binary column; PGlite hands back a Uint8Array, node-postgres a Buffer (read with Buffer.from). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const messages = pgTable(
  'messages',
  {
    id: idPk(),
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The text, encrypted at rest (AES-256-GCM, lib/message-crypto.ts): `ciphertext` ends with the
     * 16-byte tag, `nonce` is 12 random bytes, `key_id` names the key so keys can rotate. The
     * message's id and match are the associated data, so a ciphertext cannot be moved to another row.
     * The service trims and bounds the text before it is encrypted.
     */
    ciphertext: bytea('ciphertext'),
    nonce: bytea('nonce'),
    keyId: text('key_id'),
    /**
     * Plain text of a message written before encryption at rest (drizzle/0007); the start-up pass
     * (encryptLegacyMessages) encrypts and clears it. New messages never set it.
     */
    legacyContent: text('content'),
    messageType: messageType('message_type').notNull().default('text'),
    readStatus: boolean('read_status').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('messages_nonce_length', sql`octet_length(${t.nonce}) = 12`),
    // Either encrypted (all three set) or a legacy row awaiting the start-up pass — never both.
    check(
      'messages_encrypted_or_legacy',
      sql`(${t.ciphertext} is not null and ${t.nonce} is not null and ${t.keyId} is not null and ${t.legacyContent} is null)
        or (${t.ciphertext} is null and ${t.nonce} is null and ${t.keyId} is null and ${t.legacyContent} is not null)`,
    ),
    check('messages_not_self', sql`${t.senderId} <> ${t.receiverId}`),
    // A chat, oldest first, and cursor pagination within it.
    index('messages_match_created_idx').on(t.matchId, t.createdAt),
    // Unread counts per receiver and match (the match list), and marking a chat read.
    index('messages_unread_idx').on(t.receiverId, t.matchId).where(sql`${t.readStatus} = false`),
    // Re-encryption after a key rotation finds the rows still under an old key (and legacy rows).
    index('messages_key_idx').on(t.keyId),
    index('messages_legacy_idx').on(t.id).where(sql`${t.legacyContent} is not null`),
    // The retention purge (messaging/retention.ts) finds messages past MESSAGE_RETENTION_YEARS by
    // age. BRIN, not B-tree: rows arrive in time order, so a few pages of summaries serve the daily
    // range scan, and a send pays almost nothing to keep it.
    index('messages_created_brin_idx').using('brin', t.createdAt),
  ],
);
