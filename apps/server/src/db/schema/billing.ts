import { BOOST_TYPES, SUBSCRIPTION_STATUSES } from '@royal/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idPk, tstz, updatedAt } from './columns';

export const subscriptionStatus = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);
export const boostType = pgEnum('boost_type', BOOST_TYPES);

/** A paid tier plan at the payment provider ('sandbox' or 'stripe'); the webhook keeps it current. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: idPk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tierLevel: smallint('tier_level').notNull(),
    status: subscriptionStatus('status').notNull().default('incomplete'),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    currentPeriodEnd: tstz('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('subscriptions_tier_range', sql`${t.tierLevel} between 1 and 4`),
    index('subscriptions_user_idx').on(t.userId),
  ],
);

/** One-time purchases. Token packs count down `remaining`; a profile boost is live until `active_until`. */
export const boosts = pgTable(
  'boosts',
  {
    id: idPk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boostType: boostType('boost_type').notNull(),
    quantity: integer('quantity').notNull().default(1),
    remaining: integer('remaining').notNull().default(1),
    activeUntil: tstz('active_until'),
    providerPaymentId: text('provider_payment_id').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check('boosts_quantity_positive', sql`${t.quantity} > 0`),
    check('boosts_remaining_range', sql`${t.remaining} between 0 and ${t.quantity}`),
    index('boosts_user_type_idx').on(t.userId, t.boostType),
    // Feed ranking: which profiles are boosted right now.
    index('boosts_active_until_idx').on(t.activeUntil),
  ],
);

/** Webhook events already handled: inserting the id first makes processing exactly-once. */
export const paymentEvents = pgTable('payment_events', {
  providerEventId: text('provider_event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: tstz('processed_at').notNull().defaultNow(),
});
