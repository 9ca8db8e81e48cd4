import type { Me, MemberSettings } from '@royal/shared';
import { apiError, type MockHandler, mockApi, SESSION, signedInAs } from '@test/fetch-mock';
import { makeMe, makeSettings, publicPageRoutes } from '@test/fixtures';
import { renderApp, renderSignedIn } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { SettingsPopover } from './settings-popover';

/** GET and PATCH /api/me/settings backed by one in-memory record, like the server. */
function settingsServer(initial: MemberSettings = makeSettings()) {
  let current = initial;
  const routes: Record<string, MockHandler> = {
    'GET /api/me/settings': () => ({ body: current }),
    'PATCH /api/me/settings': ({ body }) => {
      current = { ...current, ...(body as Partial<MemberSettings>) };
      return { body: current };
    },
  };
  return { routes, current: () => current };
}

async function openSettings(tier: 0 | 1 | 2 | 3 | 4 = 1, routes: Record<string, MockHandler> = {}) {
  const server = settingsServer();
  const api = mockApi({ ...server.routes, ...routes });
  const view = renderSignedIn(<SettingsPopover />, { me: makeMe({ tier_level: tier }) });
  await view.user.click(screen.getByRole('button', { name: 'Settings' }));
  const panel = await screen.findByRole('dialog', { name: 'Settings' });
  // Switches are enabled once the saved settings have loaded.
  await waitFor(() =>
    expect(within(panel).getByRole('switch', { name: 'Push Notifications' })).toBeEnabled(),
  );
  return { ...view, api, panel, server };
}

