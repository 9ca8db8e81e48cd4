import type { FeedCard, FeedPage, SwipeAllowance, SwipeBody, SwipeReply } from '@royal/shared';
import { apiError, type MockHandler, mockApi, never } from '@test/fetch-mock';
import { makeLockedCard, makeMatch, makeMe, makeMemberCard } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SLOW_REPLY_MESSAGE } from '@/lib/api';
import { FEED_TIMEOUT_MS } from '../api/feed';
import { DiscoveryScreen } from './discovery-screen';

const FEED = 'GET /api/discovery/feed';
const SWIPES = 'POST /api/swipes';
const ALLOWANCE = 'GET /api/discovery/allowance';
const allowance = (overrides: Partial<SwipeAllowance> = {}): MockHandler => ({
  body: {
    super_likes_per_day: 1,
    super_likes_left_today: 1,
    super_like_tokens: 0,
    message_tokens: 0,
    ...overrides,
  },
});

const page = (items: FeedCard[], next_cursor: string | null = null): FeedPage => ({
  items,
  next_cursor,
  widening: null,
});

/** Records each swipe and answers like the server (no match unless `reply` says otherwise). */
const swipeOk =
  (reply: Partial<SwipeReply> = {}): MockHandler =>
  (request) => {
    const body = request.body as SwipeBody;
    return { body: { direction: body.direction, target_id: body.target_id, match: null, ...reply } };
  };

function renderDeck(routes: Record<string, MockHandler>, me = makeMe()) {
  const api = mockApi({ [ALLOWANCE]: allowance(), ...routes });
  const view = renderSignedIn(<DiscoveryScreen />, { me });
  return { ...view, api };
}

const cardNamed = (name: RegExp | string) => screen.findByRole('article', { name });

