import { sql } from 'drizzle-orm';
import { bigserial, customType, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { tstz } from './columns';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Every event delivered to a member, one row per recipient, kept for a retention window (24 h,
 * pruned by a job) so that a tab that lost its socket (a restart, a Redis outage, a network blip)
 * asks for what it missed after the last position it saw (decision 064). `position` is global and
 * increasing, so it is increasing per member too. The event is sealed like a message (AES-256-GCM
 * with the message keys, the member and event id bound in): a chat message's text must not lie in
 * the clear here any more than in `messages` (decision 008).
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    position: bigserial('position', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The event's id (`<outbox row>.<index>`, decision 034): the same when it is relayed again. */
    eventId: text('event_id').notNull(),
    keyId: text('key_id').notNull(),
    nonce: bytea('nonce').notNull(),
    ciphertext: bytea('ciphertext').notNull(),
    createdAt: tstz('created_at').notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    // A member's events after a position: the resume route's one read.
    index('realtime_events_user_idx').on(t.userId, t.position),
    // Rows are written in time order, so a block-range index finds the expired ones for the prune job
    // at a fraction of a btree's cost on every insert.
    index('realtime_events_created_idx').using('brin', t.createdAt),
  ],
);
