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
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkPin, readPin, removePin, savePin } from '@/features/discretion';
import { APP_FACES } from '@/lib/app-identity';
import SettingsRoute from '../routes/settings';
import { browserTimeZone } from '../settings-form';
import { PUSH_DEVICE_TEXTS } from './push-device-setting';
import { fakePushBrowser, TEST_ENDPOINT, TEST_VAPID_BYTES, TEST_VAPID_KEY } from './push-test-browser';

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

describe('Push on this device', () => {
  const pushRoutes = (extra: Record<string, MockHandler> = {}): Record<string, MockHandler> => ({
    'GET /api/push/key': { body: { public_key: TEST_VAPID_KEY } },
    'POST /api/push/subscriptions': { status: 201, body: null },
    'DELETE /api/push/subscriptions': { status: 204 },
    ...extra,
  });

  it('asks the browser only when tapped, then gives the server this device’s subscription', async () => {
    const browser = fakePushBrowser();
    const me = makeMe();
    const { user, api } = await openSettingsPage(me, pushRoutes());
    expect(screen.getByText(PUSH_DEVICE_TEXTS.explanation)).toBeInTheDocument();
    const turnOn = await screen.findByRole('button', { name: 'Turn on notifications' });
    // Nothing asked on the way in: not the browser, not the server.
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.callsTo('GET /api/push/key')).toHaveLength(0);

    await user.click(turnOn);
    expect(await screen.findByText(PUSH_DEVICE_TEXTS.on)).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: TEST_VAPID_BYTES,
    });
    // As PushSubscription.toJSON() gives it, less what the server does not keep (expirationTime).
    const { endpoint, keys } = browser.subscription()?.toJSON() ?? {};
    expect(endpoint).toBe(TEST_ENDPOINT);
    expect(api.callsTo('POST /api/push/subscriptions').map((call) => call.body)).toEqual([
      { endpoint, keys },
    ]);
    expect(screen.getByRole('button', { name: 'Turn off on this device' })).toBeInTheDocument();
  });

  it('turns off on this device: the server forgets it, then the browser lets go', async () => {
    const browser = fakePushBrowser({ permission: 'granted', subscribed: true });
    const me = makeMe();
    localStorage.setItem('rc.push-owner', me.id);
    const subscription = browser.subscription();
    const { user, api } = await openSettingsPage(me, pushRoutes());
    await user.click(await screen.findByRole('button', { name: 'Turn off on this device' }));
    expect(await screen.findByRole('button', { name: 'Turn on notifications' })).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/push/subscriptions').map((call) => call.body)).toEqual([
      { endpoint: TEST_ENDPOINT },
    ]);
    expect(subscription?.unsubscribe).toHaveBeenCalledTimes(1);
    expect(browser.subscription()).toBeNull();
  });

  it('shows a subscription another member turned on as off here; turning it on gives it to this member', async () => {
    const browser = fakePushBrowser({ permission: 'granted', subscribed: true });
    localStorage.setItem('rc.push-owner', 'someone-else');
    const me = makeMe();
    const { user, api } = await openSettingsPage(me, pushRoutes());
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText(PUSH_DEVICE_TEXTS.on)).toBeInTheDocument();
    // The same subscription, not a second one; the browser was not asked again.
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(api.callsTo('POST /api/push/subscriptions')).toHaveLength(1);
    expect(localStorage.getItem('rc.push-owner')).toBe(me.id);
  });

  it('says how to allow notifications again when the browser blocks them', async () => {
    fakePushBrowser({ permission: 'denied' });
    await openSettingsPage(makeMe(), pushRoutes());
    expect(await screen.findByText(PUSH_DEVICE_TEXTS.denied)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
  });

  it('shows the blocked state once the member says no', async () => {
    fakePushBrowser({ answer: 'denied' });
    const { user, api } = await openSettingsPage(makeMe(), pushRoutes());
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText(PUSH_DEVICE_TEXTS.denied)).toBeInTheDocument();
    expect(api.callsTo('GET /api/push/key')).toHaveLength(0);
  });

  it('stays off when the member dismisses the question', async () => {
    const browser = fakePushBrowser({ answer: 'default' });
    const { user, api } = await openSettingsPage(makeMe(), pushRoutes());
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    await waitFor(() => expect(browser.requestPermission).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Turn on notifications' })).toBeInTheDocument();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.callsTo('GET /api/push/key')).toHaveLength(0);
  });

  it('lets go of a new subscription the server refused, and says why', async () => {
    const browser = fakePushBrowser();
    const { user } = await openSettingsPage(
      makeMe(),
      pushRoutes({
        'POST /api/push/subscriptions': apiError(400, 'VALIDATION_FAILED', 'A push endpoint is an https URL'),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText('Could not turn on notifications')).toBeInTheDocument();
    expect(screen.getByText('A push endpoint is an https URL')).toBeInTheDocument();
    expect(browser.subscription()).toBeNull();
    expect(screen.getByRole('button', { name: 'Turn on notifications' })).toBeInTheDocument();
  });

  it('explains what a browser without push can do', async () => {
    await openSettingsPage();
    expect(await screen.findByText(PUSH_DEVICE_TEXTS.unsupported)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
  });
});

describe('Discreet notifications and quiet hours', () => {
  it('saves them with Save Settings, the quiet hours in the browser’s time zone', async () => {
    const { user, form, api, server } = await openSettingsPage();
    await user.click(within(form).getByRole('switch', { name: 'Discreet notifications' }));
    expect(within(form).queryByLabelText('From')).toBeNull();
    await user.click(within(form).getByRole('switch', { name: 'Quiet hours' }));
    const from = within(form).getByLabelText('From');
    expect(from).toHaveValue('22:00');
    expect(within(form).getByLabelText('To')).toHaveValue('07:00');
    fireEvent.change(from, { target: { value: '23:30' } });
    await user.click(saveButton());

    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/me/settings').map((call) => call.body)).toEqual([
      {
        discreet_notifications: true,
        quiet_hours_enabled: true,
        quiet_hours_start: '23:30',
        quiet_hours_zone: browserTimeZone(),
      },
    ]);
    expect(server.current()).toMatchObject({ quiet_hours_start: '23:30', quiet_hours_end: '07:00' });
  });

  it('checks the times with the server’s rule and sends nothing while one is missing', async () => {
    const { user, form, api } = await openSettingsPage();
    await user.click(within(form).getByRole('switch', { name: 'Quiet hours' }));
    const to = within(form).getByLabelText('To');
    fireEvent.change(to, { target: { value: '' } });
    await user.click(saveButton());
    expect(await within(form).findByText('Use a time like 22:00')).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PATCH /api/me/settings')).toHaveLength(0);

    fireEvent.change(to, { target: { value: '06:15' } });
    await user.click(saveButton());
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/me/settings')[0]?.body).toMatchObject({
      quiet_hours_enabled: true,
      quiet_hours_end: '06:15',
    });
  });
});

