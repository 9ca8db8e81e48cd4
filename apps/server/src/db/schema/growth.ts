import { WAITLIST_DECLINE_NOTE_MAX, WAITLIST_STATUSES } from '@royal/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** When an admin approved or declined the application, and who. */
    decidedAt: tstz('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** The admin's optional note when declining (for the team; not e-mailed). */
    declineNote: text('decline_note'),
  },
  (t) => [
    check(
      'waitlist_decline_note_length',
      sql`char_length(${t.declineNote}) <= ${sql.raw(String(WAITLIST_DECLINE_NOTE_MAX))}`,
    ),
    // One pending application per address however it is capitalised; a declined applicant may apply
    // again later, and an approved one holds an invite.
    uniqueIndex('waitlist_pending_email_key').on(sql`lower(${t.email})`).where(sql`${t.status} = 'pending'`),
    // The admins' list, newest first, all or by status (DESC NULLS FIRST to match `desc(col)`).
    index('waitlist_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('waitlist_status_created_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('waitlist_decided_by_idx').on(t.decidedBy).where(sql`${t.decidedBy} is not null`),
  ],
);

export const invites = pgTable(
  'invites',
  {
    id: idPk(),
    /** Crypto-random, stored upper case (modules/waitlist/codes.ts). */
    code: text('code').notNull().unique(),
    /** Who issued it: the admin who approved the application. */
    inviterId: uuid('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    /** Tier the invitee starts at. */
    tierLevel: smallint('tier_level').notNull().default(0),
    email: text('email'),
    /** The application it answers, if any. */
    waitlistId: uuid('waitlist_id').references(() => waitlist.id, { onDelete: 'set null' }),
    /** The account it made (consumed in the same transaction as the account). */
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: tstz('used_at'),
    expiresAt: tstz('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('invites_tier_range', sql`${t.tierLevel} between 0 and 4`),
    // The foreign keys' own lookups (a deleted user sets them null).
    index('invites_inviter_idx').on(t.inviterId).where(sql`${t.inviterId} is not null`),
    index('invites_used_by_idx').on(t.usedBy).where(sql`${t.usedBy} is not null`),
    index('invites_waitlist_idx').on(t.waitlistId).where(sql`${t.waitlistId} is not null`),
  ],
);
