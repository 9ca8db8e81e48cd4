import { WAITLIST_STATUSES } from '@royal/shared';
import { sql } from 'drizzle-orm';
import { check, pgEnum, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idPk, tstz } from './columns';

export const waitlistStatus = pgEnum('waitlist_status', WAITLIST_STATUSES);

export const waitlist = pgTable(
  'waitlist',
  {
    id: idPk(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    /** The chosen "City, ST" (shared WAITLIST_CITIES). */
    city: text('city').notNull(),
    reason: text('reason').notNull(),
    referralCode: text('referral_code'),
    status: waitlistStatus('status').notNull().default('pending'),
    createdAt: createdAt(),
  },
  // One application per address however it is capitalised.
  (t) => [uniqueIndex('waitlist_email_lower_key').on(sql`lower(${t.email})`)],
);

export const invites = pgTable(
  'invites',
  {
    id: idPk(),
    code: text('code').notNull().unique(),
    inviterId: uuid('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    /** Tier the invitee starts at. */
    tierLevel: smallint('tier_level').notNull().default(0),
    email: text('email'),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: tstz('used_at'),
    expiresAt: tstz('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [check('invites_tier_range', sql`${t.tierLevel} between 0 and 4`)],
);
