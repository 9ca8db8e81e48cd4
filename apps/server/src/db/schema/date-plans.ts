import { CHECK_IN_BANDS, DATE_PLAN_OPEN_STATUSES, DATE_PLAN_STATUSES } from '@royal/shared';
import type { AnyColumn } from 'drizzle-orm';
import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { cents, createdAt, idPk, tstz, updatedAt } from './columns';
import { safeLocations } from './safety';
import { matches } from './social';

// Date plans (issue 39, decision 069). A plan belongs to a match; its two members are stored as the
// match's user1 and user2 (`member1`, `member2`), so each side's deposit and check-in sit in a fixed
// column whoever proposed. `terms_by` is whoever made the current terms: the other member answers.

export const datePlanStatus = pgEnum('date_plan_status', DATE_PLAN_STATUSES);
export const checkInBand = pgEnum('check_in_band', CHECK_IN_BANDS);

/**
 * A plan still open (shared DATE_PLAN_OPEN_STATUSES), as the one-open-plan index and the proposal's
 * conflict target both spell it: PostgreSQL infers the index only from the same predicate.
 */
export const openPlanStatus = (status: AnyColumn): SQL =>
  sql`${status} in (${sql.raw(DATE_PLAN_OPEN_STATUSES.map((s) => `'${s}'`).join(', '))})`;

export const datePlans = pgTable(
  'date_plans',
  {
    id: idPk(),
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    member1Id: uuid('member1_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    member2Id: uuid('member2_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    termsBy: uuid('terms_by').notNull(),
    status: datePlanStatus('status').notNull().default('proposed'),
    startsAt: tstz('starts_at').notNull(),
    /** The safe location chosen, if one was; its name and address are copied below either way. */
    safeLocationId: uuid('safe_location_id').references(() => safeLocations.id, { onDelete: 'set null' }),
    placeName: text('place_name').notNull(),
    placeAddress: text('place_address').notNull().default(''),
    placeCity: text('place_city'),
    placeState: text('place_state'),
    placeVerified: boolean('place_verified').notNull(),
    /** The safe location's position, for "I'm here"; none for a place a member typed in. */
    placeLat: doublePrecision('place_lat'),
    placeLng: doublePrecision('place_lng'),
    member1DepositCents: cents('member1_deposit_cents').notNull().default(0),
    member2DepositCents: cents('member2_deposit_cents').notNull().default(0),
    /** When the date happens, the deposit of `terms_by` (the proposer of the accepted terms) goes to the other. */
    treat: boolean('treat').notNull().default(false),
    note: text('note').notNull().default(''),
    /**
     * The entries that held each deposit at acceptance (null: no deposit), to settle them by. No
     * foreign key: the ledger outlives plans and plans must not hold the ledger's retention up.
     */
    member1HoldEntryId: uuid('member1_hold_entry_id'),
    member2HoldEntryId: uuid('member2_hold_entry_id'),
    member1CheckedInAt: tstz('member1_checked_in_at'),
    member1CheckInBand: checkInBand('member1_check_in_band'),
    member2CheckedInAt: tstz('member2_checked_in_at'),
    member2CheckInBand: checkInBand('member2_check_in_band'),
    acceptedAt: tstz('accepted_at'),
    /** A no-show claim: who claimed (they checked in, the other did not) and when. */
    claimedBy: uuid('claimed_by'),
    claimedAt: tstz('claimed_at'),
    /** The other member's dispute of the claim, with their statement, for the admins' queue. */
    disputedAt: tstz('disputed_at'),
    disputeStatement: text('dispute_statement'),
    /** When each member rated the date (the rating itself is in date_plan_ratings, never shown to the other). */
    member1RatedAt: tstz('member1_rated_at'),
    member2RatedAt: tstz('member2_rated_at'),
    /**
     * When the settlement job sent the hour-before reminder (to each member with safe meeting
     * notifications on): set under the plan's lock in the reminder's transaction, so it goes once.
     */
    remindedAt: tstz('reminded_at'),
    /** Who cancelled or declined. */
    closedBy: uuid('closed_by'),
    closedAt: tstz('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'date_plans_deposits_non_negative',
      sql`${t.member1DepositCents} >= 0 and ${t.member2DepositCents} >= 0`,
    ),
    check('date_plans_terms_by_member', sql`${t.termsBy} in (${t.member1Id}, ${t.member2Id})`),
    // One open plan per match (proposed, or holding deposits): a second proposal, however concurrent,
    // is refused by this index.
    uniqueIndex('date_plans_one_open_per_match').on(t.matchId).where(openPlanStatus(t.status)),
    // A chat's plans, newest first.
    index('date_plans_match_idx').on(t.matchId, t.createdAt.desc()),
    // A member's plans (data export, account deletion).
    index('date_plans_member1_idx').on(t.member1Id),
    index('date_plans_member2_idx').on(t.member2Id),
    // The settlement job's scans: confirmed dates whose check-in has closed, and claims whose
    // dispute window has passed.
    index('date_plans_accepted_idx').on(t.startsAt).where(sql`${t.status} = 'accepted'`),
    index('date_plans_claims_idx').on(t.claimedAt).where(sql`${t.status} = 'claimed'`),
    // The reminder's scan: confirmed dates not yet reminded, by time (a reminded plan leaves it).
    index('date_plans_reminder_idx')
      .on(t.startsAt)
      .where(sql`${t.status} = 'accepted' and ${t.remindedAt} is null`),
  ],
);