describe('Discretion', () => {
  const discretion = () => screen.getByRole('region', { name: 'Discretion' });

  it('sets an app PIN typed twice, with how long the app may be left', async () => {
    const me = makeMe();
    const { user } = await openSettingsPage(me);
    expect(within(discretion()).getByText(/No PIN on this device/)).toBeInTheDocument();
    await user.click(within(discretion()).getByRole('button', { name: 'Set a PIN' }));
    const pinForm = screen.getByRole('form', { name: 'Set a PIN' });
    const pin = within(pinForm).getByLabelText('PIN (4–6 digits)');
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveAttribute('inputmode', 'numeric');

    await user.type(pin, '258');
    await user.type(within(pinForm).getByLabelText('Confirm PIN'), '258');
    await user.click(within(pinForm).getByRole('button', { name: 'Set PIN' }));
    expect(await within(pinForm).findByText('Use 4 to 6 digits.')).toBeInTheDocument();

    await user.type(pin, '0');
    await user.type(within(pinForm).getByLabelText('Confirm PIN'), '1');
    await user.click(within(pinForm).getByRole('button', { name: 'Set PIN' }));
    expect(await within(pinForm).findByText('The two PINs are not the same.')).toBeInTheDocument();
    expect(readPin(me.id)).toBeNull();

    await user.clear(within(pinForm).getByLabelText('Confirm PIN'));
    await user.type(within(pinForm).getByLabelText('Confirm PIN'), '2580');
    await user.selectOptions(within(pinForm).getByLabelText('Lock after'), '5 minutes');
    await user.click(within(pinForm).getByRole('button', { name: 'Set PIN' }));
    expect(await screen.findByText('PIN set')).toBeInTheDocument();
    expect(readPin(me.id)).toMatchObject({ digits: 4, lock_after_ms: 5 * 60_000, failures: 0 });
    expect(await checkPin(me.id, '2580')).toEqual({ right: true });

    // Set: the idle choice can change at once.
    const lockAfter = within(discretion()).getByLabelText('Lock after');
    expect(lockAfter).toHaveValue(String(5 * 60_000));
    await user.selectOptions(lockAfter, '1 hour');
    expect(readPin(me.id)?.lock_after_ms).toBe(60 * 60_000);
    removePin(me.id);
  });

  it('changes and removes the PIN only after the current one, counting wrong tries', async () => {
    const me = makeMe();
    await savePin(me.id, '2580', 0);
    const { user } = await openSettingsPage(me);
    await user.click(within(discretion()).getByRole('button', { name: 'Change PIN' }));
    const change = screen.getByRole('form', { name: 'Change PIN' });
    await user.type(within(change).getByLabelText('Current PIN'), '1111');
    await user.type(within(change).getByLabelText('New PIN'), '135790');
    await user.type(within(change).getByLabelText('Confirm PIN'), '135790');
    await user.click(within(change).getByRole('button', { name: 'Change PIN' }));
    expect(await within(change).findByText('Wrong PIN. 4 tries left.')).toBeInTheDocument();
    expect(within(change).getByLabelText('Current PIN')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(change).getByLabelText('Current PIN'), '2580');
    await user.click(within(change).getByRole('button', { name: 'Change PIN' }));
    expect(await screen.findByText('PIN changed')).toBeInTheDocument();
    expect(readPin(me.id)).toMatchObject({ digits: 6, failures: 0 });

    await user.click(within(discretion()).getByRole('button', { name: 'Remove PIN' }));
    const remove = screen.getByRole('form', { name: 'Remove PIN' });
    await user.type(within(remove).getByLabelText('Current PIN'), '135790');
    await user.click(within(remove).getByRole('button', { name: 'Remove PIN' }));
    expect(await screen.findByText('PIN removed')).toBeInTheDocument();
    expect(readPin(me.id)).toBeNull();
    expect(within(discretion()).getByRole('button', { name: 'Set a PIN' })).toBeInTheDocument();
  });

  it('signs out at the fifth wrong PIN, and removes it', async () => {
    const me = makeMe();
    await savePin(me.id, '2580', 60 * 60_000);
    for (let i = 0; i < 4; i++) await checkPin(me.id, '0000');
    const api = mockApi({
      [SESSION]: signedInAs(me),
      ...settingsServer().routes,
      'GET /api/notifications': { body: { items: [], unread_count: 0 } },
      'POST /api/auth/sign-out': { status: 204 },
    });
    const { user, router } = renderApp('/settings');
    await user.click(
      await within(await screen.findByRole('region', { name: 'Discretion' })).findByRole('button', {
        name: 'Remove PIN',
      }),
    );
    const remove = screen.getByRole('form', { name: 'Remove PIN' });
    await user.type(within(remove).getByLabelText('Current PIN'), '0000');
    await user.click(within(remove).getByRole('button', { name: 'Remove PIN' }));
    expect(await screen.findByText('Signed out after 5 wrong PINs')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/sign-out')).toHaveLength(1);
    expect(readPin(me.id)).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });

  it('saves Blur photos until tapped at once, and says how quick-hide works', async () => {
    const { user, api } = await openSettingsPage();
    const blur = within(discretion()).getByRole('switch', { name: 'Blur photos until tapped' });
    await waitFor(() => expect(blur).toBeEnabled());
    await user.click(blur);
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/me/settings').map((call) => call.body)).toEqual([{ blur_photos: true }]),
    );
    expect(blur).toBeChecked();
    expect(within(discretion()).getByText(/Press Esc twice/)).toBeInTheDocument();
  });

  it('chooses the app’s name and icon on this device', async () => {
    const { user } = await openSettingsPage();
    const royal = within(discretion()).getByRole('radio', { name: /^Royal Circle/ });
    const neutral = within(discretion()).getByRole('radio', { name: /^Circle/ });
    expect(royal).toBeChecked();
    await user.click(neutral);
    expect(neutral).toBeChecked();
    expect(localStorage.getItem('rc.app-identity')).toBe('neutral');
    expect(document.head.querySelector('link[rel="icon"]')).toHaveAttribute('href', APP_FACES.neutral.icon);
    expect(
      within(discretion()).getByText(/keeps its name and icon until you remove it and install it again/),
    ).toBeInTheDocument();
    await user.click(royal);
    expect(localStorage.getItem('rc.app-identity')).toBeNull();
  });
});
