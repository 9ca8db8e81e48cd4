import {
  ANALYTICS_CHART_NAMES,
  ANALYTICS_CHARTS,
  type AnalyticsChart,
  type AnalyticsChartData,
  addUtcDays,
  spanInDays,
  utcDay,
} from '@royal/shared';
import { apiError, type MockHandler, type MockRequest, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AnalyticsTab } from './analytics-tab';

const admin = makeMe({ roles: ['user', 'admin'], email_confirmed: true });
const today = utcDay(Date.now());

/** The server's answer for a chart over the asked range: `figure(dayIndex, seriesIndex)` each day. */
function reply(
  chart: AnalyticsChart,
  request: MockRequest,
  figure: (day: number, series: number) => number | null,
) {
  const query = new URLSearchParams(request.query);
  const from = query.get('from') as string;
  const to = query.get('to') as string;
  const { title, meaning, unit, series } = ANALYTICS_CHARTS[chart];
  const body: AnalyticsChartData = {
    chart,
    title,
    meaning,
    unit,
    series: series.map(({ key, label }) => ({ key, label })),
    from,
    to,
    days: Array.from({ length: spanInDays(from, to) }, (_, day) => ({
      day: addUtcDays(from, day),
      live: addUtcDays(from, day) === today,
      values: Object.fromEntries(series.map(({ key }, at) => [key, figure(day, at)])),
    })),
  };
  return { body };
}

function mockCharts(
  figure: (day: number, series: number) => number | null = (day, series) => day + series + 1,
  overrides: Partial<Record<AnalyticsChart, MockHandler>> = {},
) {
  return mockApi(
    Object.fromEntries(
      ANALYTICS_CHART_NAMES.map((chart) => [
        `GET /api/admin/analytics/${chart}`,
        overrides[chart] ?? ((request: MockRequest) => reply(chart, request, figure)),
      ]),
    ),
  );
}

const card = async (title: string) =>
  (await screen.findByRole('heading', { name: title, level: 3 })).closest('section') as HTMLElement;

describe('AnalyticsTab', () => {
  it('draws every chart over the last 30 days, with its total and legend', async () => {
    const api = mockCharts();
    renderSignedIn(<AnalyticsTab />, { me: admin });
    for (const chart of ANALYTICS_CHART_NAMES) {
      expect(await card(ANALYTICS_CHARTS[chart].title)).toBeInTheDocument();
    }
    const signups = await card('Sign-ups');
    expect(await within(signups).findByRole('img', { name: /Sign-ups/ })).toBeInTheDocument();
    // 1 + 2 + … + 30
    expect(within(signups).getByText('465 in this range')).toBeInTheDocument();
    const swipes = await card('Swipes');
    expect(within(swipes).getByText('Likes')).toBeInTheDocument();
    expect(within(swipes).getByText('Super likes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    const asked = api.callsTo('GET /api/admin/analytics/signups')[0]?.query;
    expect(asked).toBe(`from=${addUtcDays(today, -29)}&to=${today}`);
  });

  it('asks again for every chart when the range changes', async () => {
    const api = mockCharts();
    const { user } = renderSignedIn(<AnalyticsTab />, { me: admin });
    await card('Matches');
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(await within(await card('Sign-ups')).findByText('28 in this range')).toBeInTheDocument();
    for (const chart of ANALYTICS_CHART_NAMES) {
      expect(api.callsTo(`GET /api/admin/analytics/${chart}`).map((call) => call.query)).toContain(
        `from=${addUtcDays(today, -6)}&to=${today}`,
      );
    }
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    // A custom range: refused here when it runs backwards, asked for when it is right.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: addUtcDays(today, 2) } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The first day must come before the last.');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: addUtcDays(today, -2) } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await within(await card('Sign-ups')).findByText('6 in this range')).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/analytics/signups').at(-1)?.query).toBe(
      `from=${addUtcDays(today, -2)}&to=${today}`,
    );
  });

  it('shows the figures as a table with a caption, and links the CSV download', async () => {
    mockCharts((day, series) => (day === 0 ? null : (day + 1) * 100 + series));
    const { user } = renderSignedIn(<AnalyticsTab />, { me: admin });
    const revenue = await card('Revenue by source');
    await within(revenue).findByRole('img', { name: /Revenue by source/ });
    await user.click(within(revenue).getByRole('button', { name: 'Show table' }));
    const table = within(revenue).getByRole('table', { name: /^Revenue by source, / });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Day (UTC)', 'Deposits', 'Subscriptions', 'Boosts']);
    // Newest first; today is marked as counted so far; money in dollars; a missing day says so.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent('(today so far)');
    expect(rows[0]).toHaveTextContent('$30.00$30.01$30.02');
    expect(rows.at(-1)).toHaveTextContent('No figure');
    expect(within(revenue).getByRole('button', { name: 'Show chart' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(revenue).getByRole('link', { name: 'Download CSV of Revenue by source' })).toHaveAttribute(
      'href',
      `/api/admin/analytics/revenue?from=${addUtcDays(today, -29)}&to=${today}&format=csv`,
    );
  });

  it('says when a range has nothing to show, and when a chart failed, with Try Again', async () => {
    let failing = true;
    const api = mockCharts(() => 0, {
      messages: (request) =>
        failing
          ? apiError(500, 'INTERNAL', 'The server could not count')
          : reply('messages', request, () => 4),
    });
    const { user } = renderSignedIn(<AnalyticsTab />, { me: admin });
    const signups = await card('Sign-ups');
    expect(await within(signups).findByText('Nothing to show yet')).toBeInTheDocument();
    const messages = await card('Messages');
    expect(
      await within(messages).findByText('Failed to load messages', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(within(messages).getByText('The server could not count')).toBeInTheDocument();
    failing = false;
    await user.click(within(messages).getByRole('button', { name: 'Try Again' }));
    expect(await within(messages).findByText('120 in this range')).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/analytics/messages').length).toBeGreaterThan(1);
  });
});
