import {
  CURRENT_PASSWORD_WRONG_TEXT,
  EMAIL_MAX_LENGTH,
  type Me,
  PHONE_INVALID_TEXT,
  PREFERENCE_TEXTS,
  type ProfileUpdate,
} from '@royal/shared';
import { apiError, type MockHandler, mockApi, SESSION, signedInAs } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderApp, renderSignedIn } from '@test/render';
import { settingsServer } from '@test/settings-server';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SettingsRoute from '../routes/settings';

/** The shared schema's words for an e-mail address it cannot read (emergencyContactEmailSchema). */
const EMAIL_INVALID_TEXT = 'Please enter a valid email address';

/** The page, signed in as `me`, with the settings server and PATCH /api/me/profile answering as the server. */
async function openSettingsPage(me: Me = makeMe(), routes: Record<string, MockHandler> = {}) {
  const server = settingsServer();
  const api = mockApi({
    ...server.routes,
    'PATCH /api/me/profile': ({ body }) => ({
      body: { ...me, preferences: { ...me.preferences, ...(body as ProfileUpdate) } },
    }),
    ...routes,
  });
  const view = renderSignedIn(<SettingsRoute />, { me, path: '/settings' });
  const form = await screen.findByRole('form', { name: 'Settings' });
  return { ...view, api, server, form };
}

const saveButton = () => screen.getByRole('button', { name: 'Save Settings' });

