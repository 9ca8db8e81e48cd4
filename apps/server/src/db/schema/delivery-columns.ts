import { integer, pgEnum, text } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';

// The columns every outbox of outgoing messages shares (outbox_emails, outbox_sms): what the
// delivery worker claims, counts and marks (db/outbox-delivery.ts, decision 034). Not re-exported
// from the schema index but for the enum, which audit.ts re-exports: the rest are builders.

export const outboxStatus = pgEnum('outbox_status', ['queued', 'sent', 'failed']);

/** A message's delivery state, spread last into its outbox table's columns. */
export const outboxDeliveryColumns = () => ({
  status: outboxStatus('status').notNull().default('queued'),
  error: text('error'),
  /** Failed hand-overs to the transport so far; each waits longer before the next (nextAttemptAt). */
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
  createdAt: createdAt(),
  sentAt: tstz('sent_at'),
});
