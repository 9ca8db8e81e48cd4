import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idPk, tstz, updatedAt } from './columns';
import { datePlans } from './date-plans';

export const dateAlertReason = pgEnum('date_alert_reason', ['timer', 'sos']);

/**
 * One member's watch over one of their dates (issue 39, "Watching over the date"): the plan shared
 * with their emergency contact, the status page's link, the safety timer and the alert. One row per
 * member and plan, written the first time they share or set a timer; each member's is their own.
 */
export const datePlanWatches = pgTable(
  'date_plan_watches',
  {
    id: idPk(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => datePlans.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The sha256 of the status page's token. The token itself is never stored: it is an HMAC of this
     * row's id under a key derived from the auth secret (as data export links are), so sharing again
     * sends the same link, and a copy of the database alone opens no status page.
     */
    statusTokenHash: text('status_token_hash').notNull(),
    /** The last share, and the shares since `share_window_at` (at most DATE_SHARES_PER_DAY a day). */
    sharedAt: tstz('shared_at'),
    shareWindowAt: tstz('share_window_at'),
    shareCount: integer('share_count').notNull().default(0),
    /** The safety timer: when to ask "Are you OK?", and the scrypt hash of the word that ends it. */
    timerCheckAt: tstz('timer_check_at'),
    timerCodeHash: text('timer_code_hash'),
    /** Wrong code words given to this timer (at CODE_WORD_MAX_TRIES it takes no more). */
    timerCodeFailures: integer('timer_code_failures').notNull().default(0),
    /** When the member was asked "Are you OK?" (the alert is due SAFETY_TIMER_ANSWER_MINUTES later). */
    timerAskedAt: tstz('timer_asked_at'),
    /** When the member ended the timer with their code word. */
    timerEndedAt: tstz('timer_ended_at'),
    /** When the emergency contact was alerted, and why: no answer to the timer, or SOS. */
    alertedAt: tstz('alerted_at'),
    alertReason: dateAlertReason('alert_reason'),
    /**
     * The last position the member chose to share, kept only for the alert: deleted when the timer
     * ends and once an alert has carried it.
     */
    locationLat: doublePrecision('location_lat'),
    locationLng: doublePrecision('location_lng'),
    locationAt: tstz('location_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A member's watch over a plan (every member route finds it by both).
    unique('date_plan_watches_plan_user_key').on(t.planId, t.userId),
    // The status page finds its watch by the token's hash.
    uniqueIndex('date_plan_watches_token_key').on(t.statusTokenHash),
    // A member's watches (account deletion, the user's cascade).
    index('date_plan_watches_user_idx').on(t.userId),
    // The watch job's two scans: running timers due to ask, and asked ones due to alert.
    index('date_plan_watches_ask_idx')
      .on(t.timerCheckAt)
      .where(
        sql`${t.timerCheckAt} is not null and ${t.timerAskedAt} is null and ${t.timerEndedAt} is null and ${t.alertedAt} is null`,
      ),
    index('date_plan_watches_alert_idx')
      .on(t.timerAskedAt)
      .where(sql`${t.timerAskedAt} is not null and ${t.timerEndedAt} is null and ${t.alertedAt} is null`),
    check(
      'date_plan_watches_location_whole',
      sql`(${t.locationLat} is null) = (${t.locationLng} is null) and (${t.locationLat} is null) = (${t.locationAt} is null)`,
    ),
    check('date_plan_watches_alert_reason', sql`(${t.alertedAt} is null) = (${t.alertReason} is null)`),
  ],
);
