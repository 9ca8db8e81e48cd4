import { BOOST_TYPES, SPONSORSHIP_END_REASONS, SUBSCRIPTION_STATUSES } from '@royal/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idPk, tstz, updatedAt } from './columns';
import { ledgerEntries } from './wallet';

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
    providerCustomerId: text('provider_customer_id'),
    /** The newest provider event applied: an older one delivered late changes nothing. */
    lastEventAt: tstz('last_event_at'),
    currentPeriodEnd: tstz('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /**
     * A newer plan replaced this one while it was still running: it must be cancelled at the provider
     * (once; `providerCanceledAt` says it was). `providerCancelClaimedAt` marks a request under way.
     */
    replacedAt: tstz('replaced_at'),
    providerCancelClaimedAt: tstz('provider_cancel_claimed_at'),
    providerCanceledAt: tstz('provider_canceled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('subscriptions_tier_range', sql`${t.tierLevel} between 1 and 4`),
    index('subscriptions_user_idx').on(t.userId),
    // The end-date check: active plans whose period has ended.
    index('subscriptions_status_end_idx').on(t.status, t.currentPeriodEnd),
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

/**
 * Super likes a member gave from their tier's daily allowance, per UTC day (decision 013). Durable:
 * removing a super like later does not give the allowance back. Written by record_swipes
 * (db/sql/record_swipes.sql).
 */
export const superLikeDays = pgTable(
  'super_like_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check('super_like_days_used_positive', sql`${t.used} >= 0`),
  ],
);

/** Webhook events already handled: inserting the id first makes processing exactly-once. */
export const paymentEvents = pgTable('payment_events', {
  providerEventId: text('provider_event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: tstz('processed_at').notNull().defaultNow(),
});

export const checkoutPurpose = pgEnum('checkout_purpose', ['deposit', 'subscription', 'boost']);
export const checkoutStatus = pgEnum('checkout_status', ['open', 'paid', 'declined', 'cancelled', 'expired']);

/**
 * A payment the member was sent to the provider for. Our id travels in the provider's metadata (and is
 * the sandbox's session id); only a verified webhook moves it out of `open`.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: idPk(),
    userId: uuid('user_id').notNull(),
    purpose: checkoutPurpose('purpose').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    tierLevel: smallint('tier_level'),
    boostType: boostType('boost_type'),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id').unique(),
    status: checkoutStatus('status').notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('checkouts_amount_positive', sql`${t.amountCents} > 0`),
    index('checkouts_user_idx').on(t.userId, t.createdAt),
    index('checkouts_status_idx').on(t.status, t.createdAt),
  ],
);

export const sponsorshipEndReason = pgEnum('sponsorship_end_reason', SPONSORSHIP_END_REASONS);

/**
 * A Vault Verified member paying, from their escrow wallet, for another member's plan for one period
 * (decision 029); at most one live sponsorship per sponsored member. Live while `revoked_at` is null:
 * it grants access until `paid_until` while the sponsor's own plan is in force, and ends earlier if
 * that plan ends for good.
 */
export const sponsorships = pgTable(
  'sponsorships',
  {
    id: idPk(),
    sponsorId: uuid('sponsor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sponsoredId: uuid('sponsored_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The start of the paid period. */
    createdAt: createdAt(),
    /** The end of the paid period; access ends then at the latest. */
    paidUntil: tstz('paid_until').notNull(),
    /** What the sponsor paid for the period; 0 for one given before sponsorships were paid for. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    /** The ledger entry of the payment (null for those given before sponsorships were paid for). */
    paymentEntryId: uuid('payment_entry_id').references(() => ledgerEntries.id),
    /**
     * Since when the sponsor's plan has not let them sponsor (lapsed, cancelled, lower): the member's
     * access is paused from then; it resumes if the plan comes back, and the sponsorship ends if it
     * does not within SPONSORSHIP_RENEWAL_GRACE_HOURS. Null while the sponsor's plan is in force.
     */
    suspendedAt: tstz('suspended_at'),
    /** When it ended, whatever the reason (the name is older than the reasons). */
    revokedAt: tstz('revoked_at'),
    endReason: sponsorshipEndReason('end_reason'),
  },
  (t) => [
    check('sponsorships_not_self', sql`${t.sponsorId} <> ${t.sponsoredId}`),
    check('sponsorships_price_not_negative', sql`${t.priceCents} >= 0`),
    check('sponsorships_ended_with_reason', sql`(${t.revokedAt} is null) = (${t.endReason} is null)`),
    uniqueIndex('sponsorships_live_sponsored_key').on(t.sponsoredId).where(sql`${t.revokedAt} is null`),
    // A sponsor's live sponsorships (the limit, the list, ending them with the sponsor's plan).
    index('sponsorships_live_sponsor_idx').on(t.sponsorId).where(sql`${t.revokedAt} is null`),
    // The job that ends sponsorships whose paid period is over, or whose sponsor's plan did not come back.
    index('sponsorships_live_paid_until_idx').on(t.paidUntil).where(sql`${t.revokedAt} is null`),
    index('sponsorships_suspended_idx')
      .on(t.suspendedAt)
      .where(sql`${t.revokedAt} is null and ${t.suspendedAt} is not null`),
    // The foreign-key check when the retention job deletes a payment entry.
    index('sponsorships_payment_entry_idx').on(t.paymentEntryId).where(sql`${t.paymentEntryId} is not null`),
  ],
);

/** What the reconciliation job found where our ledger and the provider's records disagree. */
export const reconciliationFlags = pgTable(
  'reconciliation_flags',
  {
    id: idPk(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    detail: jsonb('detail').notNull(),
    createdAt: createdAt(),
    resolvedAt: tstz('resolved_at'),
  },
  (t) => [unique('reconciliation_flags_kind_reference_key').on(t.kind, t.reference)],
);
