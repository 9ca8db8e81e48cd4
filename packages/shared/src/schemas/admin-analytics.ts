import { z } from 'zod';
import { SWIPE_DIRECTIONS } from '../enums';
import { TIER_LEVELS } from '../tiers';

// The admin dashboard's Analytics tab (issue 37): each chart's figures by UTC day over a chosen range,
// read from daily rollups plus today's live figures (decision 061).

/** Where money comes in, as the ledger books it (the summary cards' Revenue card reads the same). */
export const REVENUE_SOURCES = ['deposit', 'subscription', 'boost'] as const;
export type RevenueSource = (typeof REVENUE_SOURCES)[number];

const PAID_TIERS = TIER_LEVELS.filter((tier) => tier > 0);

/** What one line of a chart counts; `label` is what the admin reads beside it. */
export type AnalyticsSeries = { key: string; label: string };

type ChartDefinition = {
  title: string;
  /** What a day's figure means, for the chart's caption and the API description. */
  meaning: string;
  unit: 'count' | 'cents' | 'percent';
  /**
   * 'activity': counted from what happened on the day, so any past day can be rolled up.
   * 'snapshot': the state when the day's rollup was written, kept only from the day the job first
   * ran (a past day's state cannot be rebuilt).
   */
  kind: 'activity' | 'snapshot';
  series: readonly AnalyticsSeries[];
};

const SWIPE_LABELS: Record<(typeof SWIPE_DIRECTIONS)[number], string> = {
  right: 'Likes',
  up: 'Super likes',
  left: 'Passes',
};

/** A chart of things counted by the day they happened on, as most are. */
const counted = (title: string, meaning: string, series: readonly AnalyticsSeries[]) =>
  ({ title, meaning, unit: 'count', kind: 'activity', series }) as const;
/** A chart of the state at each day's end, recorded only from the day the rollup job began. */
const snapshot = (title: string, meaning: string, unit: 'count' | 'percent', tiers: readonly number[]) =>
  ({
    title,
    meaning,
    unit,
    kind: 'snapshot',
    series: tiers.map((tier) => ({ key: `tier_${tier}`, label: `Tier ${tier}` })),
  }) as const;

/** Every chart, in the tab's order. Its name is also its path under /api/admin/analytics. */
export const ANALYTICS_CHARTS = {
  signups: counted('Sign-ups', 'Accounts created on the day (UTC)', [{ key: 'signups', label: 'Sign-ups' }]),
  active_members: counted(
    'Daily active members',
    'Members seen on the day: their last visit fell on it when the day was rolled up, or they swiped or wrote a message that day. A lower bound for days before analytics began.',
    [{ key: 'active', label: 'Active members' }],
  ),
  matches: counted('Matches', 'Mutual likes made on the day', [{ key: 'matches', label: 'Matches' }]),
  messages: counted('Messages', 'Messages sent on the day', [{ key: 'messages', label: 'Messages' }]),
  swipes: counted(
    'Swipes',
    'Swipes given on the day, by direction',
    SWIPE_DIRECTIONS.map((direction) => ({ key: direction, label: SWIPE_LABELS[direction] })),
  ),
  revenue: {
    title: 'Revenue by source',
    meaning: 'Money the payment provider brought in on the day, in cents: deposits, subscriptions, boosts',
    unit: 'cents',
    kind: 'activity',
    series: [
      { key: 'deposit', label: 'Deposits' },
      { key: 'subscription', label: 'Subscriptions' },
      { key: 'boost', label: 'Boosts' },
    ] satisfies { key: RevenueSource; label: string }[],
  },
  tiers: snapshot(
    'Tier distribution',
    'Members (done with onboarding) at each tier at the end of the day',
    'count',
    TIER_LEVELS,
  ),
  conversion: snapshot(
    'Conversion by tier',
    'Share of members (done with onboarding) on each paid tier at the end of the day, in percent',
    'percent',
    PAID_TIERS,
  ),
  safety: counted(
    'Reports and disputes',
    'Reports filed on the day, and card payments disputed at the provider that day',
    [
      { key: 'reports', label: 'Reports' },
      { key: 'disputes', label: 'Disputes' },
    ],
  ),
  events: counted(
    'Event attendance',
    'For events held on the day: tickets (going or checked in) and members checked in at the door',
    [
      { key: 'attending', label: 'Tickets' },
      { key: 'checked_in', label: 'Checked in' },
    ],
  ),
} as const satisfies Record<string, ChartDefinition>;

