import { LINK_INVALID_TEXT, RECOVERY_SENT_TEXT } from '@royal/shared';
import { apiError, mockApi, SESSION, SIGNED_OUT, signedInAs } from '@test/fetch-mock';
import { makeMe, makeSettings } from '@test/fixtures';
import { renderApp } from '@test/render';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkForgotForm, checkResetForm } from '../recovery-form';

const SIGN_UP_OPTIONS = { 'GET /api/sign-up-options': { body: { invite_only: false } } };

describe('the recovery forms’ checks', () => {
  it('asks for an e-mail address, trimmed and lower-cased', () => {
    expect(checkForgotForm('  ')).toEqual({ problems: { email: 'Email is required' } });
    expect(checkForgotForm('nope')).toEqual({ problems: { email: 'Please enter a valid email address' } });
    expect(checkForgotForm(' Elena@Example.com ')).toEqual({ email: 'elena@example.com' });
  });

  it('wants the new password twice, with sign-up’s length rule', () => {
    expect(checkResetForm('tok', 'short', 'short')).toEqual({
      problems: { new_password: 'Password must be at least 6 characters' },
    });
    expect(checkResetForm('tok', 'velvet-rope-9', 'velvet-rope-8')).toEqual({
      problems: { repeat: 'Passwords do not match' },
    });
    expect(checkResetForm('tok', 'velvet-rope-9', 'velvet-rope-9')).toEqual({
      body: { token: 'tok', new_password: 'velvet-rope-9' },
    });
    expect(checkResetForm('', 'velvet-rope-9', 'velvet-rope-9')).toEqual({
      problems: { token: LINK_INVALID_TEXT },
    });
  });
});

describe('Forgot password', () => {
  it('is offered on the sign-in screen, and answers with the server’s one reply', async () => {
    const api = mockApi({
      [SESSION]: SIGNED_OUT,
      ...SIGN_UP_OPTIONS,
      'POST /api/auth/forgot-password': { status: 202, body: { message: RECOVERY_SENT_TEXT } },
    });
    const { user, router } = renderApp('/signin');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));

    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/forgot-password')).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), ' Elena@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(RECOVERY_SENT_TEXT)).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/forgot-password')[0]?.body).toEqual({ email: 'elena@example.com' });
  });
});

describe('Reset password', () => {
  it('sends the link’s token with the new password typed twice alike', async () => {
    const api = mockApi({
      [SESSION]: SIGNED_OUT,
      'POST /api/auth/reset-password': { body: { message: 'Your password has been reset.' } },
    });
    const { user } = renderApp('/reset-password?token=abc_DEF-123');
    await user.type(await screen.findByLabelText('New password'), 'velvet-rope-9');
    await user.type(screen.getByLabelText('Repeat new password'), 'velvet-rope-8');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/reset-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Repeat new password'));
    await user.type(screen.getByLabelText('Repeat new password'), 'velvet-rope-9');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password has been reset.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/reset-password')[0]?.body).toEqual({
      token: 'abc_DEF-123',
      new_password: 'velvet-rope-9',
    });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  it('shows a refused link and offers a new one', async () => {
    mockApi({
      [SESSION]: SIGNED_OUT,
      'POST /api/auth/reset-password': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: LINK_INVALID_TEXT,
            details: [{ path: 'token', message: LINK_INVALID_TEXT }],
          },
        },
      },
    });
    const { user } = renderApp('/reset-password?token=used');
    await user.type(await screen.findByLabelText('New password'), 'velvet-rope-9');
    await user.type(screen.getByLabelText('Repeat new password'), 'velvet-rope-9');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(LINK_INVALID_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says so at once when the link has no token', async () => {
    mockApi({ [SESSION]: SIGNED_OUT });
    renderApp('/reset-password');
    expect(await screen.findByText(LINK_INVALID_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set new password' })).not.toBeInTheDocument();
  });
});

describe('Confirm e-mail', () => {
  it('sends the token once and says the e-mail is confirmed', async () => {
    const api = mockApi({
      [SESSION]: SIGNED_OUT,
      'POST /api/auth/confirm-email': { body: { message: 'Your e-mail is confirmed.' } },
    });
    renderApp('/confirm-email?token=tok_1');
    expect(await screen.findByText('Your e-mail is confirmed.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/confirm-email')).toHaveLength(1);
    expect(api.callsTo('POST /api/auth/confirm-email')[0]?.body).toEqual({ token: 'tok_1' });
  });

  it('shows a refused link in the server’s words', async () => {
    mockApi({
      [SESSION]: SIGNED_OUT,
      'POST /api/auth/confirm-email': apiError(400, 'VALIDATION_FAILED', LINK_INVALID_TEXT),
    });
    renderApp('/confirm-email?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_INVALID_TEXT);
  });
});

describe('the unconfirmed member’s banner', () => {
  it('offers a new link above the member pages', async () => {
    const me = makeMe({ email_confirmed: false });
    const api = mockApi({
      [SESSION]: signedInAs(me),
      'GET /api/notifications': { body: { items: [], unread_count: 0 } },
      'GET /api/me/settings': { body: makeSettings() },
      'GET /api/discovery/feed': { body: { items: [], next_cursor: null } },
      'POST /api/auth/confirm-email/resend': {
        status: 202,
        body: { message: 'We sent a new confirmation link. Please check your email.' },
      },
    });
    const { user } = renderApp('/app');
    const banner = await screen.findByRole('region', { name: 'Confirm your e-mail' });
    expect(banner).toHaveTextContent('Until then you cannot send messages or make payments.');
    await user.click(screen.getByRole('button', { name: 'Resend confirmation e-mail' }));
    expect(
      await screen.findByText('We sent a new confirmation link. Please check your email.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/confirm-email/resend')).toHaveLength(1);
  });
});
