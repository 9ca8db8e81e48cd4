import type { Me } from '@royal/shared';
import { type MockHandler, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { createTestQueryClient, renderSignedIn } from '@test/render';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { queryKeys } from '@/lib/query-keys';
import { chooseAppFace } from '../app-face';
import { readPin, removePin, savePin } from '../app-pin';
import { DiscretionGate, type DiscretionGateProps } from './discretion-gate';
import { QuickHideButton } from './quick-hide-button';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const OTHER_MEMBER = 'member-on-the-same-phone';

/** A member screen: their name, the top bar's quick-hide, a field that uses Escape itself. */
function MemberScreen({ me }: { me: Me }) {
  return (
    <main>
      <h1>{me.name}'s matches</h1>
      <QuickHideButton className="" />
      <label>
        Search
        <input
          onKeyDown={(event) => {
            // As a dialog does when Escape closes it.
            if (event.key === 'Escape') event.preventDefault();
          }}
        />
      </label>
      <Link to="/profile/ava">
        <MemberAvatar name="Ava" src="/api/photos/ava-1?size=face" />
        Ava
      </Link>
      <MemberAvatar name={me.name} src={me.avatar} />
    </main>
  );
}

function openGate(
  me: Me = makeMe(),
  props: Partial<Omit<DiscretionGateProps, 'member' | 'children'>> = {},
  routes: Record<string, MockHandler> = {},
) {
  const api = mockApi(routes);
  const view = renderSignedIn(
    <DiscretionGate member={me} unread={0} discreetNotifications={false} blurPhotos={false} {...props}>
      <MemberScreen me={me} />
    </DiscretionGate>,
    { me },
  );
  return { ...view, api, me };
}

const memberHeading = (me: Me) => screen.queryByRole('heading', { name: `${me.name}'s matches` });
const icon = () => document.head.querySelector('link[rel="icon"]')?.getAttribute('href');

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  fireEvent(document, new Event('visibilitychange'));
}

/** Date.now moved on by `ms` from here (time still runs, so the test's own waits do). */
function clockAhead() {
  let offset = 0;
  const now = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => now() + offset);
  return (ms: number) => {
    offset += ms;
  };
}

afterEach(() => {
  delete (document as { visibilityState?: unknown }).visibilityState;
  visibility = 'visible';
  removePin(OTHER_MEMBER);
  document.title = '';
});

