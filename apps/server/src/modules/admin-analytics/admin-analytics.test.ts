import {
  ANALYTICS_CHART_NAMES,
  ANALYTICS_CHARTS,
  type AnalyticsChart,
  type AnalyticsChartData,
  addUtcDays,
  analyticsChartSchema,
  utcDay,
} from '@royal/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly } from '../../../test/admin-refusals';
import { request, type Session, useTestApp } from '../../../test/app';
import { createMember, signedInMember, type TestMember } from '../../../test/factories';
import { fundWallet } from '../../../test/money';
import { PLATFORM_ACCOUNTS } from '../wallet';
import { rollUpFinishedDays, writeRollups } from './write-rollups';

// The Analytics tab (issue 37) on generated data: every chart's figures against counts the test takes
// itself, the rollup job run twice, today's live figures, the range rules, the CSV and the refusals.
const t = useTestApp({}, { isolation: 'test' });

const today = () => utcDay(Date.now());
/** An instant `daysAgo` UTC days back, at `hour` o'clock UTC (clamped to now for today). */
const at = (daysAgo: number, hour = 12) => {
  const instant = Date.parse(`${addUtcDays(today(), -daysAgo)}T00:00:00Z`) + hour * 3_600_000;
  return new Date(Math.min(instant, Date.now() - 1000));
};

async function chart(session: Session, name: string, query = '') {
  return request(t.app, 'GET', `/api/admin/analytics/${name}${query}`, { session });
}
async function chartData(session: Session, name: AnalyticsChart, query = ''): Promise<AnalyticsChartData> {
  const res = await chart(session, name, query);
  expect(res.statusCode, res.body).toBe(200);
  return analyticsChartSchema.strict().parse(res.json());
}

/** Generated activity over the last week: every source table a chart reads, on several days. */
async function generateActivity() {
  const { db } = t.app.ctx;
  const members: TestMember[] = [];
  for (let i = 0; i < 10; i++) {
    members.push(await createMember(t.app, { tier: ([0, 1, 2, 3, 4, 0, 1, 4, 0, 2] as const)[i] ?? 0 }));
  }
  await createMember(t.app, { tier: 3, onboarded: false });
  const id = (i: number) => members[i]?.id as string;
  // Sign-ups and last visits spread over the week.
  for (const [i, member] of members.entries()) {
    await db.execute(sql`update profiles set created_at = ${at(i % 5, 3 + i)}, last_active = ${at(i % 4, 20)}
                         where user_id = ${member.id}`);
  }
  // Swipes: pairs (i, i+1) and (i, i+2), on the pair's day, in every direction.
  const directions = ['left', 'right', 'up'] as const;
  for (let i = 0; i < 8; i++) {
    for (const step of [1, 2]) {
      await db.execute(sql`insert into swipe_actions (swiper_id, target_id, direction, created_at)
        values (${id(i)}, ${id(i + step)}, ${directions[(i + step) % 3]}::swipe_direction, ${at(i % 3, 8 + step)})`);
    }
  }
  // Matches and their messages.
  for (let i = 0; i < 6; i += 2) {
    const [a, b] = [id(i), id(i + 1)].sort();
    const match = await db.execute<{ id: string }>(sql`
      insert into matches (user1_id, user2_id, expires_at, created_at)
      values (${a}, ${b}, now() + interval '2 days', ${at(i / 2, 9)}) returning id`);
    for (let m = 0; m <= i; m++) {
      await db.execute(sql`insert into messages (match_id, sender_id, receiver_id, content, created_at)
        values (${match.rows[0]?.id}, ${m % 2 ? a : b}, ${m % 2 ? b : a}, 'hello', ${at(m % 3, 10 + m)})`);
    }
  }
  // Money: deposits today through the wallet, and entries booked on earlier days as the provider
  // webhooks book them (written directly: the ledger refuses an update of its date).
  await fundWallet(t.app, id(1), 2_500);
  await fundWallet(t.app, id(2), 1_000);
  const revenue: [string, number, number][] = [
    ['subscription', 2_999, 1],
    ['boost', 499, 1],
    ['deposit', 5_000, 2],
    ['subscription', 9_999, 4],
    // A plan paid from the wallet: its money came in as a deposit, so it is not revenue again.
    ['transfer', 700, 1],
  ];
  for (const [type, cents, daysAgo] of revenue) {
    await db.transaction(async (tx) => {
      const entry = await tx.execute<{ id: string }>(sql`
        insert into ledger_entries (transaction_type, created_at) values (${type}, ${at(daysAgo, 15)}) returning id`);
      const entryId = entry.rows[0]?.id;
      await tx.execute(sql`insert into ledger_lines (entry_id, account_id, amount_cents) values
        (${entryId}, ${PLATFORM_ACCOUNTS.platform_revenue}, ${cents}),
        (${entryId}, ${PLATFORM_ACCOUNTS.provider_clearing}, ${-cents})`);
    });
  }
  // Reports (each its own pair) and disputed payments.
  for (let i = 0; i < 5; i++) {
    await db.execute(sql`insert into reports (reporter_id, reported_id, reason, created_at)
      values (${id(i)}, ${id(9 - i)}, 'harassment', ${at(i % 3, 11)})`);
  }
  for (let i = 0; i < 3; i++) {
    await db.execute(sql`insert into reconciliation_flags (kind, reference, detail, created_at)
      values (${i === 2 ? 'payment_refunded' : 'payment_disputed'}, ${`ch_${i}`}, '{}', ${at(i, 7)})`);
  }
  // Events held on two days, one cancelled; tickets, check-ins, a waiting list and a cancellation.
  const statuses = ['going', 'checked_in', 'checked_in', 'waitlisted', 'cancelled', 'going'] as const;
  for (const [daysAgo, status] of [
    [1, 'ended'],
    [2, 'ended'],
    [1, 'cancelled'],
  ] as const) {
    const event = await db.execute<{ id: string }>(sql`
      insert into events (name, venue, date_time, status) values ('Gala', 'Hall', ${at(daysAgo, 21)}, ${status})
      returning id`);
    for (const [i, rsvp] of statuses.entries()) {
      if (daysAgo === 2 && i > 3) continue;
      await db.execute(sql`insert into event_rsvps (event_id, user_id, status)
        values (${event.rows[0]?.id}, ${id(i)}, ${rsvp}::rsvp_status)`);
    }
  }
  return members;
}

