import { apiError, type MockHandler, mockApi, SESSION, SIGNED_OUT, signedInAs } from '@test/fetch-mock';
import { makeMe, makeSettings } from '@test/fixtures';
import { renderApp } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

function memberRoutes(me = makeMe(), extra: Record<string, MockHandler> = {}) {
  return {
    [SESSION]: signedInAs(me),
    'GET /api/notifications': { body: { items: [], unread_count: 0 } },
    'GET /api/me/settings': { body: makeSettings() },
    'GET /api/discovery/feed': { body: { items: [], next_cursor: null } },
    ...extra,
  };
}

describe('Top bar', () => {
  it('shows the logo linking home and the member tier badge', async () => {
    mockApi(
      memberRoutes(makeMe({ tier_level: 2 }), {
        'GET /api/search': {
          body: { items: [], total: 0, total_capped: false, next_cursor: null, max_visible_tier: 2 },
        },
      }),
    );
    renderApp('/search');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Royal Circle' })).toHaveAttribute('href', '/app');
    expect(within(header).getByText('Verified Viber')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Browse' })).toBeInTheDocument();
  });

  it("signs out with a 'Signed out' toast and goes to /signin", async () => {
    const api = mockApi(memberRoutes(makeMe(), { 'POST /api/auth/sign-out': { status: 204 } }));
    const { user, router } = renderApp('/app');

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(screen.getByText('You have been signed out successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(api.callsTo('POST /api/auth/sign-out')).toHaveLength(1);
    expect(await screen.findByRole('tab', { name: 'Royal Sign In' })).toBeInTheDocument();
  });

  it("stays signed in with an 'Error' toast when sign-out fails", async () => {
    mockApi(
      memberRoutes(makeMe(), {
        'POST /api/auth/sign-out': apiError(
          503,
          'SERVICE_UNAVAILABLE',
          'Service temporarily unavailable. Please try again.',
        ),
      }),
    );
    const { user, router } = renderApp('/app');

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Service temporarily unavailable. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
  });

  it('hides the screen from its eye button or Escape twice, and Done brings the same screen back', async () => {
    mockApi(memberRoutes());
    const { user, router } = renderApp('/app');
    await user.click(await screen.findByRole('button', { name: 'Hide screen' }));
    expect(await screen.findByRole('heading', { name: 'Reading list' })).toBeInTheDocument();
    // The top bar, the navigation and the page are out of the accessibility tree too.
    expect(screen.queryByRole('link', { name: 'Royal Circle' })).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(document.title).toBe('Reading list');

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('link', { name: 'Royal Circle' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
    expect(document.title).toBe('Royal Circle');

    await user.keyboard('{Escape}{Escape}');
    expect(await screen.findByRole('heading', { name: 'Reading list' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('button', { name: 'Hide screen' })).toBeInTheDocument();
  });

  it('puts the unread count in the tab title, or only New activity for discreet notifications', async () => {
    const unread = { body: { items: [], unread_count: 3 } };
    mockApi(memberRoutes(makeMe(), { 'GET /api/notifications': unread }));
    const first = renderApp('/app');
    await waitFor(() => expect(document.title).toBe('(3) Royal Circle'));
    first.unmount();

    mockApi(
      memberRoutes(makeMe(), {
        'GET /api/notifications': unread,
        'GET /api/me/settings': { body: makeSettings({ discreet_notifications: true }) },
      }),
    );
    renderApp('/app');
    await waitFor(() => expect(document.title).toBe('New activity'));
  });

  // Last: the Messages route's data, started for /messages, may still be on its way when the test ends.
  it('sends a signed-out visitor from a member route to /signin', async () => {
    const signedOut = apiError(401, 'UNAUTHENTICATED', 'User not authenticated');
    // The frame's data starts with the session check (see routes.test.tsx) and is refused too.
    mockApi({
      [SESSION]: SIGNED_OUT,
      'GET /api/notifications': signedOut,
      'GET /api/me/settings': signedOut,
      // The Messages route starts its data with its code, before the session answer is known.
      'GET /api/matches': signedOut,
    });
    const { router } = renderApp('/messages');
    expect(await screen.findByRole('tab', { name: 'Royal Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
  });
});