describe('quick-hide', () => {
  it('puts a neutral page in place of the screen on Escape twice, and Done brings it back', async () => {
    const { user, me } = openGate();
    expect(memberHeading(me)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Royal Circle'));

    await user.keyboard('{Escape}{Escape}');
    expect(await screen.findByRole('heading', { name: 'Reading list' })).toHaveFocus();
    // Nothing of the member's is on screen or in the accessibility tree, and the tab looks ordinary.
    expect(memberHeading(me)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hide screen' })).toBeNull();
    expect(document.body.textContent).toContain('Middlemarch');
    expect(document.title).toBe('Reading list');
    expect(icon()).toBe('/icons/neutral.svg');

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(memberHeading(me)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Reading list' })).toBeNull();
    expect(document.title).toBe('Royal Circle');
    expect(icon()).toBe('/favicon.svg');
  });

  it('does not hide on one Escape, two far apart, or an Escape the page used itself', async () => {
    const { user, me } = openGate();
    await user.keyboard('{Escape}');
    expect(memberHeading(me)).toBeInTheDocument();

    const now = vi.spyOn(performance, 'now');
    now.mockReturnValue(10_000);
    await user.keyboard('{Escape}');
    now.mockReturnValue(10_900);
    await user.keyboard('{Escape}');
    expect(memberHeading(me)).toBeInTheDocument();
    now.mockRestore();

    await user.click(screen.getByLabelText('Search'));
    await user.keyboard('{Escape}{Escape}');
    expect(memberHeading(me)).toBeInTheDocument();
  });

  it('hides from the top bar button, asks for the PIN to come back, and returns the focus', async () => {
    const me = makeMe();
    await savePin(me.id, '2580', HOUR);
    const { user } = openGate(me);
    const hide = screen.getByRole('button', { name: 'Hide screen' });
    await user.click(hide);
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { name: 'Enter passcode' })).toBeInTheDocument();
    expect(document.title).toBe('Reading list');

    await user.keyboard('1111');
    expect(await screen.findByText('Wrong PIN. 4 tries left.')).toBeInTheDocument();
    expect(memberHeading(me)).toBeNull();
    for (const digit of '2580') await user.click(screen.getByRole('button', { name: digit }));
    expect(await screen.findByRole('heading', { name: `${me.name}'s matches` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide screen' })).toHaveFocus();
    expect(readPin(me.id)?.failures).toBe(0);
    removePin(me.id);
  });

  it('stays hidden through a reload of the tab', async () => {
    const me = makeMe();
    const first = openGate(me);
    await first.user.click(screen.getByRole('button', { name: 'Hide screen' }));
    expect(await screen.findByRole('heading', { name: 'Reading list' })).toBeInTheDocument();
    first.unmount();
    sessionStorage.setItem('rc.quick-hide', me.id);

    openGate(me);
    expect(await screen.findByRole('heading', { name: 'Reading list' })).toBeInTheDocument();
    // The member area is not even drawn behind it.
    expect(document.body.textContent).not.toContain(`${me.name}'s matches`);
    sessionStorage.clear();
  });
});

describe('the app PIN', () => {
  it('is asked on opening before anything of the member’s is drawn', async () => {
    const me = makeMe();
    await savePin(me.id, '135790', 0);
    const { user } = openGate(me);
    expect(await screen.findByRole('heading', { name: 'Enter your PIN' })).toHaveFocus();
    expect(screen.getByText('Royal Circle is locked on this device.')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(`${me.name}'s matches`);

    await user.keyboard('135790');
    expect(await screen.findByRole('heading', { name: `${me.name}'s matches` })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Enter your PIN' })).toBeNull();
    removePin(me.id);
  });

  it('comes right after hydrating a page the server drew (which cannot know of it), never skipped', async () => {
    const me = makeMe();
    await savePin(me.id, '2580', 0);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.me, me);
    const page = () => (
      <AppProviders queryClient={queryClient}>
        <RouterProvider
          router={createMemoryRouter(
            [
              {
                path: '*',
                element: (
                  <DiscretionGate member={me} unread={0} discreetNotifications={false} blurPhotos={false}>
                    <MemberScreen me={me} />
                  </DiscretionGate>
                ),
              },
            ],
            { initialEntries: ['/app'] },
          )}
        />
      </AppProviders>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page());
    expect(container.textContent).toContain(`${me.name}'s matches`);
    document.body.append(container);

    // Hydrated as drawn (a mismatch would be a console error, which fails the test), then locked.
    render(page(), { container, hydrate: true });
    expect(await screen.findByRole('heading', { name: 'Enter your PIN' })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(`${me.name}'s matches`);
    removePin(me.id);
  });

  it('is asked again after the idle time out of sight, not before', async () => {
    const me = makeMe();
    const ahead = clockAhead();
    await savePin(me.id, '2580', MINUTE);
    openGate(me);
    expect(memberHeading(me)).toBeInTheDocument();

    setVisibility('hidden');
    ahead(30_000);
    setVisibility('visible');
    expect(memberHeading(me)).toBeInTheDocument();

    setVisibility('hidden');
    ahead(2 * MINUTE);
    setVisibility('visible');
    expect(await screen.findByRole('heading', { name: 'Enter your PIN' })).toBeInTheDocument();
    expect(memberHeading(me)).toBeNull();
    removePin(me.id);
  });

  it('locks at once when the app goes out of sight, for Immediately', async () => {
    const me = makeMe();
    await savePin(me.id, '2580', HOUR);
    const { user } = openGate(me);
    expect(memberHeading(me)).toBeInTheDocument();
    await savePin(me.id, '2580', 0);
    setVisibility('hidden');
    expect(await screen.findByRole('heading', { name: 'Enter your PIN' })).toBeInTheDocument();
    setVisibility('visible');
    await user.keyboard('2580');
    // Kept as it was, not drawn again: still the same screen.
    expect(await screen.findByRole('heading', { name: `${me.name}'s matches` })).toBeInTheDocument();
    removePin(me.id);
  });

  it('signs out after five wrong PINs and removes this member’s PIN, not another’s', async () => {
    const me = makeMe();
    await savePin(OTHER_MEMBER, '9999', 0);
    await savePin(me.id, '2580', 0);
    const { user, api } = openGate(me, {}, { 'POST /api/auth/sign-out': { status: 204 } });
    await screen.findByRole('heading', { name: 'Enter your PIN' });
    for (const tries of [4, 3, 2, 1]) {
      await user.keyboard('0000');
      expect(
        await screen.findByText(`Wrong PIN. ${tries} ${tries === 1 ? 'try' : 'tries'} left.`),
      ).toBeVisible();
    }
    await user.keyboard('0000');
    expect(await screen.findByText('Signed out after 5 wrong PINs')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/sign-out')).toHaveLength(1);
    expect(readPin(me.id)).toBeNull();
    expect(readPin(OTHER_MEMBER)).not.toBeNull();
  }, 20_000);

  it('keeps asking when signing out fails, and lets the member try again', async () => {
    const me = makeMe();
    await savePin(me.id, '2580', 0);
    let reachable = false;
    const { user, api } = openGate(
      me,
      {},
      {
        'POST /api/auth/sign-out': () =>
          reachable
            ? { status: 204 }
            : { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Try again.' } } },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Forgot PIN? Sign out' }));
    expect(await screen.findByText('Could not sign out')).toBeInTheDocument();
    expect(readPin(me.id)).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Enter your PIN' })).toBeInTheDocument();

    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Forgot PIN? Sign out' }));
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/sign-out')).toHaveLength(2);
    expect(readPin(me.id)).toBeNull();
  });
});

describe('the tab title', () => {
  it.each([
    [{ unread: 0, discreetNotifications: false }, 'royal', 'Royal Circle'],
    [{ unread: 3, discreetNotifications: false }, 'royal', '(3) Royal Circle'],
    [{ unread: 3, discreetNotifications: true }, 'royal', 'New activity'],
    // Until the settings load, nothing that names the app's news.
    [{ unread: 3, discreetNotifications: undefined }, 'royal', 'New activity'],
    [{ unread: 0, discreetNotifications: false }, 'neutral', 'Circle'],
    [{ unread: 2, discreetNotifications: false }, 'neutral', '(2) Circle'],
  ] as const)('%o with the %s face: %s', async (props, face, title) => {
    chooseAppFace(face);
    openGate(makeMe(), props);
    await waitFor(() => expect(document.title).toBe(title));
  });
});

describe('blurred photos', () => {
  it("blurs other members' photos until tapped, never the member's own; the next tap acts", async () => {
    const me = makeMe({
      avatar: '/api/photos/mine?size=face',
      photos: [{ id: 'mine', url: '/api/photos/mine' }],
    });
    const { user } = openGate(me, { blurPhotos: true });
    const theirs = screen.getByRole('img', { name: 'Ava' });
    expect(theirs).toHaveAttribute('data-blurred');
    expect(screen.getByRole('img', { name: me.name })).not.toHaveAttribute('data-blurred');

    await user.click(theirs);
    expect(screen.getByRole('img', { name: 'Ava' })).not.toHaveAttribute('data-blurred');
    expect(screen.getByTestId('location')).toHaveTextContent('/app');
    await user.click(screen.getByRole('img', { name: 'Ava' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/ava');
  });

  it('blurs them again after the screen was hidden', async () => {
    const { user } = openGate(makeMe(), { blurPhotos: true });
    await user.click(screen.getByRole('img', { name: 'Ava' }));
    expect(screen.getByRole('img', { name: 'Ava' })).not.toHaveAttribute('data-blurred');
    await user.click(screen.getByRole('button', { name: 'Hide screen' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(screen.getByRole('img', { name: 'Ava' })).toHaveAttribute('data-blurred');
  });

  it('shows every photo as it is with the setting off', () => {
    openGate(makeMe(), { blurPhotos: false });
    expect(screen.getByRole('img', { name: 'Ava' })).not.toHaveAttribute('data-blurred');
  });
});
