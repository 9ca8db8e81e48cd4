import type { Interests } from '@royal/shared';
import { apiError, type MockHandler, mockApi } from '@test/fetch-mock';
import { makeInterestRow, makeInterests, makeLockedCard, makeMe, makeMemberCard } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InterestsScreen } from './interests-screen';

const INTERESTS = 'GET /api/interests';

/** A stand-in for the server's interests, so a refetch sees what a removal changed. */
function server(initial: Interests) {
  let state = initial;
  return {
    get: (): MockHandler => () => ({ body: state }),
    set: (next: Interests) => {
      state = next;
    },
    state: () => state,
  };
}

function renderInterests(routes: Record<string, MockHandler>, me = makeMe({ tier_level: 2 })) {
  const api = mockApi(routes);
  return { ...renderSignedIn(<InterestsScreen />, { me, path: '/interests' }), api };
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });

describe('InterestsScreen', () => {
  it('shows the title, tier access, the three stats and a count on each tab', async () => {
    const data = makeInterests({
      stats: { profile_views: 128, super_likes: 7, favorites: 3 },
      viewed_me: [makeInterestRow(), makeInterestRow(), makeInterestRow()],
      favorited_me: [makeInterestRow({ action: 'super_liked' })],
      my_favorites: [makeInterestRow({ action: 'favorite' }), makeInterestRow({ action: 'favorite' })],
    });
    renderInterests({ [INTERESTS]: { body: data } });

    expect(screen.getByRole('heading', { name: 'Interests', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Tier 2 · Verified Viber')).toBeInTheDocument();
    expect(await screen.findByText('Loading interactions...')).toBeInTheDocument();

    const stats = await screen.findByRole('list', { name: 'Your numbers' });
    const [views, superLikes, favorites] = within(stats).getAllByRole('listitem');
    expect(views).toHaveTextContent('128Profile Views');
    expect(superLikes).toHaveTextContent('7Super Likes');
    expect(favorites).toHaveTextContent('3My Favorites');

    expect(tab(/^Viewed Me/)).toHaveTextContent('Viewed Me3');
    expect(tab(/^Favorited Me/)).toHaveTextContent('Favorited Me1');
    expect(tab(/^My Favorites/)).toHaveTextContent('My Favorites2');
    expect(tab(/^Viewed Me/)).toHaveAttribute('aria-selected', 'true');
  });

  it('lists a row with avatar, tier, name and age, verified mark, action, time and place', async () => {
    const member = makeMemberCard({ name: 'Sofia', age: 29, city: 'Dubai', state: 'UAE', tier_level: 2 });
    renderInterests({
      [INTERESTS]: {
        body: makeInterests({
          viewed_me: [
            makeInterestRow({
              member,
              action: 'viewed',
              at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
            }),
          ],
        }),
      },
    });

    const list = await screen.findByRole('list', { name: 'Viewed Me' });
    const [row] = within(list).getAllByRole('listitem') as [HTMLElement];
    // The avatar is the square the server cut around her face, not her first photo.
    expect(within(row).getByRole('img', { name: 'Sofia' })).toHaveAttribute('src', member.avatar);
    expect(member.avatar).toMatch(/\?size=face$/);
    expect(row).toHaveTextContent('Sofia, 29');
    expect(within(row).getByTitle('ID verified')).toHaveTextContent('ID verified');
    expect(row.querySelector('[data-tier="2"]')).not.toBeNull();
    expect(row).toHaveTextContent('viewed your profile · 2d ago');
    expect(row).toHaveTextContent('Dubai, UAE');
    expect(within(row).getByRole('link', { name: /Sofia, 29/ })).toHaveAttribute(
      'href',
      `/profile/${member.id}`,
    );
  });

  it('masks a member above your tier: blurred photo, tier and age, the invitation and Upgrade only', async () => {
    const locked = makeLockedCard({ tier_level: 3, required_tier: 3, age: 34 });
    const visible = makeMemberCard({ name: 'Nora' });
    const { user, router } = renderInterests(
      {
        [INTERESTS]: {
          body: makeInterests({
            favorited_me: [
              makeInterestRow({ member: locked, action: 'super_liked' }),
              makeInterestRow({ member: visible, action: 'super_liked' }),
            ],
          }),
        },
      },
      makeMe({ tier_level: 1 }),
    );
    await screen.findByRole('list', { name: 'Your numbers' });
    await user.click(tab(/^Favorited Me/));

    const list = screen.getByRole('list', { name: 'Favorited Me' });
    const [row] = within(list).getAllByRole('listitem') as [HTMLElement];
    expect(row).toHaveTextContent('Locked member, 34');
    expect(row).toHaveTextContent('super liked you');
    expect(row).toHaveTextContent('Upgrade to Tier 3 or higher to interact with this profile');
    expect(row.querySelector('[data-tier="3"]')).not.toBeNull();
    expect(row.querySelector('img')).toHaveAttribute('src', locked.blurred_photo);
    expect(row.querySelector('img')).toHaveAttribute('alt', '');
    // No name, no way to the profile, no Message or Remove.
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Message|Remove/ })).not.toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Message Nora' })).toBeInTheDocument();

    await user.click(row);
    expect(router.state.location.pathname).toBe('/interests');

    const upgrade = within(row).getByRole('button', { name: 'Upgrade' });
    expect(upgrade).toHaveAccessibleDescription('Upgrade to Tier 3 or higher to interact with this profile');
    await user.click(upgrade);
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Required' });
    expect(dialog).toHaveTextContent('Upgrade to Tier 3 or higher to interact with this profile');
    expect(within(dialog).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/interests');
  });

  it('offers no Remove for a locked row in My Favorites', async () => {
    const { user } = renderInterests(
      {
        [INTERESTS]: {
          body: makeInterests({
            my_favorites: [
              makeInterestRow({ member: makeLockedCard({ tier_level: 4 }), action: 'favorite' }),
            ],
          }),
        },
      },
      makeMe({ tier_level: 1 }),
    );
    await screen.findByRole('list', { name: 'Your numbers' });
    await user.click(tab(/^My Favorites/));
    const list = screen.getByRole('list', { name: 'My Favorites' });
    expect(list).toHaveTextContent('Upgrade to Tier 4 or higher to interact with this profile');
    expect(within(list).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
  });

  it('shows the empty state of each tab, each with a way on to discovery', async () => {
    const { user } = renderInterests({ [INTERESTS]: { body: makeInterests() } });
    const nextStep = (name: string) => {
      const panel = screen.getByRole('tabpanel');
      expect(within(panel).getByRole('link', { name })).toHaveAttribute('href', '/app');
    };

    expect(await screen.findByRole('heading', { name: 'No profile views yet' })).toBeInTheDocument();
    nextStep('Discover Members');
    await user.click(tab(/^Favorited Me/));
    expect(screen.getByRole('heading', { name: 'No super likes yet' })).toBeInTheDocument();
    nextStep('Discover Members');
    await user.click(tab(/^My Favorites/));
    expect(screen.getByRole('heading', { name: 'No favorites yet' })).toBeInTheDocument();
    expect(screen.getByText('Start swiping to add people to your favorites')).toBeInTheDocument();
    nextStep('Start Swiping');
  });

  it('removes a favorite: DELETE, the row goes at once and the count follows', async () => {
    const keep = makeInterestRow({ action: 'favorite', member: makeMemberCard({ name: 'Keira' }) });
    const drop = makeInterestRow({ action: 'favorite', member: makeMemberCard({ name: 'Dana' }) });
    const backend = server(
      makeInterests({
        stats: { profile_views: 0, super_likes: 0, favorites: 2 },
        my_favorites: [keep, drop],
      }),
    );
    const { api, user } = renderInterests({
      [INTERESTS]: backend.get(),
      [`DELETE /api/favorites/${drop.member.id}`]: () => {
        backend.set({
          ...backend.state(),
          stats: { ...backend.state().stats, favorites: 1 },
          my_favorites: [keep],
        });
        return { status: 204 };
      },
    });
    await screen.findByRole('list', { name: 'Your numbers' });
    await user.click(tab(/^My Favorites/));

    await user.click(screen.getByRole('button', { name: 'Remove Dana from favorites' }));

    expect(screen.queryByText(/Dana/)).not.toBeInTheDocument();
    expect(screen.getByText(/Keira/)).toBeInTheDocument();
    expect(tab(/^My Favorites/)).toHaveTextContent('My Favorites1');
    // Focus stays in the list, on the Remove of the row left, not on the page's start.
    expect(screen.getByRole('button', { name: 'Remove Keira from favorites' })).toHaveFocus();
    await waitFor(() => expect(api.callsTo(`DELETE /api/favorites/${drop.member.id}`)).toHaveLength(1));
    await waitFor(() => expect(api.callsTo(INTERESTS)).toHaveLength(2));
    expect(screen.queryByText(/Dana/)).not.toBeInTheDocument();
  });

  it('puts a favorite back with an Error toast when removing fails', async () => {
    const row = makeInterestRow({ action: 'favorite', member: makeMemberCard({ name: 'Dana' }) });
    const { user } = renderInterests({
      [INTERESTS]: { body: makeInterests({ my_favorites: [row] }) },
      [`DELETE /api/favorites/${row.member.id}`]: apiError(
        500,
        'INTERNAL',
        'Something went wrong. Please try again.',
      ),
    });
    await screen.findByRole('list', { name: 'Your numbers' });
    await user.click(tab(/^My Favorites/));
    await user.click(screen.getByRole('button', { name: 'Remove Dana from favorites' }));

    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(await screen.findByText(/Dana/)).toBeInTheDocument();
  });

  it('opens the chat from Message when there is a match, otherwise the profile', async () => {
    const matched = makeInterestRow({
      member: makeMemberCard({ name: 'Mia' }),
      match_id: '11111111-1111-4111-8111-111111111111',
    });
    const unmatched = makeInterestRow({ member: makeMemberCard({ name: 'Nora' }) });
    const { user, router } = renderInterests({
      [INTERESTS]: { body: makeInterests({ viewed_me: [matched, unmatched] }) },
    });

    await user.click(await screen.findByRole('button', { name: 'Message Mia' }));
    expect(router.state.location.pathname).toBe(`/messages/${matched.match_id}`);

    await router.navigate('/interests');
    await user.click(await screen.findByRole('button', { name: 'Message Nora' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/profile/${unmatched.member.id}`);
  });

  it("shows 'Failed to fetch interactions' with the reason, and Try Again", async () => {
    let calls = 0;
    const { user } = renderInterests({
      [INTERESTS]: () => {
        calls += 1;
        return calls === 1 ? { status: 500 } : { body: makeInterests() };
      },
    });

    expect(await screen.findByRole('heading', { name: 'Failed to fetch interactions' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No profile views yet' })).toBeInTheDocument();
  });
});
