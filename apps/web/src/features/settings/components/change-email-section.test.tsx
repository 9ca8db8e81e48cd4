import { EMAIL_CHANGE_SENT_TEXT } from '@royal/shared';
import { type MockHandler, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { settingsServer } from '@test/settings-server';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SettingsRoute from '../routes/settings';

async function openChangeEmail(routes: Record<string, MockHandler>) {
  const api = mockApi({ ...settingsServer().routes, ...routes });
  const view = renderSignedIn(<SettingsRoute />, { me: makeMe(), path: '/settings' });
  const card = await screen.findByRole('form', { name: 'Change E-mail' });
  return { ...view, api, card };
}

describe('Change E-mail', () => {
  it('sends the new address with the password, and says the change waits for the link', async () => {
    const { user, api, card } = await openChangeEmail({
      'POST /api/auth/change-email': { status: 202, body: { message: EMAIL_CHANGE_SENT_TEXT } },
    });
    await user.type(within(card).getByLabelText('New E-mail'), ' Elena.New@Example.com ');
    await user.type(within(card).getByLabelText('Current Password'), 'Velvet-Rope-2026');
    await user.click(within(card).getByRole('button', { name: 'Change E-mail' }));
    expect(await within(card).findByRole('status')).toHaveTextContent(EMAIL_CHANGE_SENT_TEXT);
    expect(api.callsTo('POST /api/auth/change-email')[0]?.body).toEqual({
      new_email: 'elena.new@example.com',
      password: 'Velvet-Rope-2026',
    });
  });

  it('checks the fields first, and shows a taken address under its field', async () => {
    const { user, api, card } = await openChangeEmail({
      'POST /api/auth/change-email': {
        status: 409,
        body: {
          error: {
            code: 'EMAIL_TAKEN',
            message: 'An account with this email already exists',
            details: [{ path: 'new_email', message: 'An account with this email already exists' }],
          },
        },
      },
    });
    await user.type(within(card).getByLabelText('New E-mail'), 'not-an-address');
    await user.click(within(card).getByRole('button', { name: 'Change E-mail' }));
    expect(await within(card).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(card).getByText('Please enter your current password')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/change-email')).toHaveLength(0);

    await user.clear(within(card).getByLabelText('New E-mail'));
    await user.type(within(card).getByLabelText('New E-mail'), 'taken@example.com');
    await user.type(within(card).getByLabelText('Current Password'), 'Velvet-Rope-2026');
    await user.click(within(card).getByRole('button', { name: 'Change E-mail' }));
    expect(await within(card).findByText('An account with this email already exists')).toBeInTheDocument();
    expect(within(card).getByLabelText('New E-mail')).toHaveAttribute('aria-invalid', 'true');
  });
});
