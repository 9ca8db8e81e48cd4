import {
  type AccountRestriction,
  APPEAL_ALREADY_SENT_TEXT,
  APPEAL_EXPIRED_TEXT,
  APPEAL_SENT_TEXT,
  ENFORCEMENT_REASON_TEXT,
} from '@royal/shared';
import { apiError, type MockReply, mockApi, SESSION, SIGNED_OUT } from '@test/fetch-mock';
import { renderApp } from '@test/render';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberRestriction } from '@/lib/restriction-notice';

// A suspended or banned member at the sign-in screen (decision 060): why, until when, and the one appeal.

const until = '2026-03-08T12:00:00.000Z';
const suspension = (over: Partial<AccountRestriction> = {}): AccountRestriction => ({
  kind: 'suspend',
  reason_code: 'harassment',
  reason_text: ENFORCEMENT_REASON_TEXT.harassment,
  until,
  can_appeal: true,
  appealed: false,
  ...over,
});
const refused = (restriction: AccountRestriction): MockReply => ({
  status: 403,
  body: {
    error: {
      code: restriction.kind === 'ban' ? 'ACCOUNT_BANNED' : 'ACCOUNT_SUSPENDED',
      message:
        restriction.kind === 'ban' ? 'Your account has been closed by our team' : 'Your account is suspended',
      details: restriction,
    },
  },
});
const SIGN_UP_OPTIONS = { 'GET /api/sign-up-options': { body: { invite_only: false } } };

async function signInAs(routes: Record<string, MockReply | (() => MockReply)>) {
  const api = mockApi({ [SESSION]: SIGNED_OUT, ...SIGN_UP_OPTIONS, ...routes });
  const view = renderApp('/signin');
  await screen.findByRole('heading', { name: 'Royal Circle' });
  await view.user.type(screen.getByLabelText('Email'), 'zora@example.com');
  await view.user.type(screen.getByLabelText('Password'), 'correct horse');
  await view.user.click(screen.getByRole('button', { name: 'Enter Royal Circle' }));
  return { ...view, api };
}

describe('Sign-in screen, suspended or banned', () => {
  afterEach(() => sessionStorage.clear());

  it('shows the reason in plain words and the end date, and sends the one appeal', async () => {
    const { user, api, router } = await signInAs({
      'POST /api/auth/sign-in': refused(suspension()),
      'POST /api/auth/appeal': { body: { message: APPEAL_SENT_TEXT } },
    });
    const notice = await screen.findByRole('region', { name: 'Your account is suspended' });
    expect(within(notice).getByText(ENFORCEMENT_REASON_TEXT.harassment)).toBeInTheDocument();
    const endDay = new Date(until).toLocaleDateString(undefined, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    expect(within(notice).getByText(endDay)).toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();

    // Too short: the form says so and sends nothing.
    await user.type(within(notice).getByLabelText('Your appeal'), 'unfair');
    await user.click(within(notice).getByRole('button', { name: 'Send Appeal' }));
    expect(await within(notice).findByRole('alert')).toHaveTextContent('at least 10 characters');
    expect(api.callsTo('POST /api/auth/appeal')).toHaveLength(0);

    await user.type(within(notice).getByLabelText('Your appeal'), ': I was quoting a film.');
    await user.click(within(notice).getByRole('button', { name: 'Send Appeal' }));
    expect(await within(notice).findByRole('status')).toHaveTextContent(APPEAL_SENT_TEXT);
    expect(api.callsTo('POST /api/auth/appeal')[0]?.body).toEqual({ text: 'unfair: I was quoting a film.' });
    expect(within(notice).queryByRole('button', { name: 'Send Appeal' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('says so when the member already appealed, and offers no second appeal', async () => {
    await signInAs({ 'POST /api/auth/sign-in': refused(suspension({ can_appeal: false, appealed: true })) });
    const notice = await screen.findByRole('region', { name: 'Your account is suspended' });
    expect(within(notice).getByText(APPEAL_ALREADY_SENT_TEXT)).toBeInTheDocument();
    expect(within(notice).queryByLabelText('Your appeal')).not.toBeInTheDocument();
  });

  it('a ban has no end date; an appeal cookie that ran out asks to sign in again', async () => {
    const { user } = await signInAs({
      'POST /api/auth/sign-in': refused(
        suspension({
          kind: 'ban',
          until: null,
          reason_code: 'spam',
          reason_text: ENFORCEMENT_REASON_TEXT.spam,
        }),
      ),
      'POST /api/auth/appeal': apiError(401, 'UNAUTHENTICATED', APPEAL_EXPIRED_TEXT),
    });
    const notice = await screen.findByRole('region', { name: 'Your account has been closed' });
    expect(within(notice).getByText(ENFORCEMENT_REASON_TEXT.spam)).toBeInTheDocument();
    expect(within(notice).queryByText(/sign in again from/)).not.toBeInTheDocument();
    await user.type(within(notice).getByLabelText('Your appeal'), 'Those links were my own events.');
    await user.click(within(notice).getByRole('button', { name: 'Send Appeal' }));
    expect(await within(notice).findByText(APPEAL_EXPIRED_TEXT)).toBeInTheDocument();
  });

  it('shows the notice an open tab left when an admin acted, and asks to sign in to appeal', async () => {
    rememberRestriction(suspension());
    mockApi({ [SESSION]: SIGNED_OUT, ...SIGN_UP_OPTIONS });
    renderApp('/signin');
    const notice = await screen.findByRole('region', { name: 'Your account is suspended' });
    expect(within(notice).getByText(ENFORCEMENT_REASON_TEXT.harassment)).toBeInTheDocument();
    expect(within(notice).getByText(APPEAL_EXPIRED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enter Royal Circle' })).toBeEnabled();
    // Read once: it does not follow the member around.
    expect(sessionStorage.length).toBe(0);
  });
});
