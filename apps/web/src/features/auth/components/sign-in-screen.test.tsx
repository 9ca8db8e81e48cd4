import { apiError, type MockReply, mockApi, SESSION, SIGNED_OUT, signedInAs } from '@test/fetch-mock';
import { makeMe, makeSettings } from '@test/fixtures';
import { renderApp } from '@test/render';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A reply the test releases when it wants, to look at the busy state. */
function deferred() {
  let release: (reply: MockReply) => void = () => {};
  const promise = new Promise<MockReply>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** What the member area asks for right after sign-in. */
const memberArea = {
  'GET /api/notifications': { body: { items: [], unread_count: 0 } },
  'GET /api/me/settings': { body: makeSettings() },
  'GET /api/discovery/feed': { body: { items: [], next_cursor: null } },
};

async function openSignIn() {
  const view = renderApp('/signin');
  await screen.findByRole('heading', { name: 'Royal Circle' });
  return view;
}

// Sign-up as in demo mode and tests: no invite code asked.
const SIGN_UP_OPTIONS = { 'GET /api/sign-up-options': { body: { invite_only: false } } };

describe('Sign-in screen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the product title, taglines and the two tabs with sign-in selected', async () => {
    mockApi({ [SESSION]: SIGNED_OUT, ...SIGN_UP_OPTIONS });
    await openSignIn();

    expect(screen.getByText('Enter the Royal Circle')).toBeInTheDocument();
    expect(screen.getByText('Where Luxury Meets Love')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Royal Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Join the Elite' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Enter Royal Circle' })).toBeEnabled();
    expect(screen.queryByText('min 6 characters')).not.toBeInTheDocument();
  });

  it('takes the e-mail and the password typed on one tab to the other', async () => {
    mockApi({ [SESSION]: SIGNED_OUT, ...SIGN_UP_OPTIONS });
    const { user } = await openSignIn();

    await user.type(screen.getByLabelText('Email'), 'elena@example.com');
    await user.type(screen.getByLabelText('Password'), 'velvet-Orbit-42');
    await user.click(screen.getByRole('tab', { name: 'Join the Elite' }));
    expect(screen.getByRole('button', { name: 'Ascend to Elite Status' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('elena@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('velvet-Orbit-42');
    // In the field, never in the page's markup.
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('value');

    await user.click(screen.getByRole('tab', { name: 'Royal Sign In' }));
    expect(screen.getByLabelText('Email')).toHaveValue('elena@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('velvet-Orbit-42');
  });

  it('switches to the sign-up tab with its hint and button', async () => {
    mockApi({ [SESSION]: SIGNED_OUT, ...SIGN_UP_OPTIONS });
    const { user } = await openSignIn();

    await user.click(screen.getByRole('tab', { name: 'Join the Elite' }));

    expect(screen.getByRole('tab', { name: 'Join the Elite' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('min 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('min 6 characters');
    expect(screen.getByRole('button', { name: 'Ascend to Elite Status' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Enter Royal Circle' })).not.toBeInTheDocument();
  });

  it('signs in: busy label and disabled button, a welcome toast, then /app', async () => {
    const me = makeMe();
    const reply = deferred();
    const api = mockApi({
      [SESSION]: SIGNED_OUT,
      ...SIGN_UP_OPTIONS,
      'POST /api/auth/sign-in': () => reply.promise,
      ...memberArea,
    });
    const { user, router } = await openSignIn();

    await user.type(screen.getByLabelText('Email'), ' Victoria@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Enter Royal Circle' }));

    const busy = await screen.findByRole('button', { name: 'Entering...' });
    expect(busy).toBeDisabled();
    expect(api.callsTo('POST /api/auth/sign-in')[0]?.body).toEqual({
      email: 'victoria@example.com',
      password: 'correct horse',
    });

    reply.release({ body: { user: me } });

    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(screen.getByText('You have been signed in successfully.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it("shows the server's message in an 'Error' toast when the credentials are refused", async () => {
    mockApi({
      [SESSION]: SIGNED_OUT,
      ...SIGN_UP_OPTIONS,
      'POST /api/auth/sign-in': apiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password'),
    });
    const { user, router } = await openSignIn();

    await user.type(screen.getByLabelText('Email'), 'victoria@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Enter Royal Circle' }));

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enter Royal Circle' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('signs up: busy label, the account-created toast, then /app', async () => {
    const reply = deferred();
    const api = mockApi({
      [SESSION]: SIGNED_OUT,
      ...SIGN_UP_OPTIONS,
      'POST /api/auth/sign-up': () => reply.promise,
      ...memberArea,
    });
    const { user, router } = await openSignIn();

    await user.click(screen.getByRole('tab', { name: 'Join the Elite' }));
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'velvet rope');
    await user.click(screen.getByRole('button', { name: 'Ascend to Elite Status' }));

    expect(await screen.findByRole('button', { name: 'Ascending to Elite...' })).toBeDisabled();
    expect(api.callsTo('POST /api/auth/sign-up')).toHaveLength(1);

    reply.release({ status: 201, body: { user: makeMe({ tier_level: 0 }) } });

    expect(await screen.findByText('Account created!')).toBeInTheDocument();
    expect(screen.getByText('Please check your email to confirm your account.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
  });

  it("on a phone, puts the account-created toast at the bottom, clear of the gate's first step", async () => {
    // The gate's step and title sit under the top bar, where toasts appear on a phone.
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query.includes('max-width'), media: query }) as MediaQueryList,
    );
    mockApi({
      [SESSION]: SIGNED_OUT,
      ...SIGN_UP_OPTIONS,
      'POST /api/auth/sign-up': { status: 201, body: { user: makeMe({ tier_level: 0 }) } },
      ...memberArea,
    });
    const { user } = await openSignIn();
    await user.click(screen.getByRole('tab', { name: 'Join the Elite' }));
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'velvet rope');
    await user.click(screen.getByRole('button', { name: 'Ascend to Elite Status' }));

    const toast = (await screen.findByText('Account created!')).closest('[data-sonner-toaster]');
    expect(toast).toHaveAttribute('data-y-position', 'bottom');
  });

  it('checks the password length before asking the server', async () => {
    const api = mockApi({ [SESSION]: SIGNED_OUT, ...SIGN_UP_OPTIONS });
    const { user } = await openSignIn();

    await user.click(screen.getByRole('tab', { name: 'Join the Elite' }));
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Ascend to Elite Status' }));

    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/auth/sign-up')).toHaveLength(0);
  });

  it('sends a signed-in member straight to /app', async () => {
    mockApi({ [SESSION]: signedInAs(makeMe()), ...memberArea });
    const { router } = renderApp('/signin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(await screen.findByRole('heading', { name: 'Discover' })).toBeInTheDocument();
  });
});
