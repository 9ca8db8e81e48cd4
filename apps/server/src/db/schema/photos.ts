import { APPEAL_STATUSES, PHOTO_MAX_COUNT, PHOTO_MODERATION_STATUSES } from '@royal/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, real, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idPk, tstz } from './columns';

export const photoStatus = pgEnum('photo_status', PHOTO_MODERATION_STATUSES);
export const appealStatus = pgEnum('appeal_status', APPEAL_STATUSES);

/**
 * One row per profile photo; this is also the spec's photo moderation record. Only approved photos
 * are shown to other members. The keys point at private WebP variants in object storage
 * (see modules/photos/pipeline.ts); the blurred one is what locked teaser cards may show.
 */
export const photos = pgTable(
  'photos',
  {
    id: idPk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 is the main photo and the avatar. Not unique: reordering rewrites positions in one transaction. */
    position: smallint('position').notNull(),
    keyLarge: text('key_large').notNull(),
    keySmall: text('key_small').notNull(),
    keyBlur: text('key_blur').notNull(),
    /**
     * The avatar square around the face (modules/photos/face-crop.ts). Null only for photos stored
     * before it existed: theirs is made from the large variant the first time it is asked for.
     */
    keyFace: text('key_face'),
    /** Pixel size of the large variant. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    status: photoStatus('status').notNull().default('pending'),
    aiConfidenceScore: real('ai_confidence_score'),
    /** When the on-server classifier looked at the photo (null: the moderation job has yet to). */
    aiCheckedAt: tstz('ai_checked_at'),
    rejectionReason: text('rejection_reason'),
    moderatedAt: tstz('moderated_at'),
    moderatedBy: uuid('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    appealStatus: appealStatus('appeal_status').notNull().default('none'),
    appealReason: text('appeal_reason'),
    appealSubmittedAt: tstz('appeal_submitted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('photos_position_range', sql`${t.position} between 0 and ${sql.raw(String(PHOTO_MAX_COUNT - 1))}`),
    check('photos_size_positive', sql`${t.width} > 0 and ${t.height} > 0`),
    check('photos_ai_confidence_range', sql`${t.aiConfidenceScore} between 0 and 1`),
    index('photos_user_position_idx').on(t.userId, t.position),
    // Moderation queue tabs: one status, newest first.
    index('photos_status_created_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The moderation job's work list: photos the classifier has not scored yet, oldest first.
    index('photos_unscored_idx').on(t.createdAt).where(sql`${t.aiCheckedAt} is null`),
    // The admin appeals queue: submitted appeals, oldest first.
    index('photos_appeals_idx').on(t.appealSubmittedAt).where(sql`${t.appealStatus} = 'submitted'`),
  ],
);
