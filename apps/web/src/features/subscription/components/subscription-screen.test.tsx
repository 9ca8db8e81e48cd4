import {
  PACK_NEEDS_ACTIVE_PLAN_TEXT,
  PROFILE_BOOST_HIDDEN_TEXT,
  SUBSCRIBE_EMAIL_UNCONFIRMED_TEXT,
  type SubscriptionState,
} from '@royal/shared';
import { mockApi, SESSION, signedInAs } from '@test/fetch-mock';
import { makeMe, makeSettings } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

function renderScreen(
  path = '/subscription',
  plan = state(),
  settings = makeSettings(),
  me = makeMe({ tier_level: 2 }),
) {
  const api = mockApi({
    'GET /api/subscription': { body: plan },
    'GET /api/me/settings': { body: settings },
  });
  const view = renderSignedIn(<SubscriptionScreen />, { me, path });
  return { ...view, api };
}

describe('SubscriptionScreen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('waits for the payment in the other tab, and stops waiting once that checkout is declined', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const checkoutId = '6f1c2a52-93a4-4c41-9f0e-1d2b3c4d5e6f';
    let status = 'open';
    const api = mockApi({
      // The watch refreshes the plan and the member while it waits.
      [SESSION]: signedInAs(makeMe({ tier_level: 2 })),
      'GET /api/subscription': { body: state() },
      'GET /api/me/settings': { body: makeSettings() },
      'POST /api/subscription/checkout': { body: { checkout_id: checkoutId, url: '/sandbox/checkout/x' } },
      [`GET /api/payments/checkouts/${checkoutId}`]: () => ({ body: { id: checkoutId, status } }),
    });
    const { user } = renderSignedIn(<SubscriptionScreen />, { me: makeMe({ tier_level: 2 }) });
    const chemistry = await screen.findByRole('article', { name: 'Chemistry Tier' });
    await user.click(within(chemistry).getByRole('button', { name: 'Subscribe Now' }));

    expect(await screen.findByText('Waiting for your payment…')).toBeInTheDocument();
    expect(tab.location.href).toBe('/sandbox/checkout/x');
    status = 'declined';
    await waitFor(() => expect(screen.queryByText('Waiting for your payment…')).toBeNull(), {
      timeout: 6000,
    });
    expect(api.callsTo(`GET /api/payments/checkouts/${checkoutId}`).length).toBeGreaterThan(0);
  });

  it('opens One-Time Boosts from ?tab=boosts and sells the After Dark Pass', async () => {
    renderScreen(
      '/subscription?tab=boosts',
      state({ boosts: [{ boost_type: 'super_likes', remaining: 7, active_until: null }] }),
    );
    expect(await screen.findByRole('tab', { name: 'One-Time Boosts' })).toHaveAttribute(
      'data-state',
      'active',
    );
    const pass = screen.getByText('After Dark Pass').closest('li') as HTMLElement;
    expect(pass).not.toHaveAttribute('aria-disabled', 'true');
    expect(pass).toHaveTextContent('$12.99');
    expect(within(pass).getByRole('button', { name: 'Buy After Dark Pass' })).toBeEnabled();
    const pack = screen.getByText('Super Likes Pack').closest('li') as HTMLElement;
    expect(pack).toHaveTextContent('You have 7 left');
    expect(within(pack).getByRole('button', { name: 'Buy Super Likes Pack' })).toBeEnabled();
  });

  it('counts the After Dark Passes the member holds, as the other boosts are counted', async () => {
    renderScreen(
      '/subscription?tab=boosts',
      state({
        boosts: [
          { boost_type: 'after_dark_pass', remaining: 1, active_until: null },
          { boost_type: 'after_dark_pass', remaining: 1, active_until: null },
        ],
      }),
    );
    const pass = (await screen.findByText('After Dark Pass')).closest('li') as HTMLElement;
    expect(pass).toHaveTextContent('You have 2 left');
    expect(within(pass).getByRole('button', { name: 'Buy After Dark Pass' })).toBeEnabled();
  });

  it('says why a Profile Boost is not offered while the member’s profile is hidden', async () => {
    for (const [settings, me] of [
      [makeSettings({ profile_visibility: 'private' }), makeMe({ tier_level: 2 })],
      [makeSettings(), makeMe({ tier_level: 4, ghost_mode: true })],
    ] as const) {
      const { unmount } = renderScreen('/subscription?tab=boosts', state(), settings, me);
      const boost = (await screen.findByText(PROFILE_BOOST_HIDDEN_TEXT)).closest('li') as HTMLElement;
      expect(within(boost).getByRole('button', { name: 'Buy Profile Boost' })).toBeDisabled();
      unmount();
    }
  });

  it('offers no pack a member whose plan lapsed could not spend, and says why', async () => {
    const lapsed = makeMe({
      tier_level: 2,
      tier_subscription_ends_at: new Date(Date.now() - 60_000).toISOString(),
    });
    renderScreen('/subscription?tab=boosts', state({ active: false }), makeSettings(), lapsed);
    const pack = (await screen.findByText('Super Likes Pack')).closest('li') as HTMLElement;
    expect(pack).toHaveTextContent(PACK_NEEDS_ACTIVE_PLAN_TEXT);
    expect(within(pack).getByRole('button', { name: 'Buy Super Likes Pack' })).toBeDisabled();
    const boost = screen.getByText('Profile Boost').closest('li') as HTMLElement;
    expect(within(boost).getByRole('button', { name: 'Buy Profile Boost' })).toBeEnabled();
  });

  it('shows plans and boosts disabled to a member whose e-mail is not confirmed, saying why', async () => {
    const unconfirmed = makeMe({ tier_level: 2, email_confirmed: false });
    const { user, api } = renderScreen('/subscription', state(), makeSettings(), unconfirmed);
    const chemistry = await screen.findByRole('article', { name: 'Chemistry Tier' });
    const subscribe = within(chemistry).getByRole('button', { name: 'Subscribe Now' });
    expect(subscribe).toBeDisabled();
    expect(subscribe).toHaveAccessibleDescription(SUBSCRIBE_EMAIL_UNCONFIRMED_TEXT);
    await user.click(subscribe);
    expect(api.callsTo('POST /api/subscription/checkout')).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: 'One-Time Boosts' }));
    for (const name of ['Profile Boost', 'Super Likes Pack']) {
      const card = (await screen.findByText(name)).closest('li') as HTMLElement;
      expect(card).toHaveTextContent(SUBSCRIBE_EMAIL_UNCONFIRMED_TEXT);
      expect(within(card).getByRole('button', { name: `Buy ${name}` })).toBeDisabled();
    }
  });

  it('opens Tier Subscriptions by default', async () => {
    renderScreen();
    expect(await screen.findByRole('tab', { name: 'Tier Subscriptions' })).toHaveAttribute(
      'data-state',
      'active',
    );
  });
});