export type AnalyticsChart = keyof typeof ANALYTICS_CHARTS;
export const ANALYTICS_CHART_NAMES = Object.keys(ANALYTICS_CHARTS) as AnalyticsChart[];

/** The longest range one read covers, in days (a year, leap day included). */
export const ANALYTICS_MAX_SPAN_DAYS = 366;
/** The range when none is asked for: the last 30 days, today included. */
export const ANALYTICS_DEFAULT_SPAN_DAYS = 30;
/** The range picker's choices, in days back from today. */
export const ANALYTICS_RANGE_PRESETS = [7, 30, 90, 365] as const;

const DAY_MS = 86_400_000;

/** A UTC day as YYYY-MM-DD. */
export const utcDay = (at: Date | number) => new Date(at).toISOString().slice(0, 10);
/** The UTC day `days` after `day` (before, when negative). */
export const addUtcDays = (day: string, days: number) =>
  utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
/** Days from `from` to `to`, both counted. */
export const spanInDays = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The default range ending today: `days` days, today included. */
export function analyticsRangeEndingToday(days: number = ANALYTICS_DEFAULT_SPAN_DAYS, now = Date.now()) {
  const to = utcDay(now);
  return { from: addUtcDays(to, 1 - days), to };
}

export const analyticsChartParamsSchema = z.object({
  chart: z.enum(ANALYTICS_CHART_NAMES as [AnalyticsChart, ...AnalyticsChart[]]).describe('Which chart'),
});

export const analyticsQuerySchema = z
  .object({
    from: z.iso.date().optional().describe('First day (UTC), YYYY-MM-DD; default 29 days before `to`'),
    to: z.iso.date().optional().describe('Last day (UTC), YYYY-MM-DD, at most today; default today'),
    format: z.enum(['json', 'csv']).default('json').describe('csv: the same figures as a CSV download'),
  })
  .transform((query, context) => {
    const to = query.to ?? utcDay(Date.now());
    const from = query.from ?? addUtcDays(to, 1 - ANALYTICS_DEFAULT_SPAN_DAYS);
    if (to > utcDay(Date.now())) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'The range cannot end after today (UTC)' });
    } else if (from > to) {
      context.addIssue({
        code: 'custom',
        path: ['from'],
        message: 'The range must start on or before its end',
      });
    } else if (spanInDays(from, to) > ANALYTICS_MAX_SPAN_DAYS) {
      context.addIssue({
        code: 'custom',
        path: ['from'],
        message: `A range covers at most ${ANALYTICS_MAX_SPAN_DAYS} days`,
      });
    }
    return { from, to, format: query.format };
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export const analyticsDaySchema = z
  .object({
    day: z.iso.date(),
    values: z
      .record(z.string(), z.number().nullable())
      .describe(
        "One figure per series key; null where none was recorded (a day the rollup job has not written, or a snapshot chart's day before it began)",
      ),
    live: z.boolean().describe('Today: counted at the time of the request, not yet rolled up'),
  })
  .describe("A day's figures");
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

export const analyticsChartSchema = z
  .object({
    chart: analyticsChartParamsSchema.shape.chart,
    title: z.string(),
    meaning: z.string().describe('What a figure means'),
    unit: z.enum(['count', 'cents', 'percent']),
    series: z.array(z.object({ key: z.string(), label: z.string() })),
    from: z.iso.date(),
    to: z.iso.date(),
    days: z.array(analyticsDaySchema).describe('Every day of the range, oldest first'),
  })
  .describe("One chart's figures over a range");
export type AnalyticsChartData = z.infer<typeof analyticsChartSchema>;
