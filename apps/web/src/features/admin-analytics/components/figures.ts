import type { AnalyticsChartData } from '@royal/shared';
import { formatCents, groupedInteger } from '@royal/shared';

export type Unit = AnalyticsChartData['unit'];

/** A figure as the admin reads it: a count, dollars from cents, or a percentage. */
export function formatFigure(value: number, unit: Unit): string {
  if (unit === 'cents') return formatCents(value);
  if (unit === 'percent') return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
  return groupedInteger(value);
}

const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG_DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Nov 28' for an axis; the days are UTC days, shown as such. */
export const shortDay = (day: string) => SHORT_DAY.format(new Date(`${day}T00:00:00Z`));
/** 'Sat, Nov 28, 2026' for a table row. */
export const longDay = (day: string) => LONG_DAY.format(new Date(`${day}T00:00:00Z`));

/** A day's figures stacked: the sum of the series it has (null when it has none). */
export function dayTotal(values: Record<string, number | null>): number | null {
  const known = Object.values(values).filter((value): value is number => value !== null);
  return known.length === 0 ? null : known.reduce((sum, value) => sum + value, 0);
}

/** True when the range holds nothing to draw: every figure missing or zero. */
export const isEmptyChart = (data: AnalyticsChartData) =>
  data.days.every((day) => Object.values(day.values).every((value) => !value));

/**
 * The fill of each series, from the theme: tiers climb from pale royal to gold as their badges do;
 * other charts alternate royal and gold, lighter in the night theme so each stays legible on it.
 */
const TIER_FILLS = [
  'fill-royal-200 dark:fill-royal-100',
  'fill-royal-400 dark:fill-royal-300',
  'fill-royal-600 dark:fill-royal-500',
  'fill-royal-900 dark:fill-gold-200',
  'fill-gold-500 dark:fill-gold-400',
];
const SERIES_FILLS = [
  'fill-royal-600 dark:fill-gold-400',
  'fill-gold-500 dark:fill-royal-300',
  'fill-royal-300 dark:fill-royal-500',
  'fill-gold-700 dark:fill-gold-200',
];

export function seriesFill(data: AnalyticsChartData, index: number): string {
  const fills = data.chart === 'tiers' || data.chart === 'conversion' ? TIER_FILLS : SERIES_FILLS;
  // Conversion has the paid tiers only: its first series is tier 1.
  const at = data.chart === 'conversion' ? index + 1 : index;
  return fills[at % fills.length] ?? '';
}
