import { SUPPORT_MESSAGE_MAX, SUPPORT_REQUEST_STATUSES, SUPPORT_TOPICS } from '@royal/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idPk } from './columns';

export const supportTopic = pgEnum('support_topic', SUPPORT_TOPICS);
export const supportRequestStatus = pgEnum('support_request_status', SUPPORT_REQUEST_STATUSES);

/** What members ask the team from the Help dialog (Contact Support, Report an Issue). */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: idPk(),
    // A member's requests go with their account: they hold the member's own words about themselves.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: supportTopic('topic').notNull(),
    message: text('message').notNull(),
    status: supportRequestStatus('status').notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'support_requests_message_length',
      sql`char_length(${t.message}) <= ${sql.raw(String(SUPPORT_MESSAGE_MAX))}`,
    ),
    // "How many of my requests are still open?" (the limit on filing another).
    index('support_requests_user_status_idx').on(t.userId, t.status),
    // The admins' list, newest first, a page after a (created_at, id) cursor.
    index('support_requests_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // The admins' queue count: open requests only (modules/admin-queues).
    index('support_requests_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
  ],
);
