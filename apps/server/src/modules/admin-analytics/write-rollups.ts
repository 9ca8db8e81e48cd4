import { ANALYTICS_CHARTS, addUtcDays, utcDay } from '@royal/shared';
import { and, between, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { analyticsDaily, analyticsRollupDays } from '../../db/schema';
import { type DayRange, METRIC_QUERIES, ROLLED_UP_METRICS } from './metrics';

export const ANALYTICS_ROLLUP_JOB = 'analytics-rollup';

/** How far back the job fills days it finds missing (a year and a day: the longest range a chart reads). */
export const ROLLUP_BACKFILL_DAYS = 366;

/**
 * Writes the rollups of every chart for the days of `range` (all before today), replacing what those
 * days held: writing a day again from the same data gives the same rows. One statement per chart for
 * the whole range, in one transaction with the days' marks. Snapshot charts are written only for the
 * day just ended (`yesterday`): an older day's state is gone, and is left as it was recorded.
 */
export async function writeRollups(ctx: AppContext, range: DayRange, now = Date.now()): Promise<void> {
  const yesterday = addUtcDays(utcDay(now), -1);
  if (range.to > yesterday) throw new Error(`rollups cover finished days only (to ${range.to})`);
  await ctx.db.transaction(async (tx) => {
    for (const metric of ROLLED_UP_METRICS) {
      const snapshot = ANALYTICS_CHARTS[metric].kind === 'snapshot';
      if (snapshot && range.to !== yesterday) continue;
      const days = snapshot ? { from: yesterday, to: yesterday } : range;
      await tx
        .delete(analyticsDaily)
        .where(and(eq(analyticsDaily.metric, metric), between(analyticsDaily.day, days.from, days.to)));
      await tx.execute(sql`
        insert into ${analyticsDaily} (metric, day, dimension, value)
        select ${metric}, counted.day::date, counted.dimension, counted.value
        from (${METRIC_QUERIES[metric](days)}) counted
        on conflict (metric, day, dimension) do update set value = excluded.value`);
    }
    await tx.execute(sql`
      insert into ${analyticsRollupDays} (day)
      select generate_series(${range.from}::date, ${range.to}::date, interval '1 day')::date
      on conflict (day) do update set written_at = now()`);
  });
}

/**
 * The job: yesterday again (its last minutes may have come after an earlier run), and every day up to
 * ROLLUP_BACKFILL_DAYS back that has never been written (a first run, or days the job was down),
 * from the oldest missing one on.
 */
export async function rollUpFinishedDays(ctx: AppContext, now = Date.now()): Promise<DayRange> {
  const yesterday = addUtcDays(utcDay(now), -1);
  const oldest = addUtcDays(yesterday, 1 - ROLLUP_BACKFILL_DAYS);
  const { rows } = await ctx.db.execute<{ day: string | null }>(sql`
    select min(d)::date::text as day
    from generate_series(${oldest}::date, ${yesterday}::date, interval '1 day') d
    where not exists (select 1 from ${analyticsRollupDays} w where w.day = d::date)`);
  const range = { from: rows[0]?.day ?? yesterday, to: yesterday };
  await writeRollups(ctx, range, now);
  return range;
}
