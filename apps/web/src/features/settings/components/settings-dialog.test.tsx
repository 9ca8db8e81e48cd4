import { GHOST_MODE_TIER_REQUIRED_TEXT, type Me } from '@royal/shared';
import { apiError, type MockHandler, mockApi, SESSION, signedInAs } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { settingsServer } from '@test/settings-server';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import SettingsRoute from '../routes/settings';
import { SettingsDialog } from './settings-dialog';

const DIALOG_TOGGLES = [
  'Ghost Mode',
  'Incognito Mode',
  'Location Sharing',
  'Push Notifications',
  'Message Notifications',
  'Party Invites',
  'Read Receipts',
  'Show Online Status',
];

async function openDialog(me: Me = makeMe(), routes: Record<string, MockHandler> = {}) {
  const server = settingsServer();
  const api = mockApi({ ...server.routes, ...routes });
  const view = renderSignedIn(<SettingsDialog open onOpenChange={() => {}} />, { me });
  const dialog = await screen.findByRole('dialog', { name: 'Settings' });
  await waitFor(() => expect(within(dialog).getByRole('switch', { name: 'Party Invites' })).toBeEnabled());
  return { ...view, api, server, dialog };
}

describe('the More menu’s Settings dialog', () => {
  it('has the spec’s switches in its order, with the saved values', async () => {
    const { dialog } = await openDialog();
    // Every switch, in this order and no other.
    expect(within(dialog).getAllByRole('switch')).toEqual(
      DIALOG_TOGGLES.map((name) => within(dialog).getByRole('switch', { name })),
    );
    expect(within(dialog).getByRole('switch', { name: 'Location Sharing' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Incognito Mode' })).not.toBeChecked();
  });

  it('saves each switch at once', async () => {
    const { user, dialog, api, server } = await openDialog();
    await user.click(within(dialog).getByRole('switch', { name: 'Read Receipts' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Incognito Mode' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/me/settings')).toHaveLength(2));
    expect(api.callsTo('PATCH /api/me/settings').map((call) => call.body)).toEqual([
      { read_receipts: false },
      { incognito_mode: true },
    ]);
    expect(server.current()).toMatchObject({ read_receipts: false, incognito_mode: true });
    expect(within(dialog).getByRole('switch', { name: 'Incognito Mode' })).toBeChecked();
  });

  it('keeps Ghost Mode to Vault Verified, saying why', async () => {
    const { dialog } = await openDialog(makeMe({ tier_level: 1 }));
    const ghost = within(dialog).getByRole('switch', { name: 'Ghost Mode' });
    expect(ghost).toBeDisabled();
    expect(ghost).toHaveAccessibleDescription(new RegExp(GHOST_MODE_TIER_REQUIRED_TEXT));
  });

  it('lets a Vault Verified member turn Ghost Mode on', async () => {
    const { user, dialog, api } = await openDialog(makeMe({ tier_level: 4 }), {
      // Ghost Mode is also part of the member (Tier Management shows it): read again after a change.
      [SESSION]: signedInAs(makeMe({ tier_level: 4, ghost_mode: true })),
    });
    await user.click(within(dialog).getByRole('switch', { name: 'Ghost Mode' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/me/settings')[0]?.body).toEqual({ ghost_mode: true }));
    expect(within(dialog).getByRole('switch', { name: 'Ghost Mode' })).toBeChecked();
  });

  it('puts a switch back and says so when the save fails', async () => {
    const { user, dialog } = await openDialog(makeMe(), {
      'PATCH /api/me/settings': apiError(500, 'INTERNAL', 'Something went wrong. Please try again.'),
    });
    const pushes = within(dialog).getByRole('switch', { name: 'Push Notifications' });
    await user.click(pushes);
    expect(await screen.findByText('Failed to save settings')).toBeInTheDocument();
    await waitFor(() => expect(pushes).toBeChecked());
  });
});

/** The Settings page with the More menu's dialog over it, opened and closed as the member would. */
function PageAndDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open the dialog
      </button>
      <SettingsRoute />
      <SettingsDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('one set of settings', () => {
  it('shows on the Settings page what the dialog saved, but keeps what the member is typing there', async () => {
    const server = settingsServer();
    mockApi(server.routes);
    const { user } = renderSignedIn(<PageAndDialog />, { me: makeMe(), path: '/settings' });
    const form = await screen.findByRole('form', { name: 'Settings' });
    await user.click(within(form).getByRole('switch', { name: 'Read Receipts' }));
    expect(within(form).getByRole('switch', { name: 'Read Receipts' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Open the dialog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    await waitFor(() => expect(within(dialog).getByRole('switch', { name: 'Incognito Mode' })).toBeEnabled());
    await user.click(within(dialog).getByRole('switch', { name: 'Incognito Mode' }));
    await waitFor(() => expect(server.current().incognito_mode).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await waitFor(() => expect(within(form).getByRole('switch', { name: 'Incognito Mode' })).toBeChecked());
    // The page's own unsaved change is still there, and still unsaved.
    expect(within(form).getByRole('switch', { name: 'Read Receipts' })).not.toBeChecked();
    expect(server.current().read_receipts).toBe(true);
  });
});
