import { type AnalyticsChart, REVENUE_SOURCES } from '@royal/shared';
import { type SQL, sql } from 'drizzle-orm';
import {
  eventRsvps,
  events,
  ledgerEntries,
  ledgerLines,
  matches,
  messages,
  profiles,
  reconciliationFlags,
  reports,
  swipeActions,
} from '../../db/schema';
import { PLATFORM_ACCOUNTS } from '../wallet';

/** The charts with rollup rows of their own; conversion is worked out from the tiers' rows. */
export type RolledUpMetric = Exclude<AnalyticsChart, 'conversion'>;

/** UTC days, both counted, as YYYY-MM-DD. */
export type DayRange = { from: string; to: string };

/** One figure: a chart's series on a day. */
export type MetricRow = { day: string; dimension: string; value: number | string };

const start = (range: DayRange) => sql`(${range.from}::date)::timestamp at time zone 'UTC'`;
const end = (range: DayRange) => sql`(${range.to}::date + 1)::timestamp at time zone 'UTC'`;
/** The UTC day of an instant, as text (the rollup's key). */
const dayOf = (column: SQL | unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
/** `column` within the range: one index range on it. */
const within = (column: unknown, range: DayRange) =>
  sql`${column} >= ${start(range)} and ${column} < ${end(range)}`;

/**
 * Each rolled-up chart as one statement over a range of days: (day, dimension, value) rows, none for
 * a day and series with nothing to count. Every one reads its table through an index on the instant
 * it groups by (profiles_created_idx, profiles_inactive_idx, swipe_actions_created_brin_idx,
 * matches_created_idx, messages_created_brin_idx, ledger_entries_created_brin_idx,
 * reports_created_idx, events_date_time_idx; reconciliation flags by their kind's key).
 *
 * Snapshot charts (tiers) count the state now and date it to `range.to`: only a range of one day
 * makes sense for them, and the writer asks for no other.
 */
export const METRIC_QUERIES: Record<RolledUpMetric, (range: DayRange) => SQL> = {
  signups: (range) => sql`
    select ${dayOf(profiles.createdAt)} as day, 'signups' as dimension, count(*) as value
    from ${profiles} where ${within(profiles.createdAt, range)} group by 1`,

  // profiles.last_active holds only a member's latest visit, so a past day also counts who swiped or
  // wrote on it: the figure is every member known to have been there that day (decision 061).
  active_members: (range) => sql`
    select day, 'active' as dimension, count(distinct member) as value from (
      select ${dayOf(profiles.lastActive)} as day, ${profiles.userId} as member from ${profiles}
      where ${within(profiles.lastActive, range)} and ${profiles.onboardedAt} is not null
      union all
      select ${dayOf(swipeActions.createdAt)}, ${swipeActions.swiperId} from ${swipeActions}
      where ${within(swipeActions.createdAt, range)}
      union all
      select ${dayOf(messages.createdAt)}, ${messages.senderId} from ${messages}
      where ${within(messages.createdAt, range)}
    ) seen group by 1`,

  matches: (range) => sql`
    select ${dayOf(matches.createdAt)} as day, 'matches' as dimension, count(*) as value
    from ${matches} where ${within(matches.createdAt, range)} group by 1`,

  messages: (range) => sql`
    select ${dayOf(messages.createdAt)} as day, 'messages' as dimension, count(*) as value
    from ${messages} where ${within(messages.createdAt, range)} group by 1`,

  swipes: (range) => sql`
    select ${dayOf(swipeActions.createdAt)} as day, ${swipeActions.direction}::text as dimension, count(*) as value
    from ${swipeActions} where ${within(swipeActions.createdAt, range)} group by 1, 2`,

  // As the summary cards read revenue (admin-summary/summary.ts): the provider-clearing account's
  // credits, by the type of the entry that booked them; a plan paid from the wallet is not counted
  // again (its money came in as a deposit).
  revenue: (range) => sql`
    select ${dayOf(sql`e.created_at`)} as day, e.transaction_type::text as dimension, -sum(l.amount_cents) as value
    from ${ledgerEntries} e join ${ledgerLines} l on l.entry_id = e.id
    where ${within(sql`e.created_at`, range)}
      and l.account_id = ${PLATFORM_ACCOUNTS.provider_clearing}
      and e.transaction_type in (${sql.join(
        REVENUE_SOURCES.map((source) => sql`${source}`),
        sql`, `,
      )})
    group by 1, 2`,

  tiers: (range) => sql`
    select ${range.to}::text as day, 'tier_' || ${profiles.tierLevel} as dimension, count(*) as value
    from ${profiles} where ${profiles.onboardedAt} is not null group by ${profiles.tierLevel}`,

  safety: (range) => sql`
    select ${dayOf(reports.createdAt)} as day, 'reports' as dimension, count(*) as value
    from ${reports} where ${within(reports.createdAt, range)} group by 1
    union all
    select ${dayOf(reconciliationFlags.createdAt)}, 'disputes', count(*)
    from ${reconciliationFlags}
    where ${reconciliationFlags.kind} = 'payment_disputed' and ${within(reconciliationFlags.createdAt, range)}
    group by 1`,

  // An event counts on the day it is held; a cancelled one had nobody there.
  events: (range) => sql`
    select day, dimension, value from (
      select ${dayOf(events.dateTime)} as day,
        count(*) filter (where r.status in ('going', 'checked_in')) as attending,
        count(*) filter (where r.status = 'checked_in') as checked_in
      from ${events} join ${eventRsvps} r on r.event_id = ${events.id}
      where ${within(events.dateTime, range)} and ${events.status} <> 'cancelled'
      group by 1
    ) held
    cross join lateral (values ('attending', attending), ('checked_in', checked_in)) as v(dimension, value)`,
};

export const ROLLED_UP_METRICS = Object.keys(METRIC_QUERIES) as RolledUpMetric[];
