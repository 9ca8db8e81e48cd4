import { mockApi, never, SESSION, SIGNED_OUT, signedInAs } from '@test/fetch-mock';
import { makeInterests, makeMe, makeMemberProfile, makeSettings } from '@test/fixtures';
import { renderApp } from '@test/render';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

const frame = {
  'GET /api/notifications': { body: { items: [], unread_count: 0 } },
  'GET /api/me/settings': { body: makeSettings() },
};

describe('Route loaders', () => {
  it("start a screen's data at navigation time, before the session is even known", async () => {
    const api = mockApi({ [SESSION]: never, 'GET /api/interests': never, ...frame });
    renderApp('/interests');

    // Still the start-up loading screen: nothing has rendered the Interests screen yet.
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await waitFor(() => expect(api.callsTo('GET /api/interests')).toHaveLength(1));
    expect(api.callsTo('GET /api/notifications')).toHaveLength(1);
    expect(api.callsTo('GET /api/me/settings')).toHaveLength(1);
  });

  it('the screen reads the data its loader asked for, without asking again', async () => {
    const profile = makeMemberProfile({ name: 'Sofia' });
    const api = mockApi({
      [SESSION]: signedInAs(makeMe()),
      [`GET /api/members/${profile.id}`]: { body: profile },
      // The profile page's super likes left today.
      'GET /api/discovery/allowance': {
        body: { super_likes_per_day: 1, super_likes_left_today: 1, super_like_tokens: 0, message_tokens: 0 },
      },
      'GET /api/interests': { body: makeInterests() },
      ...frame,
    });
    const { router } = renderApp(`/profile/${profile.id}`);

    // The screen's chunk is imported cold in this worker: allow it more than the default second.
    expect(
      await screen.findByRole('heading', { name: /Sofia/, level: 1 }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(api.callsTo(`GET /api/members/${profile.id}`)).toHaveLength(1);

    await router.navigate('/interests');
    expect(await screen.findByRole('heading', { name: 'Interests', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No profile views yet' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/interests')).toHaveLength(1);
  });

  it('ask for nothing once the visitor is known to be signed out', async () => {
    const api = mockApi({ [SESSION]: SIGNED_OUT });
    const { router } = renderApp('/signin');
    expect(await screen.findByRole('tab', { name: 'Royal Sign In' })).toBeInTheDocument();

    await router.navigate('/interests');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([SESSION]);
  });

  it('do not ask for a profile whose id cannot exist', async () => {
    const api = mockApi({ [SESSION]: signedInAs(makeMe()), ...frame });
    renderApp('/profile/not-an-id');
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeInTheDocument();
    expect(api.calls.some((call) => call.path.startsWith('/api/members/'))).toBe(false);
  });
});
