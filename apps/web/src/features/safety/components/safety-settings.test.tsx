import { PHONE_INVALID_TEXT } from '@royal/shared';
import { apiError, type MockHandler, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { settingsServer } from '@test/settings-server';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SafetyRoute from '../routes/safety';
import { SafetySettings } from './safety-settings';

/** The shared schema's words for an e-mail address it cannot read (emergencyContactEmailSchema). */
const EMAIL_INVALID_TEXT = 'Please enter a valid email address';

async function openTab(routes: Record<string, MockHandler> = {}) {
  const server = settingsServer();
  const api = mockApi({ ...server.routes, ...routes });
  const view = renderSignedIn(<SafetySettings />, { me: makeMe(), path: '/safety' });
  await screen.findByRole('switch', { name: 'Incognito Mode' });
  return { ...view, api, server };
}

describe('the Safety Center', () => {
  it('lists Safety Settings first and still opens on Safe Locations', async () => {
    mockApi({ 'GET /api/safe-locations': { body: { city: 'Miami, FL', items: [] } } });
    renderSignedIn(<SafetyRoute />, { me: makeMe(), path: '/safety' });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs.slice(0, 3)).toEqual(['Safety Settings', 'Safe Locations', 'Photo Appeals']);
    expect(screen.getByRole('tab', { name: 'Safe Locations' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No safe locations yet')).toBeInTheDocument();
  });
});

describe('the Safety Settings tab', () => {
  it('shows the safety settings as saved, the visibility with the settings page’s values', async () => {
    await openTab();
    for (const name of ['Location Sharing', 'Read Receipts', 'Safe Meeting Notifications']) {
      expect(screen.getByRole('switch', { name })).toBeChecked();
    }
    for (const name of ['Incognito Mode', 'Auto-block Suspicious Members']) {
      expect(screen.getByRole('switch', { name })).not.toBeChecked();
    }
    expect(screen.getByRole('radio', { name: /Public/ })).toBeChecked();
    // The spec's tier_restricted is the same choice as the settings page's tier_only.
    expect(screen.getByRole('radio', { name: /My tier and above/ })).toHaveAttribute('value', 'tier_only');
  });

  it('saves a switch and the visibility at once, with the spec’s toast', async () => {
    const { user, api, server } = await openTab();
    await user.click(screen.getByRole('switch', { name: 'Auto-block Suspicious Members' }));
    expect(await screen.findByText('Settings Updated')).toBeInTheDocument();
    expect(screen.getByText('Your safety settings have been saved')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Private/ }));
    await waitFor(() => expect(server.current().profile_visibility).toBe('private'));
    expect(api.callsTo('PATCH /api/me/settings').map((call) => call.body)).toEqual([
      { auto_block_suspicious: true },
      { profile_visibility: 'private' },
    ]);
    expect(screen.getByRole('radio', { name: /Private/ })).toBeChecked();
  });

  it('says when a safety setting could not be saved, and shows it as it was', async () => {
    const { user } = await openTab({
      'PATCH /api/me/settings': apiError(500, 'INTERNAL', 'Something went wrong. Please try again.'),
    });
    const incognito = screen.getByRole('switch', { name: 'Incognito Mode' });
    await user.click(incognito);
    expect(await screen.findByText('Failed to save safety settings')).toBeInTheDocument();
    await waitFor(() => expect(incognito).not.toBeChecked());
  });

  it('saves the emergency contact with its button, the number as the server keeps it', async () => {
    const { user, api } = await openTab();
    const card = screen.getByRole('form', { name: 'Emergency Contact' });
    await user.type(within(card).getByLabelText('Contact Name'), 'Maria Lopez');
    await user.type(within(card).getByLabelText('Contact Phone'), '12345');
    await user.click(within(card).getByRole('button', { name: 'Save Contact' }));
    expect(await within(card).findByText(PHONE_INVALID_TEXT)).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/me/settings')).toHaveLength(0);

    await user.clear(within(card).getByLabelText('Contact Phone'));
    await user.type(within(card).getByLabelText('Contact Phone'), '+44 20 7946 0958');
    await user.type(within(card).getByLabelText('Contact E-mail'), 'Maria@Example.co.uk');
    await user.click(within(card).getByRole('button', { name: 'Save Contact' }));
    expect(await screen.findByText('Settings Updated')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/me/settings')[0]?.body).toEqual({
      emergency_contact_name: 'Maria Lopez',
      emergency_contact_phone: '+442079460958',
      emergency_contact_email: 'maria@example.co.uk',
    });
    await waitFor(() => expect(within(card).getByLabelText('Contact Phone')).toHaveValue('+442079460958'));
    expect(within(card).getByLabelText('Contact E-mail')).toHaveValue('maria@example.co.uk');
    expect(within(card).queryByText(PHONE_INVALID_TEXT)).toBeNull();
  });

  it('shows the saved contact e-mail, says what it is for, and shows a refusal of it under the field', async () => {
    const server = settingsServer({
      emergency_contact_name: 'Maria Lopez',
      emergency_contact_email: 'maria@example.com',
    });
    const api = mockApi({
      ...server.routes,
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
    const { user } = renderSignedIn(<SafetySettings />, { me: makeMe(), path: '/safety' });
    const card = await screen.findByRole('form', { name: 'Emergency Contact' });
    const email = within(card).getByLabelText('Contact E-mail');
    await waitFor(() => expect(email).toHaveValue('maria@example.com'));
    expect(within(card).getByRole('group', { name: 'Emergency Contact' })).toHaveAccessibleDescription(
      /share a date or a safety alert goes off.*e-mail and text message.*private/,
    );

    await user.clear(email);
    await user.type(email, 'maria.lopez@example.com');
    await user.click(within(card).getByRole('button', { name: 'Save Contact' }));
    expect(await within(card).findByText(EMAIL_INVALID_TEXT)).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/me/settings')[0]?.body).toEqual({
      emergency_contact_name: 'Maria Lopez',
      emergency_contact_phone: null,
      emergency_contact_email: 'maria.lopez@example.com',
    });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(EMAIL_INVALID_TEXT);
    expect(email).toHaveValue('maria.lopez@example.com');
  });

  it('says so when the settings cannot be loaded', async () => {
    mockApi({ 'GET /api/me/settings': apiError(500, 'INTERNAL', 'Something went wrong. Please try again.') });
    renderSignedIn(<SafetySettings />, { me: makeMe(), path: '/safety' });
    expect(await screen.findAllByText('Failed to load safety settings')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