describe('DiscoveryScreen', () => {
  it('shows the loading text, then the first card with its details', async () => {
    const ava = makeMemberCard({ name: 'Ava', age: 27, city: 'Miami', state: 'FL', distance_miles: 5 });
    let release: (reply: { body: FeedPage }) => void = () => {};
    renderDeck({ [FEED]: () => new Promise((resolve) => (release = resolve)) });

    expect(await screen.findByText('Loading profiles...')).toBeInTheDocument();
    release({ body: page([ava, makeMemberCard({ name: 'Bianca' })]) });

    const card = await cardNamed('Ava, 27');
    expect(within(card).getByRole('link', { name: 'Ava, 27' })).toHaveAttribute('href', `/profile/${ava.id}`);
    expect(card).toHaveTextContent('Miami, FL · 5 miles away');
    expect(card).toHaveTextContent(ava.bio);
    expect(within(card).getByText('ID verified')).toBeInTheDocument();
    expect(card.querySelector('[data-tier="1"]')).not.toBeNull();
    expect(within(card).getByAltText("Ava's photo 1 of 2")).toHaveAttribute('loading', 'eager');
    expect(screen.getByRole('button', { name: 'Pass' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Super Like' })).toBeInTheDocument();
  });

  it("likes with the button: posts a right swipe, shows 'Liked!' and moves to the next card", async () => {
    const ava = makeMemberCard({ name: 'Ava' });
    const { api, user } = renderDeck({
      [FEED]: { body: page([ava, makeMemberCard({ name: 'Bianca', age: 30 })]) },
      [SWIPES]: swipeOk(),
    });
    await cardNamed('Ava, 27');

    await user.click(screen.getByRole('button', { name: 'Like' }));

    expect(await screen.findByText('Liked!')).toBeInTheDocument();
    expect(screen.getByText('You liked this profile')).toBeInTheDocument();
    expect(api.callsTo(SWIPES).map((call) => call.body)).toEqual([{ target_id: ava.id, direction: 'right' }]);
    expect(await cardNamed('Bianca, 30')).toHaveAttribute('data-top-card');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ava, 27' })).not.toBeInTheDocument());
  });

  it('says it widens beyond the distance preference before the first card further away, once', async () => {
    const near = makeMemberCard({ name: 'Ava', distance_miles: 3 });
    const further = makeMemberCard({ name: 'Bianca', age: 30, distance_miles: 412 });
    const { api, user } = renderDeck({
      [FEED]: { body: { ...page([near, further]), widening: { from_index: 1, within_miles: 25 } } },
      [SWIPES]: swipeOk(),
    });
    await cardNamed('Ava, 27');
    await user.click(screen.getByRole('button', { name: 'Pass' }));

    expect(
      await screen.findByText('No one new within 25 miles — showing members further away'),
    ).toBeInTheDocument();
    // The notice stands in for the card: no card actions, and the arrow keys swipe nothing.
    expect(screen.queryByRole('button', { name: 'Like' })).not.toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(api.callsTo(SWIPES)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Show Members Further Away' }));
    expect(await cardNamed('Bianca, 30')).toHaveAttribute('data-top-card');
    expect(screen.queryByText(/No one new within/)).not.toBeInTheDocument();
  });

  it('says so in a toast, not in place of a card, when the deck starts beyond the preference', async () => {
    const further = makeMemberCard({ name: 'Bianca', age: 30, distance_miles: 412 });
    renderDeck({
      [FEED]: { body: { ...page([further]), widening: { from_index: 0, within_miles: 10 } } },
      [SWIPES]: swipeOk(),
    });
    expect(await cardNamed('Bianca, 30')).toHaveAttribute('data-top-card');
    expect(
      await screen.findByText('No one new within 10 miles — showing members further away'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show Members Further Away' })).not.toBeInTheDocument();
  });

  it('passes with ArrowLeft and super likes with ArrowUp when the page has focus', async () => {
    const ava = makeMemberCard({ name: 'Ava' });
    const bianca = makeMemberCard({ name: 'Bianca', age: 30 });
    const { api, user } = renderDeck({
      [FEED]: { body: page([ava, bianca, makeMemberCard({ name: 'Chloe' })]) },
      [SWIPES]: swipeOk(),
    });
    await cardNamed('Ava, 27');
    expect(screen.getByText(/Left arrow key to pass/)).toHaveClass('sr-only');

    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByText('Not Interested')).toBeInTheDocument();
    expect(screen.getByText('Passed on this profile')).toBeInTheDocument();
    await cardNamed('Bianca, 30');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ava, 27' })).not.toBeInTheDocument());

    await user.keyboard('{ArrowUp}');
    expect(await screen.findByText('Super Like!')).toBeInTheDocument();
    expect(api.callsTo(SWIPES).map((call) => call.body)).toEqual([
      { target_id: ava.id, direction: 'left' },
      { target_id: bianca.id, direction: 'up' },
    ]);
  });

  it('likes on a drag past 100 px to the right and springs back from a shorter one', async () => {
    const ava = makeMemberCard({ name: 'Ava' });
    const { api } = renderDeck({
      [FEED]: { body: page([ava, makeMemberCard({ name: 'Bianca', age: 30 })]) },
      [SWIPES]: swipeOk(),
    });
    const card = await cardNamed('Ava, 27');
    const pointer = { pointerId: 1, isPrimary: true, button: 0 };
    const resting = card.style.touchAction;

    fireEvent.pointerDown(card, { ...pointer, clientX: 200, clientY: 300 });
    fireEvent.pointerMove(card, { ...pointer, clientX: 230, clientY: 300 });
    fireEvent.pointerMove(card, { ...pointer, clientX: 260, clientY: 305 });
    expect(card.style.touchAction).toBe('none');
    fireEvent.pointerUp(card, { ...pointer, clientX: 260, clientY: 305 });

    expect(card.style.transform).toBe('');
    expect(card.style.touchAction).toBe(resting);
    expect(api.callsTo(SWIPES)).toHaveLength(0);
    expect(screen.getByRole('article', { name: 'Ava, 27' })).toBe(card);

    fireEvent.pointerDown(card, { ...pointer, clientX: 200, clientY: 300 });
    fireEvent.pointerMove(card, { ...pointer, clientX: 280, clientY: 310 });
    fireEvent.pointerMove(card, { ...pointer, clientX: 350, clientY: 320 });
    fireEvent.pointerUp(card, { ...pointer, clientX: 350, clientY: 320 });

    expect(await screen.findByText('Liked!')).toBeInTheDocument();
    expect(api.callsTo(SWIPES).map((call) => call.body)).toEqual([{ target_id: ava.id, direction: 'right' }]);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ava, 27' })).not.toBeInTheDocument());
  });

  it('super likes on a mostly upward drag', async () => {
    const ava = makeMemberCard({ name: 'Ava' });
    const { api } = renderDeck({ [FEED]: { body: page([ava]) }, [SWIPES]: swipeOk() });
    const card = await cardNamed('Ava, 27');
    const pointer = { pointerId: 7, isPrimary: true, button: 0 };

    fireEvent.pointerDown(card, { ...pointer, clientX: 200, clientY: 400 });
    fireEvent.pointerMove(card, { ...pointer, clientX: 230, clientY: 250 });
    fireEvent.pointerUp(card, { ...pointer, clientX: 240, clientY: 240 });

    expect(await screen.findByText('Super Like!')).toBeInTheDocument();
    expect(api.callsTo(SWIPES)[0]?.body).toEqual({ target_id: ava.id, direction: 'up' });
  });

  it("announces a match once, with the dialog (no toast), whose 'Send a Message' opens the chat", async () => {
    const ava = makeMemberCard({ name: 'Ava' });
    const match = makeMatch(ava);
    const { user } = renderDeck({
      [FEED]: { body: page([ava, makeMemberCard({ name: 'Bianca' })]) },
      [SWIPES]: swipeOk({ match }),
    });
    await cardNamed('Ava, 27');

    await user.click(screen.getByRole('button', { name: 'Like' }));

    const dialog = await screen.findByRole('dialog', { name: "It's a Match!" });
    expect(within(dialog).getByText('Ava')).toBeInTheDocument();
    // Her avatar is the square cut around her face, not her photo shrunk into the circle.
    expect(within(dialog).getByRole('img', { name: 'Ava' })).toHaveAttribute('src', ava.avatar);
    expect(ava.avatar).toMatch(/\?size=face$/);
    expect(dialog).toHaveTextContent('You and Ava liked each other!');
    expect(screen.queryByText('You and this person liked each other!')).not.toBeInTheDocument();
    expect(screen.queryByText('Liked!')).not.toBeInTheDocument();
    expect(screen.getAllByText("It's a Match!")).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Keep Swiping' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send a Message' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/messages');
  });

  it("closes the match dialog with 'Keep Swiping'", async () => {
    const ava = makeMemberCard({ name: 'Ava' });
    const { user } = renderDeck({
      [FEED]: { body: page([ava, makeMemberCard({ name: 'Bianca', age: 30 })]) },
      [SWIPES]: swipeOk({ match: makeMatch(ava) }),
    });
    await cardNamed('Ava, 27');
    await user.click(screen.getByRole('button', { name: 'Like' }));
    await user.click(await screen.findByRole('button', { name: 'Keep Swiping' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await cardNamed('Bianca, 30')).toBeInTheDocument();
  });

  it('keeps the card and says why when a swipe fails', async () => {
    const ava = makeMemberCard({ name: 'Ava' });
    let attempt = 0;
    const { user } = renderDeck({
      [FEED]: { body: page([ava, makeMemberCard({ name: 'Bianca' })]) },
      [SWIPES]: () => {
        attempt += 1;
        return attempt === 1
          ? apiError(500, 'INTERNAL', 'Something went wrong. Please try again.')
          : apiError(
              403,
              'SUBSCRIPTION_INACTIVE',
              'Your subscription is not active. Renew your subscription to swipe.',
            );
      },
    });
    await cardNamed('Ava, 27');

    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByText('Failed to record action. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(screen.getByRole('article', { name: 'Ava, 27' })).toHaveAttribute('data-top-card');

    await user.click(screen.getByRole('button', { name: 'Pass' }));
    expect(
      await screen.findByText('Your subscription is not active. Renew your subscription to swipe.'),
    ).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(screen.getByRole('article', { name: 'Ava, 27' })).toBeInTheDocument();
  });

  it("opens 'Upgrade Required' on a locked card instead of liking, and lets it be passed", async () => {
    const locked = makeLockedCard({ tier_level: 3, required_tier: 3, age: 31 });
    const { api, user } = renderDeck(
      { [FEED]: { body: page([locked, makeMemberCard({ name: 'Bianca', age: 30 })]) }, [SWIPES]: swipeOk() },
      makeMe({ tier_level: 1 }),
    );
    const card = await cardNamed('Locked 31-year-old member');
    expect(within(card).queryByText('Ava')).not.toBeInTheDocument();
    expect(card.querySelector('[data-tier="3"]')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Like' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Required' });
    expect(dialog).toHaveTextContent('Upgrade to Tier 3 or higher to interact with this profile');
    expect(within(dialog).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // A tap on the card itself, and a drag to the right, open it too.
    await user.click(within(card).getByRole('button', { name: /^Locked profile/ }));
    expect(await screen.findByRole('dialog', { name: 'Upgrade Required' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    const pointer = { pointerId: 2, isPrimary: true, button: 0 };
    fireEvent.pointerDown(card, { ...pointer, clientX: 100, clientY: 300 });
    fireEvent.pointerMove(card, { ...pointer, clientX: 250, clientY: 300 });
    fireEvent.pointerUp(card, { ...pointer, clientX: 250, clientY: 300 });
    expect(await screen.findByRole('dialog', { name: 'Upgrade Required' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(api.callsTo(SWIPES)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Pass' }));
    expect(await screen.findByText('Not Interested')).toBeInTheDocument();
    expect(api.callsTo(SWIPES).map((call) => call.body)).toEqual([
      { target_id: locked.id, direction: 'left' },
    ]);
    expect(await cardNamed('Bianca, 30')).toBeInTheDocument();
  });

  it('shows the upgrade message instead of swiping for a member who cannot swipe', async () => {
    const { api, user } = renderDeck(
      { [FEED]: { body: page([makeMemberCard({ name: 'Ava' })]) } },
      makeMe({ tier_level: 0 }),
    );
    await cardNamed('Ava, 27');

    await user.click(screen.getByRole('button', { name: 'Super Like' }));

    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Required' });
    expect(dialog).toHaveTextContent('Upgrade to Basic Access or higher to swipe');
    expect(within(dialog).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription');
    expect(api.callsTo(SWIPES)).toHaveLength(0);
    expect(screen.getByRole('article', { name: 'Ava, 27', hidden: true })).toBeInTheDocument();
  });

  it("shows 'No More Profiles' at the end; Start Over resets the passes and loads from the start", async () => {
    const ava = makeMemberCard({ name: 'Ava' });
    let feedCalls = 0;
    const { api, user } = renderDeck({
      [FEED]: () => {
        feedCalls += 1;
        return { body: page(feedCalls === 1 ? [] : [ava]) };
      },
      'POST /api/discovery/reset': { body: { cleared: 4 } },
    });

    expect(await screen.findByRole('heading', { name: 'No More Profiles' })).toBeInTheDocument();
    expect(screen.getByText("You've seen all available profiles in your tier range.")).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start Over' }));

    expect(await cardNamed('Ava, 27')).toBeInTheDocument();
    expect(api.callsTo('POST /api/discovery/reset')).toHaveLength(1);
    expect(api.callsTo(FEED)).toHaveLength(2);
  });

  it("shows 'Error loading profiles' with the message, and Try Again loads the feed", async () => {
    let feedCalls = 0;
    const { user } = renderDeck({
      [FEED]: () => {
        feedCalls += 1;
        return feedCalls === 1
          ? apiError(503, 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable. Please try again.')
          : { body: page([makeMemberCard({ name: 'Ava' })]) };
      },
    });

    expect(await screen.findByRole('heading', { name: 'Error loading profiles' })).toBeInTheDocument();
    expect(screen.getByText('Service temporarily unavailable. Please try again.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await cardNamed('Ava, 27')).toBeInTheDocument();
  });

  it('shows Error loading profiles with Try Again within 5 s when the feed does not answer', async () => {
    expect(FEED_TIMEOUT_MS).toBeLessThan(5_000);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mockApi({ [ALLOWANCE]: allowance() });
      const routed = globalThis.fetch;
      // A feed request that stalls, as over a dead connection: it ends only when aborted.
      vi.stubGlobal(
        'fetch',
        vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
          String(input).startsWith('/api/discovery/feed')
            ? new Promise<Response>((_, reject) =>
                init?.signal?.addEventListener('abort', () =>
                  reject(new DOMException('Aborted', 'AbortError')),
                ),
              )
            : routed(input, init),
        ),
      );
      renderSignedIn(<DiscoveryScreen />, { me: makeMe() });
      expect(await screen.findByText('Loading profiles...')).toBeInTheDocument();

      await vi.advanceTimersByTimeAsync(FEED_TIMEOUT_MS);
      expect(await screen.findByRole('heading', { name: 'Error loading profiles' })).toBeInTheDocument();
      expect(screen.getByText(SLOW_REPLY_MESSAGE)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('fetches the next page when five cards are left', async () => {
    const first = Array.from({ length: 6 }, (_, i) => makeMemberCard({ name: `Member ${i}` }));
    const second = [makeMemberCard({ name: 'Zoe' })];
    let feedCalls = 0;
    const { api, user } = renderDeck({
      [FEED]: () => {
        feedCalls += 1;
        return { body: feedCalls === 1 ? page(first, 'cursor-2') : page(second) };
      },
      [SWIPES]: swipeOk(),
    });
    await cardNamed('Member 0, 27');
    expect(api.callsTo(FEED)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Pass' }));

    await waitFor(() => expect(api.callsTo(FEED)).toHaveLength(2));
    const urls = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
    expect(urls).toContain('/api/discovery/feed?cursor=cursor-2');
  });

  it('moves through photos with taps on the right and left thirds, wrapping around', async () => {
    renderDeck({ [FEED]: { body: page([makeMemberCard({ name: 'Ava' })]) } });
    const card = await cardNamed('Ava, 27');
    const zone = (name: string) => card.querySelector(`[data-zone="${name}"]`) as HTMLElement;

    expect(within(card).getByAltText("Ava's photo 1 of 2")).toBeInTheDocument();
    fireEvent.click(zone('next'), { clientX: 300, clientY: 200 });
    expect(await within(card).findByAltText("Ava's photo 2 of 2")).toBeInTheDocument();
    fireEvent.click(zone('next'), { clientX: 300, clientY: 200 });
    expect(await within(card).findByAltText("Ava's photo 1 of 2")).toBeInTheDocument();
    fireEvent.click(zone('prev'), { clientX: 20, clientY: 200 });
    expect(await within(card).findByAltText("Ava's photo 2 of 2")).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Next photo' }));
    expect(within(card).getByAltText("Ava's photo 1 of 2")).toBeInTheDocument();
  });

  it('zooms the photo on a double tap and back on another', async () => {
    renderDeck({ [FEED]: { body: page([makeMemberCard({ name: 'Ava' })]) } });
    const card = await cardNamed('Ava, 27');
    const middle = card.querySelector('[data-zone="middle"]') as HTMLElement;

    fireEvent.click(middle, { clientX: 150, clientY: 200 });
    fireEvent.click(middle, { clientX: 152, clientY: 201 });
    expect(within(card).getByAltText("Ava's photo 1 of 2").style.transform).toBe('scale(2)');

    fireEvent.click(middle, { clientX: 150, clientY: 200 });
    fireEvent.click(middle, { clientX: 150, clientY: 200 });
    expect(within(card).getByAltText("Ava's photo 1 of 2").style.transform).toBe('');
  });

  it('keeps the loading text while the feed is on its way', async () => {
    renderDeck({ [FEED]: never });
    expect(await screen.findByText('Loading profiles...')).toBeInTheDocument();
  });

  describe('the details beside the deck (desktop)', () => {
    const details = () => screen.queryByRole('complementary', { name: 'Profile details' });

    it('holds their place while the feed loads, then shows the card on top', async () => {
      let release: (reply: { body: FeedPage }) => void = () => {};
      renderDeck({ [FEED]: () => new Promise((resolve) => (release = resolve)) });
      await screen.findByText('Loading profiles...');
      expect(details()).not.toBeNull();
      expect(details()?.querySelector('.skeleton')).not.toBeNull();

      release({ body: page([makeMemberCard({ name: 'Ava', bio: 'Gallery openings and late dinners.' })]) });
      await cardNamed('Ava, 27');
      expect(details()).toHaveTextContent('Gallery openings and late dinners.');
      expect(details()?.querySelector('.skeleton')).toBeNull();
    });

    it('shows the answered prompts of the card on top', async () => {
      const prompts = [{ prompt: 'best_trip' as const, answer: 'Kyoto in the rain.' }];
      renderDeck({ [FEED]: { body: page([makeMemberCard({ name: 'Ava', prompts })]) } });
      await cardNamed('Ava, 27');
      expect(details()).toHaveTextContent('The best trip I have takenKyoto in the rain.');
    });

    it('adds what the card cannot show, and repeats neither the name and age nor the place and distance', async () => {
      const ava = makeMemberCard({
        name: 'Ava',
        age: 27,
        city: 'Miami',
        state: 'FL',
        distance_miles: 5,
        verified_since: '2026-03',
        lifestyle_tags: ['art_galleries', 'yachts'],
      });
      renderDeck({ [FEED]: { body: page([ava]) } });
      await cardNamed('Ava, 27');
      const panel = details() as HTMLElement;
      expect(within(panel).getByRole('heading', { name: 'About Ava', level: 2 })).toBeInTheDocument();
      expect(panel).toHaveTextContent('ID verified since March 2026');
      expect(within(panel).getByText('Art Galleries')).toBeInTheDocument();
      expect(within(panel).getByText('Yachts')).toBeInTheDocument();
      expect(panel).not.toHaveTextContent('Ava, 27');
      expect(panel).not.toHaveTextContent('Miami, FL');
      expect(panel).not.toHaveTextContent('5 miles away');
      expect(panel.querySelector('[data-tier]')).toBeNull();
    });

    it('says nothing of verification for an unverified member, and shows no thumbnails for one photo', async () => {
      const bo = makeMemberCard({ name: 'Bo', verified: false, verified_since: null });
      renderDeck({ [FEED]: { body: page([{ ...bo, photos: bo.photos.slice(0, 1) }]) } });
      await cardNamed(/Bo/);
      const panel = details() as HTMLElement;
      expect(panel).not.toHaveTextContent(/verified/i);
      expect(within(panel).queryByRole('button', { name: /photo/ })).toBeNull();
    });

    it("shows a thumbnail's photo on the card, and marks the thumbnail of the card's photo", async () => {
      const ava = makeMemberCard({ name: 'Ava' });
      renderDeck({ [FEED]: { body: page([ava, makeMemberCard({ name: 'Bianca' })]) } });
      const card = await cardNamed('Ava, 27');
      const panel = details() as HTMLElement;
      const thumb = (n: number) =>
        within(panel).getByRole('button', { name: `Show Ava's photo ${n} of 2 on the card` });
      expect(thumb(1)).toHaveAttribute('aria-pressed', 'true');
      expect(thumb(2)).toHaveAttribute('aria-pressed', 'false');

      fireEvent.click(thumb(2));
      expect(within(card).getByAltText("Ava's photo 2 of 2")).toBeInTheDocument();
      expect(thumb(2)).toHaveAttribute('aria-pressed', 'true');

      // The card's own arrow moves on from there, and the panel follows.
      fireEvent.click(within(card).getByRole('button', { name: 'Next photo' }));
      expect(within(card).getByAltText("Ava's photo 1 of 2")).toBeInTheDocument();
      expect(thumb(1)).toHaveAttribute('aria-pressed', 'true');
    });

    it("measures the card against the viewer's own preferences", async () => {
      const me = makeMe({
        preferences: {
          ...makeMe().preferences,
          age_range: [25, 35],
          distance_preference: 10,
          looking_for: 'long_term',
        },
        lifestyle_tags: ['travel', 'yoga'],
      });
      const ava = makeMemberCard({
        name: 'Ava',
        age: 27,
        distance_miles: 40,
        looking_for: 'short_term',
        lifestyle_tags: ['yoga', 'theater'],
      });
      renderDeck({ [FEED]: { body: page([ava]) } }, me);
      await cardNamed('Ava, 27');
      const panel = details() as HTMLElement;
      expect(panel).toHaveTextContent('Fits 2 of your 4 preferences');
      const points = within(panel).getByRole('list', { name: 'How they fit your preferences' });
      expect(
        within(points)
          .getAllByRole('listitem')
          .map((item) => [item.dataset.fits, item.textContent]),
      ).toEqual([
        ['true', 'Fits:In your age range (25–35)'],
        ['false', 'Does not fit:Beyond your 10 miles'],
        ['false', 'Does not fit:Looking for Short-term; you chose Long-term'],
        ['true', 'Fits:1 interest in common: Yoga'],
      ]);
    });

    it("offers the next tier beside 'No More Profiles', and is left out at the top tier", async () => {
      const view = renderDeck({ [FEED]: { body: page([]) } }, makeMe({ tier_level: 2 }));
      await screen.findByRole('heading', { name: 'No More Profiles' });
      expect(details()).toHaveTextContent(
        'Chemistry Tier members are shown to Chemistry Tier and above. Upgrade to see them too.',
      );
      view.unmount();

      renderDeck({ [FEED]: { body: page([]) } }, makeMe({ tier_level: 4 }));
      await screen.findByRole('heading', { name: 'No More Profiles' });
      expect(details()).toBeNull();
    });
  });

  describe('super likes and message tokens', () => {
    it('shows what is left today beside the super like button', async () => {
      renderDeck({
        [FEED]: { body: page([makeMemberCard({ name: 'Ava' })]) },
        [ALLOWANCE]: allowance({ super_likes_left_today: 0, super_like_tokens: 7 }),
      });
      await cardNamed('Ava, 27');
      expect(await screen.findByTestId('super-likes-left')).toHaveTextContent(
        'Super likes left today: 0 · 7 tokens',
      );
    });

    it('offers the Super Likes Pack instead of posting when nothing is left', async () => {
      const { api, user } = renderDeck({
        [FEED]: { body: page([makeMemberCard({ name: 'Ava' })]) },
        [ALLOWANCE]: allowance({ super_likes_left_today: 0, super_like_tokens: 0 }),
        [SWIPES]: swipeOk(),
      });
      await cardNamed('Ava, 27');
      await screen.findByText('Super likes left today: 0');
      await user.click(screen.getByRole('button', { name: 'Super Like' }));
      const dialog = await screen.findByRole('dialog', { name: 'No Super Likes Left' });
      expect(dialog).toHaveTextContent(
        "You've used today's super likes. Get a Super Likes Pack for 10 more.",
      );
      expect(within(dialog).getByRole('link', { name: 'Get a Super Likes Pack' })).toHaveAttribute(
        'href',
        '/subscription?tab=boosts',
      );
      expect(api.callsTo(SWIPES)).toHaveLength(0);
    });

    it('opens the same offer when the server refuses (the last one went elsewhere), and keeps the card', async () => {
      const { api, user } = renderDeck({
        [FEED]: { body: page([makeMemberCard({ name: 'Ava' })]) },
        [SWIPES]: apiError(
          403,
          'SUPER_LIKE_LIMIT',
          "You've used today's super likes. Get a Super Likes Pack for 10 more.",
        ),
      });
      await cardNamed('Ava, 27');
      await screen.findByText('Super likes left today: 1');
      await user.click(screen.getByRole('button', { name: 'Super Like' }));
      expect(await screen.findByRole('dialog', { name: 'No Super Likes Left' })).toBeInTheDocument();
      expect(api.callsTo(SWIPES)).toHaveLength(1);
      // The counts are asked for again.
      await waitFor(() => expect(api.callsTo(ALLOWANCE).length).toBeGreaterThan(1));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(screen.getByRole('article', { name: 'Ava, 27' })).toHaveAttribute('data-top-card');
    });

    it('lets a locked card be liked with a message token, and offers Upgrade to its plan either way', async () => {
      const locked = makeLockedCard({ tier_level: 3, required_tier: 3, age: 31 });
      const { api, user } = renderDeck({
        [FEED]: { body: page([locked, makeMemberCard({ name: 'Bianca', age: 30 })]) },
        [ALLOWANCE]: allowance({ message_tokens: 2 }),
        [SWIPES]: swipeOk(),
      });
      const card = await cardNamed('Locked 31-year-old member');
      expect(within(card).getByRole('link', { name: 'Upgrade to Chemistry Tier' })).toHaveAttribute(
        'href',
        '/subscription',
      );
      await user.click(
        await within(card).findByRole('button', { name: 'Like with a message token (2 left)' }),
      );
      expect(await screen.findByText('Liked!')).toBeInTheDocument();
      expect(api.callsTo(SWIPES).map((call) => call.body)).toEqual([
        { target_id: locked.id, direction: 'right', use_message_token: true },
      ]);
    });

    it('offers no token like without tokens; the Upgrade dialog offers it when there are some', async () => {
      const locked = makeLockedCard({ tier_level: 3, required_tier: 3, age: 31 });
      renderDeck({ [FEED]: { body: page([locked]) } });
      const card = await cardNamed('Locked 31-year-old member');
      await screen.findByTestId('super-likes-left');
      expect(within(card).queryByRole('button', { name: /message token/ })).not.toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'Upgrade to Chemistry Tier' })).toBeInTheDocument();
    });

    it('the Upgrade dialog of a locked card carries the token like too', async () => {
      const locked = makeLockedCard({ tier_level: 4, required_tier: 4, age: 29 });
      const { api, user } = renderDeck({
        [FEED]: { body: page([locked]) },
        [ALLOWANCE]: allowance({ message_tokens: 1 }),
        [SWIPES]: swipeOk(),
      });
      await cardNamed('Locked 29-year-old member');
      await screen.findByTestId('super-likes-left');
      await user.click(screen.getByRole('button', { name: 'Like' }));
      const dialog = await screen.findByRole('dialog', { name: 'Upgrade Required' });
      await user.click(within(dialog).getByRole('button', { name: 'Like with a message token (1 left)' }));
      expect(await screen.findByText('Liked!')).toBeInTheDocument();
      expect(api.callsTo(SWIPES)[0]?.body).toEqual({
        target_id: locked.id,
        direction: 'right',
        use_message_token: true,
      });
    });
  });
});
