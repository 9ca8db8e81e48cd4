import {
  ANALYTICS_CHARTS,
  type AnalyticsChart,
  type AnalyticsChartData,
  type AnalyticsDay,
  addUtcDays,
  spanInDays,
  utcDay,
} from '@royal/shared';
import { and, between, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { analyticsDaily, analyticsRollupDays } from '../../db/schema';
import { type DayRange, METRIC_QUERIES, type MetricRow, type RolledUpMetric } from './metrics';

/** The rows a chart's figures come from: conversion is worked out from the tier distribution. */
const sourceOf = (chart: AnalyticsChart): RolledUpMetric => (chart === 'conversion' ? 'tiers' : chart);

/** A share in percent with one decimal; 0 of nobody is 0. */
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/**
 * One chart over a range: the rollup rows of its finished days (one index range on the rollup's key),
 * and today's figures counted live when the range reaches today. A finished day the job has not
 * written, or a snapshot chart's day from before it began, reads null rather than a made-up 0.
 */
export async function readChart(
  ctx: AppContext,
  chart: AnalyticsChart,
  range: DayRange,
  now = Date.now(),
): Promise<AnalyticsChartData> {
  const definition = ANALYTICS_CHARTS[chart];
  const source = sourceOf(chart);
  const today = utcDay(now);
  const [stored, written, live] = await Promise.all([
    ctx.db
      .select({ day: analyticsDaily.day, dimension: analyticsDaily.dimension, value: analyticsDaily.value })
      .from(analyticsDaily)
      .where(and(eq(analyticsDaily.metric, source), between(analyticsDaily.day, range.from, range.to))),
    ctx.db
      .select({ day: analyticsRollupDays.day })
      .from(analyticsRollupDays)
      .where(between(analyticsRollupDays.day, range.from, range.to)),
    range.to === today
      ? ctx.db.execute<MetricRow>(METRIC_QUERIES[source]({ from: today, to: today })).then((r) => r.rows)
      : Promise.resolve([] as MetricRow[]),
  ]);

  const byDay = new Map<string, Map<string, number>>();
  for (const row of [...stored, ...live]) {
    const figures = byDay.get(row.day) ?? new Map<string, number>();
    figures.set(row.dimension, Number(row.value));
    byDay.set(row.day, figures);
  }
  const writtenDays = new Set(written.map((row) => row.day));
  const snapshot = definition.kind === 'snapshot';
  const tierTotal = (figures: Map<string, number>) => [...figures.values()].reduce((sum, n) => sum + n, 0);

  const days: AnalyticsDay[] = [];
  for (let i = 0; i < spanInDays(range.from, range.to); i++) {
    const day = addUtcDays(range.from, i);
    const isToday = day === today;
    const figures = byDay.get(day);
    const known = isToday || (snapshot ? figures !== undefined : writtenDays.has(day));
    const values: Record<string, number | null> = {};
    for (const { key } of definition.series) {
      const count = figures?.get(key) ?? 0;
      values[key] = !known
        ? null
        : chart === 'conversion'
          ? percent(count, tierTotal(figures ?? new Map()))
          : count;
    }
    days.push({ day, values, live: isToday });
  }
  return {
    chart,
    title: definition.title,
    meaning: definition.meaning,
    unit: definition.unit,
    series: definition.series.map(({ key, label }) => ({ key, label })),
    from: range.from,
    to: range.to,
    days,
  };
}
