import { ID_TYPES, VERIFICATION_STATUSES, VERIFICATION_TYPES } from '@royal/shared';
import { boolean, index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idPk, tstz } from './columns';

export const verificationType = pgEnum('verification_type', VERIFICATION_TYPES);
export const verificationStatus = pgEnum('verification_status', VERIFICATION_STATUSES);
export const idType = pgEnum('id_type', ID_TYPES);

/** The verification wizard's submission, reviewed by an admin. Keys point at private objects. */
export const verificationRequests = pgTable(
  'verification_requests',
  {
    id: idPk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verificationType: verificationType('verification_type').notNull(),
    status: verificationStatus('status').notNull().default('pending'),
    selfieKey: text('selfie_key'),
    /** Null after the ID image is purged (72 h after the decision). */
    idKey: text('id_key'),
    idType: idType('id_type'),
    rejectionReason: text('rejection_reason'),
    reviewedAt: tstz('reviewed_at'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_requests_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('verification_requests_user_idx').on(t.userId),
  ],
);

/** Age verification from the compliance gate. The document is deleted at `purge_after`. */
export const idVerifications = pgTable(
  'id_verifications',
  {
    id: idPk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the retention job has deleted the object. */
    idDocumentKey: text('id_document_key'),
    idType: idType('id_type').notNull(),
    verificationStatus: verificationStatus('verification_status').notNull().default('pending'),
    decidedAt: tstz('decided_at'),
    /** decided_at + ID_RETENTION_HOURS (72 h); the retention job deletes the document after it. */
    purgeAfter: tstz('purge_after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('id_verifications_purge_after_idx').on(t.purgeAfter),
    index('id_verifications_user_idx').on(t.userId),
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
});
