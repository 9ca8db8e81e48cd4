import { bigint, date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

/**
 * The admin analytics' daily rollups (decision 061): one row per chart, UTC day and series, written by
 * the analytics-rollup job from the source tables. Long rather than one wide row per day: a chart
 * with a new series needs no migration, and a chart's range is one index range (the key's order).
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    metric: text('metric').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'analytics_daily_pkey', columns: [t.metric, t.day, t.dimension] })],
);

/**
 * The days the rollup job has written: a day without a row is missing (the job fills it back), not
 * a day when nothing happened.
 */
export const analyticsRollupDays = pgTable('analytics_rollup_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  writtenAt: tstz('written_at').notNull().defaultNow(),
});