describe('SettingsPopover', () => {
  it('has the sections and entries of the spec', async () => {
    const { panel } = await openSettings(1);
    for (const section of ['Account', 'Privacy & Safety', 'Notifications', 'Preferences', 'Support']) {
      expect(within(panel).getByRole('heading', { name: section })).toBeInTheDocument();
    }
    expect(within(panel).getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
      'href',
      '/profile/edit',
    );
    expect(within(panel).getByRole('link', { name: /Tier Management/ })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(within(panel).getByText('Upgrade Available')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Billing & Subscriptions' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(within(panel).getByRole('link', { name: 'Safety Center' })).toHaveAttribute('href', '/safety');
    expect(within(panel).getByRole('link', { name: 'Message Requests' })).toHaveAttribute(
      'href',
      '/messages',
    );
    expect(within(panel).getByRole('link', { name: 'Advanced Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(within(panel).getByText('English (US)')).toBeInTheDocument();
    expect(within(panel).getByRole('switch', { name: 'Profile Visibility' })).toBeChecked();
    // The night-royal theme is the default (decision 006).
    expect(within(panel).getByRole('switch', { name: 'Dark Mode' })).toBeChecked();
  });

  it('focuses the first entry, not a switch, when it opens', async () => {
    const { panel } = await openSettings();
    await waitFor(() => expect(within(panel).getByRole('link', { name: 'Edit Profile' })).toHaveFocus());
  });

  it("shows 'Vault Verified' for a tier 4 member", async () => {
    const { panel } = await openSettings(4);
    expect(within(panel).getByText('Vault Verified')).toBeInTheDocument();
    expect(within(panel).queryByText('Upgrade Available')).not.toBeInTheDocument();
  });

  it('saves a switch with PATCH /api/me/settings', async () => {
    const { panel, api, user, server } = await openSettings();
    const push = within(panel).getByRole('switch', { name: 'Push Notifications' });

    await user.click(push);

    expect(push).not.toBeChecked();
    await waitFor(() => expect(api.callsTo('PATCH /api/me/settings')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/me/settings')[0]?.body).toEqual({ push_notifications: false });
    expect(server.current().push_notifications).toBe(false);
  });

  it('saves Profile Visibility as public or private', async () => {
    const { panel, api, user } = await openSettings();
    const visibility = within(panel).getByRole('switch', { name: 'Profile Visibility' });

    await user.click(visibility);
    await waitFor(() => expect(api.callsTo('PATCH /api/me/settings')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/me/settings')[0]?.body).toEqual({ profile_visibility: 'private' });
    expect(visibility).not.toBeChecked();
  });

  it('switches to the light variant of the theme', async () => {
    const { panel, user } = await openSettings();
    await user.click(within(panel).getByRole('switch', { name: 'Dark Mode' }));
    // The layout applies the class; here the settings cache is what changed.
    expect(within(panel).getByRole('switch', { name: 'Dark Mode' })).not.toBeChecked();
  });

  it('offers Ghost Mode only to a member the Vault Verified rule allows, saying why', async () => {
    const { panel } = await openSettings(3);
    const ghost = within(panel).getByRole('switch', { name: 'Ghost Mode' });
    expect(ghost).toBeDisabled();
    expect(ghost).not.toBeChecked();
    expect(ghost).toHaveAccessibleDescription('Ghost Mode is a Vault Verified feature');
  });

  it('saves Ghost Mode for a Vault Verified member and refreshes the member it belongs to', async () => {
    const me = makeMe({ tier_level: 4 });
    const { panel, api, user, queryClient } = await openSettings(4, {
      [SESSION]: signedInAs({ ...me, ghost_mode: true }),
    });
    const ghost = within(panel).getByRole('switch', { name: 'Ghost Mode' });
    expect(ghost).toBeEnabled();
    expect(ghost).not.toHaveAccessibleDescription();

    await user.click(ghost);

    expect(ghost).toBeChecked();
    await waitFor(() => expect(api.callsTo('PATCH /api/me/settings')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/me/settings')[0]?.body).toEqual({ ghost_mode: true });
    // Tier Management's "Ghost Mode: On" reads `me`, so it is fetched again.
    await waitFor(() => expect(queryClient.getQueryData<Me>(queryKeys.me)?.ghost_mode).toBe(true));
  });

  it("rolls a switch back with an 'Error' toast when saving fails", async () => {
    const { panel, user } = await openSettings(1, {
      'PATCH /api/me/settings': apiError(500, 'INTERNAL', 'Something went wrong. Please try again.'),
    });
    const match = within(panel).getByRole('switch', { name: 'Match Notifications' });

    await user.click(match);

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(match).toBeChecked());
  });

  it('opens Help & Support with the app version', async () => {
    const { panel, user } = await openSettings();
    await user.click(within(panel).getByRole('button', { name: 'Help & Support' }));
    const help = await screen.findByRole('dialog', { name: 'Help & Support' });
    for (const entry of ['FAQ', 'Contact Support', 'Safety Center', 'Report an Issue']) {
      expect(within(help).getByText(entry)).toBeInTheDocument();
    }
    expect(within(help).getByText('App Version 2.1.0')).toBeInTheDocument();
  });
});

describe('SettingsPopover in the app', () => {
  it('applies the Dark Mode switch to <html> (night by default) and signs out to /landing', async () => {
    const server = settingsServer();
    const api = mockApi({
      [SESSION]: signedInAs(makeMe()),
      'GET /api/notifications': { body: { items: [], unread_count: 0 } },
      'POST /api/auth/sign-out': { status: 204 },
      'GET /api/discovery/feed': { body: { items: [], next_cursor: null } },
      ...server.routes,
      ...publicPageRoutes(),
    });
    const { user, router } = renderApp('/app');
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const panel = await screen.findByRole('dialog', { name: 'Settings' });
    const dark = within(panel).getByRole('switch', { name: 'Dark Mode' });
    await waitFor(() => expect(dark).toBeEnabled());

    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    await user.click(dark);
    await waitFor(() => expect(document.documentElement).not.toHaveClass('dark'));
    await user.click(dark);
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));

    await user.click(within(panel).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
    expect(api.callsTo('POST /api/auth/sign-out')[0]?.body).toEqual({ scope: 'local' });
    expect(await screen.findByRole('heading', { name: 'Enter the Royal Circle' })).toBeInTheDocument();
  });
});
