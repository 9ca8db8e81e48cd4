import { DATE_RATING_COMMENT_MAX, DATE_RATING_FLAGS } from '@royal/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idPk } from './columns';
import { datePlans } from './date-plans';

export const dateRatingFlag = pgEnum('date_rating_flag', DATE_RATING_FLAGS);

/**
 * Private ratings after a date (issue 39): one per member per plan, never shown to the rated member.
 * The stars are also summed into the rated member's profile (rating_sum, rating_count, rating_avg)
 * in the same transaction; each flag is also a report in the moderators' queue.
 */
export const datePlanRatings = pgTable(
  'date_plan_ratings',
  {
    id: idPk(),
    datePlanId: uuid('date_plan_id')
      .notNull()
      .references(() => datePlans.id, { onDelete: 'cascade' }),
    raterId: uuid('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ratedId: uuid('rated_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stars: smallint('stars').notNull(),
    flags: dateRatingFlag('flags').array().notNull().default(sql`'{}'`),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check('date_plan_ratings_stars_range', sql`${t.stars} between 1 and 5`),
    check('date_plan_ratings_not_self', sql`${t.raterId} <> ${t.ratedId}`),
    check(
      'date_plan_ratings_comment_length',
      sql`char_length(${t.comment}) <= ${sql.raw(String(DATE_RATING_COMMENT_MAX))}`,
    ),
    // Once per member per plan: two ratings sent at the same moment cannot both land.
    unique('date_plan_ratings_once').on(t.datePlanId, t.raterId),
    // A member's ratings given and received (account deletion's cascades, the data export).
    index('date_plan_ratings_rater_idx').on(t.raterId),
    index('date_plan_ratings_rated_idx').on(t.ratedId),
  ],
);