describe('the Settings page', () => {
  it('has the spec’s sections, with the member’s saved settings and preferences', async () => {
    const { form } = await openSettingsPage(makeMe({ user_type: 'women' }));
    for (const section of ['Safety & Privacy', 'Dating Preferences', 'Notifications', 'Account Management']) {
      expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();
    }
    expect(within(form).getByRole('radio', { name: /Public/ })).toBeChecked();
    expect(within(form).getByRole('switch', { name: 'Location Sharing' })).toBeChecked();
    expect(within(form).getByRole('switch', { name: 'Incognito Mode' })).not.toBeChecked();
    expect(within(form).getByLabelText('Minimum Age')).toHaveValue(21);
    expect(within(form).getByLabelText('Maximum Age')).toHaveValue(35);
    expect(within(form).getByLabelText(/Maximum Distance/)).toHaveValue(25);
    expect(within(form).getByLabelText('Looking For')).toHaveValue('uncomplicated');
    expect(within(form).getByLabelText('Compensation Preference')).toHaveValue('treat_me_right');
    expect(saveButton()).toBeInTheDocument();
  });

  it('sends only what changed, the phone number as the server keeps it, and says it saved', async () => {
    const { user, form, api, server } = await openSettingsPage();
    await user.click(within(form).getByRole('radio', { name: /My tier and above/ }));
    await user.click(within(form).getByRole('switch', { name: 'Incognito Mode' }));
    await user.click(within(form).getByRole('switch', { name: 'Party Invites' }));
    await user.type(within(form).getByLabelText('Contact Name'), 'Maria Lopez');
    await user.type(within(form).getByLabelText('Contact Phone'), '(305) 555-0123');
    await user.type(within(form).getByLabelText('Contact E-mail'), ' Maria.Lopez@Example.com ');
    await user.click(saveButton());

    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/me/settings').map((call) => call.body)).toEqual([
      {
        profile_visibility: 'tier_only',
        incognito_mode: true,
        party_invites: false,
        emergency_contact_name: 'Maria Lopez',
        emergency_contact_phone: '+13055550123',
        emergency_contact_email: 'maria.lopez@example.com',
      },
    ]);
    expect(api.callsTo('PATCH /api/me/profile')).toHaveLength(0);
    expect(server.current().emergency_contact_phone).toBe('+13055550123');
    expect(server.current().emergency_contact_email).toBe('maria.lopez@example.com');
    // The fields show the number and the address as they were saved.
    await waitFor(() => expect(within(form).getByLabelText('Contact Phone')).toHaveValue('+13055550123'));
    expect(within(form).getByLabelText('Contact E-mail')).toHaveValue('maria.lopez@example.com');
  }, 15_000);

  it('checks the contact e-mail with the server’s words, and shows the server’s refusal under it', async () => {
    const { user, form, api } = await openSettingsPage(makeMe(), {
      'PATCH /api/me/settings': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: EMAIL_INVALID_TEXT,
            details: [{ path: 'emergency_contact_email', message: EMAIL_INVALID_TEXT }],
          },
        },
      },
    });
    const email = within(form).getByLabelText('Contact E-mail');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'off');
    expect(email).toHaveAttribute('maxlength', String(EMAIL_MAX_LENGTH));
    await user.type(email, 'maria@');
    await user.click(saveButton());
    expect(await within(form).findByText(EMAIL_INVALID_TEXT)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PATCH /api/me/settings')).toHaveLength(0);

    await user.type(email, 'example.com');
    await user.click(saveButton());
    expect(await screen.findByText('Failed to save settings')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/me/settings').map((call) => call.body)).toEqual([
      // The contact is sent whole, as its fields stand.
      {
        emergency_contact_name: null,
        emergency_contact_phone: null,
        emergency_contact_email: 'maria@example.com',
      },
    ]);
    expect(await within(form).findByText(EMAIL_INVALID_TEXT)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(EMAIL_INVALID_TEXT);
    expect(email).toHaveValue('maria@example.com');
  });

  it('refuses a phone number the server would refuse, with its words, and sends nothing', async () => {
    const { user, form, api } = await openSettingsPage();
    await user.type(within(form).getByLabelText('Contact Phone'), '555-01');
    await user.click(saveButton());
    expect(await within(form).findByText(PHONE_INVALID_TEXT)).toBeInTheDocument();
    expect(within(form).getByLabelText('Contact Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Failed to save settings')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/me/settings')).toHaveLength(0);
  });

  it('holds the dating preferences to their bounds before sending them', async () => {
    const { user, form, api } = await openSettingsPage();
    const min = within(form).getByLabelText('Minimum Age');
    await user.clear(min);
    await user.type(min, '17');
    const distance = within(form).getByLabelText(/Maximum Distance/);
    await user.clear(distance);
    await user.type(distance, '150');
    await user.click(saveButton());
    expect(await within(form).findByText(PREFERENCE_TEXTS.ageMinTooLow)).toBeInTheDocument();
    expect(within(form).getByText(PREFERENCE_TEXTS.distance)).toBeInTheDocument();

    await user.clear(min);
    await user.type(min, '40');
    await user.clear(distance);
    await user.type(distance, '50');
    await user.click(saveButton());
    expect(await within(form).findByText(PREFERENCE_TEXTS.ageMinAboveMax)).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/me/profile')).toHaveLength(0);
  });

  it('saves the dating preferences to the profile; a man is not asked about compensation', async () => {
    const { user, form, api } = await openSettingsPage(makeMe({ user_type: 'men' }));
    expect(within(form).queryByLabelText('Compensation Preference')).toBeNull();
    const max = within(form).getByLabelText('Maximum Age');
    await user.clear(max);
    await user.type(max, '45');
    await user.selectOptions(within(form).getByLabelText('Looking For'), 'long_term');
    await user.click(within(form).getByRole('switch', { name: 'Willing to travel' }));
    await user.click(saveButton());
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/me/settings')).toHaveLength(0);
    expect(api.callsTo('PATCH /api/me/profile').map((call) => call.body)).toEqual([
      {
        age_range: [21, 45],
        distance_preference: 25,
        looking_for: 'long_term',
        travel_willing: true,
        discretion_required: true,
      },
    ]);
  });

  it('says what the server refused, under the field, and keeps the member’s entry', async () => {
    const { user, form } = await openSettingsPage(makeMe(), {
      'PATCH /api/me/profile': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: PREFERENCE_TEXTS.distanceStep,
            details: [{ path: 'distance_preference', message: PREFERENCE_TEXTS.distanceStep }],
          },
        },
      },
    });
    const distance = within(form).getByLabelText(/Maximum Distance/);
    await user.clear(distance);
    await user.type(distance, '30');
    await user.click(saveButton());
    expect(await screen.findByText('Failed to save settings')).toBeInTheDocument();
    expect(await within(form).findByText(PREFERENCE_TEXTS.distanceStep)).toBeInTheDocument();
    expect(distance).toHaveValue(30);
  });

  it('says so when the settings cannot be loaded', async () => {
    mockApi({
      'GET /api/me/settings': apiError(500, 'INTERNAL', 'Something went wrong. Please try again.'),
      'GET /api/me/data-export': { body: { export: null } },
      'GET /api/auth/two-factor': {
        body: { enabled: false, backup_codes_left: 0, required: false, session_confirmed: false },
      },
      'GET /api/auth/passkeys': { body: { passkeys: [] } },
      'GET /api/me/sessions': { body: { sessions: [] } },
    });
    renderSignedIn(<SettingsRoute />, { me: makeMe(), path: '/settings' });
    expect(await screen.findAllByText('Failed to load safety settings')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Settings' })).toBeNull();
  });
});

