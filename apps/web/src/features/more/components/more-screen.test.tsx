import { mockApi, SESSION, signedInAs } from '@test/fetch-mock';
import { makeMe, makeSettings, publicPageRoutes } from '@test/fixtures';
import { renderApp } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

/** The More screen asks for the member's own referral code. */
const referralRoute = {
  'GET /api/me/referral': {
    body: {
      code: 'RC-7KQ2M9XD4P',
      uses_left: 3,
      uses_per_month: 5,
      share_url: 'http://localhost/signin?invite=RC-7KQ2M9XD4P',
    },
  },
};

function renderMore(me: ReturnType<typeof makeMe>) {
  mockApi({
    [SESSION]: signedInAs(me),
    'GET /api/notifications': { body: { items: [], unread_count: 0 } },
    'GET /api/me/settings': { body: makeSettings() },
    'GET /api/wallet': {
      body: { balance_cents: 0, held_cents: 0, tier_level: 1, min_escrow_cents: 0, max_escrow_cents: 0 },
    },
    ...referralRoute,
  });
  return renderApp('/more');
}

describe('More screen', () => {
  it('shows your referral code with its uses left this month and a share button', async () => {
    renderMore(makeMe());
    const card = await screen.findByRole('region', { name: 'Invite to the Circle' });
    expect(card).toHaveTextContent('RC-7KQ2M9XD4P');
    expect(card).toHaveTextContent('3 of 5 invites left this month');
    expect(within(card).getByRole('button', { name: /share|copy link/i })).toBeEnabled();
  });

  it('shows your rating only once you have one (three ratings), never a made-up figure', async () => {
    const { unmount } = renderMore(makeMe({ rating_avg: null }));
    const numbers = await screen.findByRole('list', { name: 'Your numbers' });
    expect(numbers).not.toHaveTextContent('/5');
    unmount();
    renderMore(makeMe({ rating_avg: 4.4 }));
    expect(await screen.findByRole('list', { name: 'Your numbers' })).toHaveTextContent('4.4/5');
  });

  it("signs out to / with the spec's 'Signed out' toast", async () => {
    const api = mockApi({
      [SESSION]: signedInAs(makeMe()),
      'GET /api/notifications': { body: { items: [], unread_count: 0 } },
      'GET /api/me/settings': { body: makeSettings() },
      // The /more route prefetches the wallet for its dialog.
      'GET /api/wallet': {
        body: { balance_cents: 0, held_cents: 0, tier_level: 1, min_escrow_cents: 0, max_escrow_cents: 0 },
      },
      'POST /api/auth/sign-out': { status: 204 },
      ...referralRoute,
      ...publicPageRoutes(),
    });
    const { user, router } = renderApp('/more');
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));

    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(screen.getByText('You have been signed out successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/sign-out')).toHaveLength(1);
    // `/` itself shows a signed-out visitor the landing page.
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
    expect(visited).toContain('/');
    expect(visited).not.toContain('/signin');
  });
});

describe('More → Settings', () => {
  it('opens the Settings dialog at its own URL, with the spec’s switches', async () => {
    const { user, router } = renderMore(makeMe());
    // The menu's entry (the top bar's quick settings button has the same name).
    const menu = await screen.findByRole('navigation', { name: 'Menu' });
    await user.click(within(menu).getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(router.state.location.search).toBe('?settings=open');
    for (const name of ['Ghost Mode', 'Incognito Mode', 'Location Sharing', 'Show Online Status']) {
      expect(within(dialog).getByRole('switch', { name })).toBeInTheDocument();
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
