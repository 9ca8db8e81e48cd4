import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idPk, tstz } from './columns';
import { outboxDeliveryColumns } from './delivery-columns';

/**
 * The devices a member turned web push on for (issue 40): one row per browser subscription, as
 * PushSubscription.toJSON() gives it. An endpoint belongs to one member at a time: the same browser
 * subscribing under another account moves it (modules/push/subscribe.ts).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idPk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's URL for this device (https); unique: a device is one row. */
    endpoint: text('endpoint').notNull().unique(),
    /** The device's P-256 public key (base64url), what each payload is encrypted to. */
    p256dh: text('p256dh').notNull(),
    /** The device's 16-byte auth secret (base64url). */
    auth: text('auth').notNull(),
    /** When this device last subscribed (a re-subscription counts): the oldest go past the limit. */
    createdAt: createdAt(),
    /** The last push the service accepted for it. */
    lastSuccessAt: tstz('last_success_at'),
  },
  // A member's devices: the trigger's lookup for every notification, and the limit's.
  (t) => [index('push_subscriptions_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One push to send: a notification for one of its recipient's devices, written by the trigger on
 * notifications (db/sql/queue_push.sql) in the transaction that wrote or renewed the notification,
 * and sent by the delivery worker (modules/push/delivery.ts). The row holds ids only: what a push
 * says, and whether it goes at all, is read when it is sent.
 *
 * Neither id is a foreign key, on purpose: a push being sent keeps its row locked for a moment,
 * and a member who dismisses the notification or turns a device off must not wait on it (a cascade
 * would). A row whose notification or device is gone sends nothing; the retention job clears it.
 */
export const outboxPush = pgTable(
  'outbox_push',
  {
    id: idPk(),
    notificationId: uuid('notification_id').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    ...outboxDeliveryColumns(),
  },
  // The worker's scan (queued, oldest first) and the retention's (handled, oldest first).
  (t) => [index('outbox_push_status_created_idx').on(t.status, t.createdAt)],
);