/** A day's figures for a chart, counted here from the source tables with the chart's meaning. */
async function countedDirectly(chartName: AnalyticsChart, day: string): Promise<Record<string, number>> {
  const { db } = t.app.ctx;
  const onDay = (column: string) => sql.raw(`(${column} at time zone 'UTC')::date = '${day}'::date`);
  const one = async (query: ReturnType<typeof sql>) =>
    Number((await db.execute<{ n: string }>(query)).rows[0]?.n ?? 0);
  const grouped = async (query: ReturnType<typeof sql>) =>
    Object.fromEntries(
      (await db.execute<{ k: string; n: string }>(query)).rows.map((r) => [r.k, Number(r.n)]),
    );
  const withZeros = (figures: Record<string, number>) =>
    Object.fromEntries(ANALYTICS_CHARTS[chartName].series.map(({ key }) => [key, figures[key] ?? 0]));
  switch (chartName) {
    case 'signups':
      return { signups: await one(sql`select count(*) as n from profiles where ${onDay('created_at')}`) };
    case 'active_members':
      return {
        active: await one(sql`select count(*) as n from (
          select user_id from profiles where onboarded_at is not null and ${onDay('last_active')}
          union select swiper_id from swipe_actions where ${onDay('created_at')}
          union select sender_id from messages where ${onDay('created_at')}) seen`),
      };
    case 'matches':
      return { matches: await one(sql`select count(*) as n from matches where ${onDay('created_at')}`) };
    case 'messages':
      return { messages: await one(sql`select count(*) as n from messages where ${onDay('created_at')}`) };
    case 'swipes':
      return withZeros(
        await grouped(sql`select direction::text as k, count(*) as n from swipe_actions
                          where ${onDay('created_at')} group by 1`),
      );
    case 'revenue':
      return withZeros(
        await grouped(sql`select e.transaction_type::text as k, -sum(l.amount_cents) as n
          from ledger_lines l join ledger_entries e on e.id = l.entry_id
          join ledger_accounts a on a.id = l.account_id
          where a.kind = 'provider_clearing' and ${onDay('e.created_at')}
            and e.transaction_type in ('deposit', 'subscription', 'boost') group by 1`),
      );
    case 'tiers':
    case 'conversion': {
      const tiers = await grouped(sql`select 'tier_' || tier_level as k, count(*) as n from profiles
                                      where onboarded_at is not null group by 1`);
      if (chartName === 'tiers') return withZeros(tiers);
      const total = Object.values(tiers).reduce((sum, n) => sum + n, 0);
      return Object.fromEntries(
        Object.keys(withZeros({})).map((key) => [key, Math.round(((tiers[key] ?? 0) / total) * 1000) / 10]),
      );
    }
    case 'safety':
      return {
        reports: await one(sql`select count(*) as n from reports where ${onDay('created_at')}`),
        disputes: await one(
          sql`select count(*) as n from reconciliation_flags where kind = 'payment_disputed' and ${onDay('created_at')}`,
        ),
      };
    case 'events':
      return {
        attending: await one(sql`select count(*) as n from event_rsvps r join events e on e.id = r.event_id
          where e.status <> 'cancelled' and r.status in ('going', 'checked_in') and ${onDay('e.date_time')}`),
        checked_in: await one(sql`select count(*) as n from event_rsvps r join events e on e.id = r.event_id
          where e.status <> 'cancelled' and r.status = 'checked_in' and ${onDay('e.date_time')}`),
      };
  }
}

