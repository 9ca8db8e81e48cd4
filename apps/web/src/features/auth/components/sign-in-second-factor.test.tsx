import { apiError, mockApi, SESSION, SIGNED_OUT } from '@test/fetch-mock';
import { makeMe, makeSettings } from '@test/fixtures';
import { renderApp } from '@test/render';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

const memberArea = {
  'GET /api/notifications': { body: { items: [], unread_count: 0 } },
  'GET /api/me/settings': { body: makeSettings() },
  'GET /api/discovery/feed': { body: { items: [], next_cursor: null } },
};
const ASKED = { body: { second_factor_required: true, methods: ['totp', 'backup_code'] } };

async function passwordStep() {
  const view = renderApp('/signin');
  await screen.findByRole('heading', { name: 'Royal Circle' });
  await view.user.type(screen.getByLabelText('Email'), 'victoria@example.com');
  await view.user.type(screen.getByLabelText('Password'), 'correct horse');
  await view.user.click(screen.getByRole('button', { name: 'Enter Royal Circle' }));
  return view;
}

describe('Sign-in with two-factor', () => {
  it('asks for the code after the password, then signs in', async () => {
    const api = mockApi({
      [SESSION]: SIGNED_OUT,
      'GET /api/sign-up-options': { body: { invite_only: false } },
      'POST /api/auth/sign-in': ASKED,
      'POST /api/auth/sign-in/second-factor': { body: { user: makeMe() } },
      ...memberArea,
    });
    const { user, router } = await passwordStep();

    const code = await screen.findByLabelText('Authentication code');
    // A bad code is caught before a request.
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code');
    expect(api.callsTo('POST /api/auth/sign-in/second-factor')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(api.callsTo('POST /api/auth/sign-in/second-factor')[0]?.body).toEqual({ code: '123456' });
    // The member area has asked for its data (so none of it arrives during the next test).
    for (const route of Object.keys(memberArea))
      await waitFor(() => expect(api.callsTo(route).length).toBeGreaterThan(0));
  });

  it('takes a backup code, says why a code is refused, and goes back to the password once locked', async () => {
    let replies = 0;
    mockApi({
      [SESSION]: SIGNED_OUT,
      'GET /api/sign-up-options': { body: { invite_only: false } },
      'POST /api/auth/sign-in': ASKED,
      'POST /api/auth/sign-in/second-factor': () =>
        ++replies === 1
          ? apiError(422, 'INVALID_CODE', 'That code is not valid. Please try again.')
          : apiError(
              401,
              'CHALLENGE_LOCKED',
              'Too many wrong codes. Please sign in with your password again.',
            ),
    });
    const { user } = await passwordStep();
    await user.click(await screen.findByRole('button', { name: 'Use a backup code instead' }));
    const backup = screen.getByLabelText('Backup code');
    await user.type(backup, 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid. Please try again.');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Enter Royal Circle' })).toBeInTheDocument();
    expect(
      screen.getByText('Too many wrong codes. Please sign in with your password again.'),
    ).toBeInTheDocument();
  });
});
