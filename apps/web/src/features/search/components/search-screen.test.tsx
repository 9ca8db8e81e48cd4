import type { SearchPage } from '@royal/shared';
import { type MockRequest, mockApi } from '@test/fetch-mock';
import { makeMe, makeMemberCard, makeSettings } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchScreen } from './search-screen';

const page = (overrides: Partial<SearchPage> = {}): SearchPage => ({
  items: [],
  total: 0,
  total_capped: false,
  next_cursor: null,
  max_visible_tier: 2,
  widening: null,
  ...overrides,
});

function renderSearch(reply: (request: MockRequest) => SearchPage, path = '/search') {
  const api = mockApi({
    'GET /api/search': (request) => ({ body: reply(request) }),
    'GET /api/me/settings': { body: makeSettings() },
  });
  const view = renderSignedIn(<SearchScreen />, { me: makeMe({ tier_level: 2 }), path });
  return { ...view, api };
}

describe('SearchScreen', () => {
  it('shows the count, the tier cap and every element of a card', async () => {
    const ava = makeMemberCard({
      name: 'Ava',
      age: 27,
      city: 'Miami',
      bio: 'Loves the ocean',
      tier_level: 1,
      verified: true,
      online: true,
      photos: [],
      lifestyle_tags: ['travel', 'yachts', 'nightlife', 'fine_dining', 'theater'],
    });
    const ben = makeMemberCard({ name: 'Ben', online: false, verified: false, lifestyle_tags: [] });
    renderSearch(() => page({ items: [ava, ben], total: 2 }));
    expect(await screen.findByRole('heading', { name: '2 Results' })).toBeInTheDocument();
    expect(screen.getByText('Showing up to Tier 2')).toBeInTheDocument();
    const card = within(screen.getByRole('link', { name: /Ava, 27/ }));
    expect(screen.getByRole('link', { name: /Ava, 27/ })).toHaveAttribute('href', `/profile/${ava.id}`);
    expect(card.getByRole('img', { name: 'Ava' })).toHaveTextContent('A');
    expect(card.getByTitle('Online now')).toBeInTheDocument();
    expect(card.getByText('ID verified')).toBeInTheDocument();
    expect(card.getByText('Basic')).toBeInTheDocument();
    expect(card.getByText(/^Miami/)).toBeInTheDocument();
    expect(card.getByText('Loves the ocean')).toBeInTheDocument();
    // No view or like count of another member (theirs to see in Interests).
    expect(card.queryByText(/Views|Likes/)).toBeNull();
    expect(card.getByText('Online now', { selector: 'span:not([title])' })).toBeInTheDocument();
    expect(card.getByText('Travel')).toBeInTheDocument();
    expect(card.getByText('Nightlife')).toBeInTheDocument();
    expect(card.queryByText('Fine Dining')).toBeNull();
    expect(card.getByText('+2')).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: /Ben/ })).getByText('Recently active'),
    ).toBeInTheDocument();
  });

  it('reads its filters from the URL, sends them, and says they are active', async () => {
    const { api } = renderSearch(
      () => page({ total: 1000, total_capped: true, items: [makeMemberCard()] }),
      '/search?verified=true&tags=travel',
    );
    expect(await screen.findByRole('heading', { name: '1,000+ Results' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/search')?.query).toBe('tags=travel&verified=true');
    expect(screen.getByText('Filters active')).toBeInTheDocument();
  });

  it('changes the search when a quick filter is turned on, and Clear all resets it', async () => {
    const { api, user, router } = renderSearch((request) =>
      request.query.includes('verified=true')
        ? page({ total: 0 })
        : page({ total: 1, items: [makeMemberCard()] }),
    );
    expect(await screen.findByRole('heading', { name: '1 Result' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    await user.click(screen.getByRole('switch', { name: 'Verified Only' }));
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search filters')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?verified=true');
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('heading', { name: '1 Result' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/api/search').map((c) => c.query)).toEqual([
      '',
      'verified=true',
    ]);
  });

  it('puts members within the preference first and a heading where the results go further', async () => {
    const near = makeMemberCard({ name: 'Nadia', distance_miles: 3 });
    const far = makeMemberCard({ name: 'Farah', distance_miles: 7400 });
    renderSearch(() => page({ items: [near, far], total: 2, widening: { from_index: 1, within_miles: 25 } }));
    const nearer = await screen.findByRole('list', { name: 'Results' });
    expect(within(nearer).getByText(/Nadia/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Further than 25 miles' })).toBeInTheDocument();
    const further = screen.getByRole('list', { name: 'Results further than 25 miles' });
    expect(within(further).getByText(/Farah/)).toBeInTheDocument();
  });

  it('says plainly when no one within the preference matches', async () => {
    const far = makeMemberCard({ name: 'Farah', distance_miles: 7400 });
    renderSearch(() => page({ items: [far], total: 1, widening: { from_index: 0, within_miles: 10 } }));
    expect(
      await screen.findByRole('heading', {
        level: 3,
        name: 'No one within 10 miles — showing members further away',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Results' })).toBeNull();
  });
});
