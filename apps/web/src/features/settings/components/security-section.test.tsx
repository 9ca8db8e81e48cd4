import { apiError, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SecuritySection } from './security-section';

const OFF = { enabled: false, backup_codes_left: 0, required: false, session_confirmed: false };
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
const PASSKEY = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'My phone',
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: null,
};
const sessions = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    device: 'Firefox on Linux',
    location: 'Unknown location',
    last_active: '2026-11-20T10:00:00.000Z',
    created_at: '2026-11-20T10:00:00.000Z',
    current: true,
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    device: 'Chrome on Android',
    location: 'Unknown location',
    last_active: '2026-11-19T10:00:00.000Z',
    created_at: '2026-11-19T10:00:00.000Z',
    current: false,
  },
];
const base = {
  'GET /api/auth/passkeys': { body: { passkeys: [] } },
  'GET /api/me/sessions': { body: { sessions } },
};

describe('Settings → Security', () => {
  it('turns two-factor on: password, QR code and code, then the backup codes once', async () => {
    let enabled = false;
    const api = mockApi({
      ...base,
      'GET /api/auth/two-factor': () => ({
        body: enabled ? { ...OFF, enabled: true, backup_codes_left: 10, session_confirmed: true } : OFF,
      }),
      'POST /api/auth/two-factor/enrol': {
        body: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_uri: 'otpauth://totp/x',
          qr_code: 'data:image/svg+xml;base64,AA==',
        },
      },
      'POST /api/auth/two-factor/confirm': () => {
        enabled = true;
        return { body: { backup_codes: CODES } };
      },
    });
    const { user } = renderSignedIn(<SecuritySection />, { me: makeMe() });
    await user.click(await screen.findByRole('button', { name: 'Turn On Two-Factor' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await within(dialog).findByAltText('QR code for your authenticator app')).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,AA==',
    );
    expect(within(dialog).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('6-digit code'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/two-factor/confirm')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('6-digit code'));
    await user.type(within(dialog).getByLabelText('6-digit code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    const list = await within(dialog).findByRole('list', { name: 'Backup codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'download',
      'royal-circle-backup-codes.txt',
    );
    expect(api.callsTo('POST /api/auth/two-factor/enrol')[0]?.body).toEqual({ password: 'my password' });
    expect(api.callsTo('POST /api/auth/two-factor/confirm')[0]?.body).toEqual({ code: '654321' });

    await user.click(within(dialog).getByRole('button', { name: 'I Saved Them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(CODES[0] ?? '')).not.toBeInTheDocument();
    expect(await screen.findByText(/10 backup codes left/)).toBeInTheDocument();
  });

  it('tells an admin two-factor is required, and turns it off with a code', async () => {
    const api = mockApi({
      ...base,
      'GET /api/auth/two-factor': { body: { ...OFF, enabled: true, backup_codes_left: 4, required: true } },
      'POST /api/auth/two-factor/disable': { status: 204 },
    });
    const { user } = renderSignedIn(<SecuritySection />, { me: makeMe({ roles: ['user', 'admin'] }) });
    expect(await screen.findByText(/4 backup codes left/)).toBeInTheDocument();
    expect(screen.getByText('Admins must keep two-factor on to use admin tools.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code or backup code to turn it off'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn Off Two-Factor' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/auth/two-factor/disable')[0]?.body).toEqual({ code: '123456' }),
    );
  });

  it('makes new backup codes for a code, shows them once, and refuses a wrong code', async () => {
    const ON = { ...OFF, enabled: true, backup_codes_left: 2, session_confirmed: true };
    let wrong = true;
    const api = mockApi({
      ...base,
      'GET /api/auth/two-factor': { body: ON },
      'POST /api/auth/two-factor/backup-codes': () =>
        wrong
          ? apiError(422, 'INVALID_CODE', 'That code is not valid. Please try again.')
          : { body: { backup_codes: CODES } },
    });
    const { user } = renderSignedIn(<SecuritySection />, { me: makeMe() });
    await user.click(await screen.findByRole('button', { name: 'New Backup Codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Backup Codes' });
    const field = within(dialog).getByLabelText('Code from your app or a backup code');
    await user.type(field, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Make New Codes' }));
    expect(await within(dialog).findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/two-factor/backup-codes')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Make New Codes' }));
    expect(await within(dialog).findByText('That code is not valid. Please try again.')).toBeInTheDocument();

    wrong = false;
    await user.clear(field);
    await user.type(field, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Make New Codes' }));
    const list = await within(dialog).findByRole('list', { name: 'Backup codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(within(dialog).getByText(/old backup codes no longer work/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/two-factor/backup-codes')[1]?.body).toEqual({ code: '654321' });

    // Closed, the codes are gone for good; opened again, it asks afresh.
    await user.click(within(dialog).getByRole('button', { name: 'I Saved Them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(CODES[0] ?? '')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New Backup Codes' }));
    expect(await screen.findByRole('button', { name: 'Make New Codes' })).toBeInTheDocument();
  });

  it('makes new backup codes for the password instead of a code', async () => {
    const api = mockApi({
      ...base,
      'GET /api/auth/two-factor': { body: { ...OFF, enabled: true, backup_codes_left: 0 } },
      'POST /api/auth/two-factor/backup-codes': { body: { backup_codes: CODES } },
    });
    const { user } = renderSignedIn(<SecuritySection />, { me: makeMe() });
    await user.click(await screen.findByRole('button', { name: 'New Backup Codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Backup Codes' });
    await user.click(within(dialog).getByRole('button', { name: 'Use your password instead' }));
    await user.click(within(dialog).getByRole('button', { name: 'Make New Codes' }));
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Make New Codes' }));
    expect(await within(dialog).findByRole('list', { name: 'Backup codes' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/two-factor/backup-codes')[0]?.body).toEqual({
      password: 'my password',
    });
  });

  it('lists sessions in words and signs out one, or all others', async () => {
    const api = mockApi({
      ...base,
      'GET /api/auth/two-factor': { body: OFF },
      'DELETE /api/me/sessions/00000000-0000-4000-8000-000000000002': { status: 204 },
      'POST /api/me/sessions/sign-out-others': { body: { signed_out: 1 } },
    });
    const { user } = renderSignedIn(<SecuritySection />, { me: makeMe() });
    const list = await screen.findByRole('list', { name: 'Your sessions' });
    expect(within(list).getByText('Firefox on Linux')).toBeInTheDocument();
    expect(within(list).getByText(/This device/)).toBeInTheDocument();
    expect(within(list).getAllByText(/Unknown location/)).toHaveLength(2);
    // This device has no sign-out button of its own.
    expect(screen.queryByRole('button', { name: 'Sign out Firefox on Linux' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out Chrome on Android' }));
    await waitFor(() =>
      expect(api.callsTo('DELETE /api/me/sessions/00000000-0000-4000-8000-000000000002')).toHaveLength(1),
    );
    await user.click(screen.getByRole('button', { name: 'Sign Out All Other Sessions' }));
    await waitFor(() => expect(api.callsTo('POST /api/me/sessions/sign-out-others')).toHaveLength(1));
  });

  it('renames and removes a passkey', async () => {
    const api = mockApi({
      ...base,
      'GET /api/auth/two-factor': { body: OFF },
      'GET /api/auth/passkeys': { body: { passkeys: [PASSKEY] } },
      [`PATCH /api/auth/passkeys/${PASSKEY.id}`]: { body: { ...PASSKEY, name: 'Laptop' } },
      [`DELETE /api/auth/passkeys/${PASSKEY.id}`]: { status: 204 },
    });
    const { user } = renderSignedIn(<SecuritySection />, { me: makeMe() });
    await user.click(await screen.findByRole('button', { name: 'Rename My phone' }));
    const field = screen.getByLabelText('New name');
    await user.clear(field);
    await user.type(field, 'Laptop');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo(`PATCH /api/auth/passkeys/${PASSKEY.id}`)[0]?.body).toEqual({ name: 'Laptop' }),
    );
    await user.click(screen.getByRole('button', { name: 'Remove My phone' }));
    await waitFor(() => expect(api.callsTo(`DELETE /api/auth/passkeys/${PASSKEY.id}`)).toHaveLength(1));
  });
});
