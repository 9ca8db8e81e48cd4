import { ID_TYPES, VERIFICATION_STATUSES, VERIFICATION_TYPES } from '@royal/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idPk, tstz } from './columns';

export const verificationType = pgEnum('verification_type', VERIFICATION_TYPES);
export const verificationStatus = pgEnum('verification_status', VERIFICATION_STATUSES);
export const idType = pgEnum('id_type', ID_TYPES);

/**
 * An ID check for admin review: the compliance gate's age check (`id`: an ID image) or the
 * verification wizard (`selfie`: a selfie and an ID image). The keys point at encrypted objects in
 * the ID store (modules/verification/id-store.ts); both are deleted, and the keys set to null,
 * after `purge_after`: 72 h after the decision, or 30 days after the submission of a request nobody
 * decided, which is then marked `expired`. What remains is the decision, its date and the ID type.
 */
export const verificationRequests = pgTable(
  'verification_requests',
  {
    id: idPk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verificationType: verificationType('verification_type').notNull(),
    status: verificationStatus('status').notNull().default('pending'),
    /** Null after the selfie is purged (after `purge_after`). */
    selfieKey: text('selfie_key'),
    /** Null after the ID image is purged (after `purge_after`). */
    idKey: text('id_key'),
    idType: idType('id_type'),
    rejectionReason: text('rejection_reason'),
    reviewedAt: tstz('reviewed_at'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * created_at + ID_UNDECIDED_RETENTION_DAYS, then reviewed_at + ID_RETENTION_HOURS once decided;
     * the purge job deletes the images after it (and expires a request still pending).
     */
    purgeAfter: tstz('purge_after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_requests_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('verification_requests_user_created_idx').on(t.userId, t.createdAt.desc()),
    // One request under review per member and kind: a new attempt waits for the decision.
    uniqueIndex('verification_requests_one_pending_idx')
      .on(t.userId, t.verificationType)
      .where(sql`${t.status} = 'pending'`),
    // The purge job's walk: requests that still hold an image, by their purge date.
    index('verification_requests_purge_idx')
      .on(t.purgeAfter)
      .where(sql`${t.idKey} is not null or ${t.selfieKey} is not null`),
  ],
);

/** Which legal documents the member accepted, and whether their age is verified (the compliance gate). */
export const userCompliance = pgTable('user_compliance', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  termsAcceptedAt: tstz('terms_accepted_at'),
  termsVersion: text('terms_version'),
  privacyAcceptedAt: tstz('privacy_accepted_at'),
  privacyVersion: text('privacy_version'),
  ageVerified: boolean('age_verified').notNull().default(false),
  ageVerificationDate: tstz('age_verification_date'),
  /** The member chose to continue without the age check (allowed; they stay unverified). */
  ageCheckSkippedAt: tstz('age_check_skipped_at'),
});
