import { MESSAGE_MAX, MESSAGE_TYPES } from '@royal/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idPk } from './columns';
import { matches } from './social';

export const messageType = pgEnum('message_type', MESSAGE_TYPES);

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
    /** Trimmed by the service before insert; the check is the last line of defence. */
    content: text('content').notNull(),
    messageType: messageType('message_type').notNull().default('text'),
    readStatus: boolean('read_status').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'messages_content_length',
      sql`char_length(${t.content}) between 1 and ${sql.raw(String(MESSAGE_MAX))}`,
    ),
    check('messages_not_self', sql`${t.senderId} <> ${t.receiverId}`),
    // A chat, oldest first, and cursor pagination within it.
    index('messages_match_created_idx').on(t.matchId, t.createdAt),
    // Unread counts per receiver.
    index('messages_unread_idx').on(t.receiverId).where(sql`${t.readStatus} = false`),
  ],
);