describe('Account Management', () => {
  it('deletes the account after the password and DELETE, and signs out to /landing with a toast', async () => {
    const server = settingsServer();
    const api = mockApi({
      [SESSION]: signedInAs(makeMe()),
      ...server.routes,
      'GET /api/notifications': { body: { items: [], unread_count: 0 } },
      'POST /api/me/delete': { body: { deleted: true } },
    });
    const { user, router } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' });
    await user.type(within(dialog).getByLabelText('Password'), 'Velvet-Rope-2026');
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument();
    expect(api.callsTo('POST /api/me/delete')).toHaveLength(1);
    expect(api.callsTo('POST /api/me/delete')[0]?.body).toEqual({
      password: 'Velvet-Rope-2026',
      confirm: 'DELETE',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
  });

  it('signs out to /landing with the settings’ own toast', async () => {
    const server = settingsServer();
    const api = mockApi({
      [SESSION]: signedInAs(makeMe()),
      ...server.routes,
      'GET /api/notifications': { body: { items: [], unread_count: 0 } },
      'POST /api/auth/sign-out': { status: 204 },
    });
    const { user, router } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/sign-out')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
  });

  it('says when signing out failed', async () => {
    const { user } = await openSettingsPage(makeMe(), {
      'POST /api/auth/sign-out': apiError(500, 'INTERNAL', 'Something went wrong. Please try again.'),
    });
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Failed to log out')).toBeInTheDocument();
  });
});

describe('Change Password', () => {
  it('sends the current and the new password, then clears them', async () => {
    const { user, api } = await openSettingsPage(makeMe(), {
      'POST /api/auth/change-password': { status: 204 },
    });
    const card = screen.getByRole('form', { name: 'Change Password' });
    await user.type(within(card).getByLabelText('Current Password'), 'Velvet-Rope-2026');
    await user.type(within(card).getByLabelText(/New Password/), 'Moonlit-Terrace-88');
    await user.click(within(card).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/change-password')[0]?.body).toEqual({
      current_password: 'Velvet-Rope-2026',
      new_password: 'Moonlit-Terrace-88',
    });
    expect(within(card).getByLabelText('Current Password')).toHaveValue('');
  });

  it('checks the new password first, and shows a wrong current password under its field', async () => {
    const { user, api } = await openSettingsPage(makeMe(), {
      'POST /api/auth/change-password': {
        status: 401,
        body: {
          error: {
            code: 'INVALID_CREDENTIALS',
            message: CURRENT_PASSWORD_WRONG_TEXT,
            details: [{ path: 'current_password', message: CURRENT_PASSWORD_WRONG_TEXT }],
          },
        },
      },
    });
    const card = screen.getByRole('form', { name: 'Change Password' });
    await user.type(within(card).getByLabelText('Current Password'), 'guess');
    await user.type(within(card).getByLabelText(/New Password/), 'password123');
    await user.click(within(card).getByRole('button', { name: 'Change Password' }));
    expect(await within(card).findByText(/too common/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/change-password')).toHaveLength(0);

    await user.clear(within(card).getByLabelText(/New Password/));
    await user.type(within(card).getByLabelText(/New Password/), 'Moonlit-Terrace-88');
    await user.click(within(card).getByRole('button', { name: 'Change Password' }));
    expect(await within(card).findByText(CURRENT_PASSWORD_WRONG_TEXT)).toBeInTheDocument();
    expect(within(card).getByLabelText('Current Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Failed to change password')).toBeInTheDocument();
  });
});
