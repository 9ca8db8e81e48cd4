import type { SubscriptionState } from '@royal/shared';
import { mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SubscriptionScreen } from './subscription-screen';

const state = (overrides: Partial<SubscriptionState> = {}): SubscriptionState => ({
  tier_level: 2,
  active: true,
  ends_at: new Date(Date.now() + 20 * 86_400_000).toISOString(),
  status: 'active',
  cancel_at_period_end: false,
  manageable: true,
  sponsored_by: null,
  boosts: [],
  ...overrides,
});

function renderScreen(path = '/subscription', plan = state()) {
  const api = mockApi({ 'GET /api/subscription': { body: plan } });
  const view = renderSignedIn(<SubscriptionScreen />, { me: makeMe({ tier_level: 2 }), path });
  return { ...view, api };
}

describe('SubscriptionScreen', () => {
  it('opens One-Time Boosts from ?tab=boosts and shows the After Dark Pass off sale until events exist', async () => {
    renderScreen(
      '/subscription?tab=boosts',
      state({ boosts: [{ boost_type: 'super_likes', remaining: 7, active_until: null }] }),
    );
    expect(await screen.findByRole('tab', { name: 'One-Time Boosts' })).toHaveAttribute(
      'data-state',
      'active',
    );
    const pass = screen.getByText('After Dark Pass').closest('li') as HTMLElement;
    expect(pass).toHaveAttribute('aria-disabled', 'true');
    expect(pass).toHaveTextContent('After Dark Pass opens with events');
    expect(within(pass).getByRole('button', { name: 'Buy After Dark Pass' })).toBeDisabled();
    const pack = screen.getByText('Super Likes Pack').closest('li') as HTMLElement;
    expect(pack).toHaveTextContent('You have 7 left');
    expect(within(pack).getByRole('button', { name: 'Buy Super Likes Pack' })).toBeEnabled();
  });

  it('opens Tier Subscriptions by default', async () => {
    renderScreen();
    expect(await screen.findByRole('tab', { name: 'Tier Subscriptions' })).toHaveAttribute(
      'data-state',
      'active',
    );
  });
});
