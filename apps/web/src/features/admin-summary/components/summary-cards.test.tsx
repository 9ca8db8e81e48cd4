import type { AdminSummary } from '@royal/shared';
import { apiError, mockApi, never } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SummaryCards } from './summary-cards';

const SUMMARY: AdminSummary = {
  total_users: 1250,
  active_subscriptions: 310,
  paid_users: 400,
  conversion_percent: 32,
  tier4_users: 12,
  revenue: {
    deposits_cents: 1_000_000,
    subscriptions_cents: 250_050,
    boosts_cents: 4_999,
    total_cents: 1_255_049,
  },
  counted_at: '2026-11-29T08:00:00.000Z',
};
const admin = makeMe({ roles: ['user', 'admin'] });
const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

describe('SummaryCards', () => {
  it('shows the four cards: users with active subscriptions, revenue by source, paid users with conversion, Tier 4', async () => {
    mockApi({ 'GET /api/admin/summary': { body: SUMMARY } });
    renderSignedIn(<SummaryCards />, { me: admin });
    expect(await screen.findByRole('list', { name: 'Summary' })).toBeInTheDocument();
    expect(within(card('Total Users')).getByText('1,250')).toBeInTheDocument();
    expect(within(card('Total Users')).getByText('310 active subscriptions')).toBeInTheDocument();
    expect(within(card('Revenue')).getByText('$12,550.49')).toBeInTheDocument();
    expect(card('Revenue')).toHaveTextContent('Deposits $10,000.00 · Plans $2,500.50 · Boosts $49.99');
    expect(within(card('Paid Users')).getByText('400')).toBeInTheDocument();
    expect(within(card('Paid Users')).getByText('32% conversion')).toBeInTheDocument();
    expect(within(card('Tier 4 Users')).getByText('12')).toBeInTheDocument();
  });

  it('holds their place while loading', () => {
    mockApi({ 'GET /api/admin/summary': never });
    renderSignedIn(<SummaryCards />, { me: admin });
    expect(screen.getByText('Loading summary...').closest('[role="status"]')).toBeInTheDocument();
  });

  it('fails quietly, with a way to try again', async () => {
    let fail = true;
    mockApi({
      'GET /api/admin/summary': () =>
        fail ? apiError(500, 'INTERNAL', 'Something went wrong on our side') : { body: SUMMARY },
    });
    const { user } = renderSignedIn(<SummaryCards />, { me: admin });
    expect(await screen.findByText('The summary could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('310 active subscriptions')).toBeInTheDocument();
  });
});
