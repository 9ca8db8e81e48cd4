import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { idPk } from './columns';
import { outboxDeliveryColumns } from './delivery-columns';

/**
 * Every outgoing text message (issue 39: a shared date and an alert reach the emergency contact by
 * SMS too), written in the transaction of the operation that sends it and handed to the SMS
 * provider by the delivery worker under its row lock, as e-mails are (modules/sms, decision 034).
 */
export const outboxSms = pgTable(
  'outbox_sms',
  {
    id: idPk(),
    /** E.164. */
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    ...outboxDeliveryColumns(),
  },
  // The worker's scan (queued, oldest first), as outbox_emails'.
  (t) => [index('outbox_sms_status_created_idx').on(t.status, t.createdAt)],
);
