import { type FeedPage, MERGED_CLASSES_ELEMENT_ID, type Me, type PageReplies } from '@royal/shared';
import { mockApi, never } from '@test/fetch-mock';
import { makeMe, makeMemberCard, makeNotification, makeSettings } from '@test/fixtures';
import { act, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { knowMergedClasses } from '@/lib/cn';
import { createQueryClient } from '@/lib/query-client';
import { AppRoot, firstPageReady } from './app';
import { readPageReplies, seedPageReplies } from './page-data';
import { renderPage } from './page-renderer';
import { createRoutes } from './routes';

const ava = makeMemberCard({ name: 'Ava', age: 27 });
const bianca = makeMemberCard({ name: 'Bianca', age: 31 });

/** What the server puts in a member's /app: the four first replies, as the API writes them. */
function repliesFor(
  me: Me,
  feed: FeedPage = { items: [ava, bianca], next_cursor: null, widening: null },
): PageReplies {
  // Through JSON, as the browser reads them from the page.
  return JSON.parse(
    JSON.stringify({
      '/api/session': { user: me },
      '/api/notifications': { items: [makeNotification({ is_read: false })], unread_count: 1 },
      '/api/me/settings': makeSettings(),
      '/api/discovery/feed': feed,
    }),
  ) as PageReplies;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

describe('renderPage (a member page rendered on the server)', () => {
  it("draws the member's deck from the replies alone, its lead photo a real <img>, asking for nothing", async () => {
    const rendered = await renderPage('/app', repliesFor(makeMe({ name: 'Quinn' })));
    expect(rendered).not.toBeNull();
    const page = document.createElement('div');
    page.innerHTML = rendered?.markup ?? '';
    const card = within(page).getByRole('article', { name: 'Ava, 27' });
    expect(within(card).getByAltText("Ava's photo 1 of 2")).toHaveAttribute('src', ava.photos[0]?.url);
    expect(page.querySelector('nav[aria-label="Main"]')).not.toBeNull();
    // The strict fetch mock fails the test on any request (the setup checks after each test).
  });

  it('draws nothing without a member, or for a member the route sends elsewhere', async () => {
    expect(await renderPage('/app', { '/api/session': { user: null } })).toBeNull();
    const onboarding = makeMe({ onboarded: false, next_step: 'onboarding' });
    expect(await renderPage('/app', repliesFor(onboarding))).toBeNull();
  });

  it('draws nothing when the route wants data the page does not carry', async () => {
    const { '/api/discovery/feed': _feed, ...withoutFeed } = repliesFor(makeMe());
    // The deck's loader asks for the feed: the renderer refuses instead of drawing it as loading.
    mockApi({ 'GET /api/discovery/feed': never });
    expect(await renderPage('/app', withoutFeed)).toBeNull();
  });

  it('is hydrated by the app seeded from the same replies without a mismatch or a request for them', async () => {
    const replies = repliesFor(makeMe({ name: 'Quinn' }));
    const rendered = await renderPage('/app', replies);
    const container = document.createElement('div');
    container.innerHTML = rendered?.markup ?? '';
    document.body.append(container);
    for (const [id, json] of [
      ['page-data', replies],
      [MERGED_CLASSES_ELEMENT_ID, rendered?.mergedClasses],
    ] as const) {
      const data = document.createElement('script');
      data.type = 'application/json';
      data.id = id;
      data.textContent = JSON.stringify(json);
      document.body.append(data);
    }
    // The app's first render takes the class lists the page was drawn with (lib/cn.ts).
    expect(Object.keys(rendered?.mergedClasses ?? {}).length).toBeGreaterThan(20);
    expect(knowMergedClasses(document)).toBe(true);

    // After hydration the deck asks for the day's allowance, as it does when rendered in the browser.
    const api = mockApi({
      'GET /api/discovery/allowance': {
        body: { super_likes_per_day: 1, super_likes_left_today: 1, super_like_tokens: 0, message_tokens: 0 },
      },
    });
    const queryClient = createQueryClient();
    seedPageReplies(queryClient, readPageReplies(document) ?? {});
    const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: ['/app'] });
    expect(await firstPageReady(queryClient, router, 5_000)).toBe(true);
    await act(async () => {
      root = hydrateRoot(container, <AppRoot queryClient={queryClient} router={router} />);
    });

    expect(await screen.findByTestId('super-likes-left')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Ava, 27' })).toBeInTheDocument();
    for (const path of ['/api/session', '/api/discovery/feed', '/api/notifications', '/api/me/settings'])
      expect(api.callsTo(`GET ${path}`)).toHaveLength(0);
    // A mismatch would have been reported through console.error, which fails the test (setup.ts).
  });
});