describe('GET /api/admin/analytics/:chart', () => {
  it('equals, for every chart and day, the counts taken directly from the database', async () => {
    await generateActivity();
    const admin = await signedInMember(t.app, { roles: ['user', 'admin'] });
    await writeRollups(t.app.ctx, { from: addUtcDays(today(), -6), to: addUtcDays(today(), -1) });
    const from = addUtcDays(today(), -6);
    for (const name of ANALYTICS_CHART_NAMES) {
      const data = await chartData(admin.session, name, `?from=${from}&to=${today()}`);
      expect(data.days.map((d) => d.day)).toEqual(Array.from({ length: 7 }, (_, i) => addUtcDays(from, i)));
      for (const day of data.days) {
        const snapshotBefore =
          ANALYTICS_CHARTS[name].kind === 'snapshot' && day.day < addUtcDays(today(), -1);
        expect(day.live, `${name} ${day.day}`).toBe(day.day === today());
        if (snapshotBefore) {
          // A state before the rollup began cannot be rebuilt: no figure rather than a wrong one.
          expect(
            Object.values(day.values).every((value) => value === null),
            `${name} ${day.day}`,
          ).toBe(true);
        } else {
          expect(day.values, `${name} ${day.day}`).toEqual(await countedDirectly(name, day.day));
        }
      }
    }
    // The figures in the amounts written above, so the direct counts are not trivially zero.
    const revenue = await chartData(admin.session, 'revenue', `?from=${from}`);
    const revenueOn = (daysAgo: number) =>
      revenue.days.find((d) => d.day === addUtcDays(today(), -daysAgo))?.values;
    expect(revenueOn(0)).toEqual({ deposit: 3_500, subscription: 0, boost: 0 });
    expect(revenueOn(1)).toEqual({ deposit: 0, subscription: 2_999, boost: 499 });
    expect(revenueOn(4)).toEqual({ deposit: 0, subscription: 9_999, boost: 0 });
    const events = await chartData(admin.session, 'events', `?from=${from}`);
    const eventsOn = (daysAgo: number) =>
      events.days.find((d) => d.day === addUtcDays(today(), -daysAgo))?.values;
    expect(eventsOn(1)).toEqual({ attending: 4, checked_in: 2 });
    expect(eventsOn(2)).toEqual({ attending: 3, checked_in: 2 });
    const tiers = await chartData(admin.session, 'tiers', `?from=${from}`);
    // Ten generated members and the admin (tier 1), done with onboarding; the one onboarding is not.
    expect(tiers.days.at(-1)?.values).toEqual({ tier_0: 3, tier_1: 3, tier_2: 2, tier_3: 1, tier_4: 2 });
  });

  it('counts today live, and reads null for a finished day the job has not written', async () => {
    const admin = await signedInMember(t.app, { roles: ['user', 'admin'] });
    const before = await chartData(admin.session, 'signups', `?from=${addUtcDays(today(), -1)}`);
    await createMember(t.app);
    const after = await chartData(admin.session, 'signups', `?from=${addUtcDays(today(), -1)}`);
    expect(after.days).toEqual([
      { day: addUtcDays(today(), -1), values: { signups: null }, live: false },
      { day: today(), values: { signups: (before.days[1]?.values.signups ?? 0) + 1 }, live: true },
    ]);
    // A range ending before today reads rollups only.
    const past = await chartData(
      admin.session,
      'signups',
      `?from=${addUtcDays(today(), -3)}&to=${addUtcDays(today(), -2)}`,
    );
    expect(past.days.every((day) => !day.live && day.values.signups === null)).toBe(true);
    // The default range: the last 30 days, today included.
    const fallback = await chartData(admin.session, 'matches');
    expect(fallback.days).toHaveLength(30);
    expect(fallback.to).toBe(today());
  });

  it('the job writes the day just ended and fills missing days back a year; run again, the same rows', async () => {
    await generateActivity();
    const { db } = t.app.ctx;
    const rows = async () =>
      (
        await db.execute(
          sql`select metric, day::text, dimension, value::text from analytics_daily order by 1, 2, 3`,
        )
      ).rows;
    const first = await rollUpFinishedDays(t.app.ctx);
    expect(first).toEqual({ from: addUtcDays(today(), -366), to: addUtcDays(today(), -1) });
    const written = await rows();
    expect(written.length).toBeGreaterThan(10);
    const days = await db.execute<{ n: number }>(sql`select count(*)::int as n from analytics_rollup_days`);
    expect(days.rows[0]?.n).toBe(366);
    // Again: only yesterday is missing from nothing, so only yesterday is written again, and the rows
    // are the same.
    expect(await rollUpFinishedDays(t.app.ctx)).toEqual({
      from: addUtcDays(today(), -1),
      to: addUtcDays(today(), -1),
    });
    expect(await rows()).toEqual(written);
    // Writing the whole range again gives the same rows too (the snapshot stays as recorded).
    await writeRollups(t.app.ctx, first);
    expect(await rows()).toEqual(written);
    // A day the job missed is filled from the oldest missing day on.
    await db.execute(sql`delete from analytics_rollup_days where day = ${addUtcDays(today(), -3)}::date`);
    expect((await rollUpFinishedDays(t.app.ctx)).from).toBe(addUtcDays(today(), -3));
    expect(await rows()).toEqual(written);
    // Finished days only.
    await expect(writeRollups(t.app.ctx, { from: today(), to: today() })).rejects.toThrow(/finished days/);
  });

  it('downloads a chart as CSV: numbers only, a file name with the chart and range', async () => {
    await generateActivity();
    const admin = await signedInMember(t.app, { roles: ['user', 'admin'] });
    const from = addUtcDays(today(), -2);
    await writeRollups(t.app.ctx, { from, to: addUtcDays(today(), -1) });
    const json = await chartData(admin.session, 'swipes', `?from=${from}`);
    const res = await chart(admin.session, 'swipes', `?from=${from}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="analytics-swipes-${from}-${today()}.csv"`,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('day,left,right,up');
    expect(lines.slice(1)).toEqual(
      json.days.map((day) => [day.day, day.values.left, day.values.right, day.values.up].join(',')),
    );
    // A day the job has not written is an empty cell, not a 0.
    const gap = await chart(
      admin.session,
      'swipes',
      `?from=${addUtcDays(today(), -5)}&to=${addUtcDays(today(), -5)}&format=csv`,
    );
    expect(gap.body).toBe(`day,left,right,up\r\n${addUtcDays(today(), -5)},,,\r\n`);
  });

  it('refuses a range that ends after today, runs backwards, spans more than 366 days or is not a date, and an unknown chart', async () => {
    const admin = await signedInMember(t.app, { roles: ['user', 'admin'] });
    for (const query of [
      `?to=${addUtcDays(today(), 1)}`,
      `?from=${today()}&to=${addUtcDays(today(), -1)}`,
      `?from=${addUtcDays(today(), -366)}`,
      '?from=2026-02-30',
      '?from=yesterday',
      '?format=xlsx',
    ]) {
      const res = await chart(admin.session, 'signups', query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await chart(admin.session, 'signups', `?from=${addUtcDays(today(), -365)}`)).statusCode).toBe(
      200,
    );
    expect((await chart(admin.session, 'pageviews')).statusCode).toBe(400);
  });

  it('refuses the signed out, members of every tier, promoters and admins without a confirmed second factor', async () => {
    await expectAdminOnly(t.app, [
      ['GET', '/api/admin/analytics/revenue'],
      ['GET', '/api/admin/analytics/tiers?format=csv'],
    ]);
  });
});
