import { COMPOSER_VERIFY_HINT_TEXT, type MatchListItem, type Me } from '@royal/shared';
import { apiError, mockApi, noDatePlans } from '@test/fetch-mock';
import { makeMatchListItem, makeMe, makeMemberCard } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_NOT_FOUND_TEXT } from './conversation-pane';
import { MessagesScreen } from './messages-screen';

// The screen's panes and its URL (decision 042): which chat /messages/:matchId opens, what the
// history does as the member moves between the list and chats, and the way back on phones. The
// layout itself (side by side from lg, one at a time below) is CSS, seen in the screens run.

const AVA_ID = '0a0a0a0a-1111-4222-8333-444455556666';
const BIANCA_ID = '0b0b0b0b-1111-4222-8333-444455556666';
/** A match id of another member's: the server answers 404 for it, as for one that does not exist. */
const STRANGERS_ID = '0d0d0d0d-1111-4222-8333-444455556666';

const matchWith = (id: string, name: string): MatchListItem =>
  makeMatchListItem({ id, member: makeMemberCard({ name }) });

const EMPTY_CHAT = { body: { items: [], older_cursor: null } };

function renderPanes(path: string, me: Me = makeMe({ tier_level: 2 })) {
  const api = mockApi({
    'GET /api/matches': {
      body: { items: [matchWith(AVA_ID, 'Ava'), matchWith(BIANCA_ID, 'Bianca')], next_cursor: null },
    },
    [`GET /api/matches/${AVA_ID}/messages`]: EMPTY_CHAT,
    [`GET /api/matches/${BIANCA_ID}/messages`]: EMPTY_CHAT,
    ...noDatePlans(AVA_ID, BIANCA_ID),
    [`GET /api/matches/${STRANGERS_ID}`]: apiError(404, 'NOT_FOUND', 'Match not found'),
  });
  return { ...renderSignedIn(<MessagesScreen />, { me, path }), api };
}

/** The screen's width: side by side from lg (1024 px), one pane at a time below; a mouse on desktops. */
function screenIs(width: 'phone' | 'desktop') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width === 'desktop',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const row = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

describe('Messages panes and the chat URL', () => {
  it('opens a chat from the list at its own URL, a history entry per chat, and back returns to the list', async () => {
    screenIs('phone');
    const { user, router } = renderPanes('/messages');
    expect(await screen.findByRole('heading', { name: 'Select a conversation' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: /^Ava/ }));
    expect(router.state.location.pathname).toBe(`/messages/${AVA_ID}`);
    expect(router.state.historyAction).toBe('PUSH');
    const chat = await screen.findByRole('region', { name: /Ava/ });
    expect(row('Ava')).toHaveAttribute('aria-current', 'true');
    // On a touch screen the member's name takes the focus, not the box (no keyboard raised yet).
    await waitFor(() => expect(within(chat).getByRole('heading', { name: /Ava/ })).toHaveFocus());

    // Another chat is another entry: the browser's back returns to the one before.
    await user.click(row('Bianca'));
    expect(await screen.findByRole('region', { name: /Bianca/ })).toBeInTheDocument();
    expect(row('Ava')).not.toHaveAttribute('aria-current');
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe(`/messages/${AVA_ID}`);
    expect(await screen.findByRole('region', { name: /Ava/ })).toBeInTheDocument();

    // Back to messages goes back to the list's own entry (not a new one), the focus on the chat's row.
    await user.click(screen.getByRole('button', { name: 'Back to messages' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(router.state.historyAction).toBe('POP');
    expect(screen.queryByRole('region', { name: /Ava/ })).toBeNull();
    await waitFor(() => expect(row('Ava')).toHaveFocus());
  });

  it('goes back to the list from every chat opened in a row, in one step', async () => {
    screenIs('desktop');
    const { user, router } = renderPanes('/messages');
    await user.click(await screen.findByRole('button', { name: /^Ava/ }));
    await user.click(row('Bianca'));
    await screen.findByRole('region', { name: /Bianca/ });
    // Opening the open chat again adds no entry.
    await user.click(row('Bianca'));

    await user.click(screen.getByRole('button', { name: 'Back to messages' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(router.state.historyAction).toBe('POP');
    // Back two entries, to the list's own: forward from it is the first chat opened.
    await router.navigate(1);
    expect(router.state.location.pathname).toBe(`/messages/${AVA_ID}`);
  });

  it('opens a chat reached by link ready to type with a mouse, and leaving it replaces it with the list', async () => {
    screenIs('desktop');
    const { user, router } = renderPanes(`/messages/${BIANCA_ID}`);
    const chat = await screen.findByRole('region', { name: /Bianca/ });
    await waitFor(() => expect(within(chat).getByRole('textbox', { name: 'Message Bianca' })).toHaveFocus());

    await user.click(within(chat).getByRole('button', { name: 'Back to messages' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    // Replaced: a back from the list would otherwise reopen the chat, or leave the app.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('returns to the list on Escape on a phone, and keeps the chat on a desktop, where the list is beside it', async () => {
    screenIs('desktop');
    const { user, router } = renderPanes(`/messages/${AVA_ID}`);
    const box = await screen.findByRole('textbox', { name: 'Message Ava' });
    await waitFor(() => expect(box).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(router.state.location.pathname).toBe(`/messages/${AVA_ID}`);

    screenIs('phone');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(screen.queryByRole('region', { name: /Ava/ })).toBeNull();
  });

  it("shows another member's match as a chat not found, never asking for its messages", async () => {
    const { api } = renderPanes(`/messages/${STRANGERS_ID}`);
    const pane = await screen.findByRole('region', { name: 'Chat not found' });
    expect(within(pane).getByText(CHAT_NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(within(pane).getByRole('button', { name: 'Back to messages' })).toBeInTheDocument();
    expect(api.callsTo(`GET /api/matches/${STRANGERS_ID}`)).toHaveLength(1);
    expect(api.callsTo(`GET /api/matches/${STRANGERS_ID}/messages`)).toHaveLength(0);
    expect(screen.queryByRole('textbox', { name: /^Message / })).toBeNull();
  });

  it('shows the open chat as not found once the list read again drops it (a block), without asking for it', async () => {
    screenIs('desktop');
    let listed = [matchWith(AVA_ID, 'Ava'), matchWith(BIANCA_ID, 'Bianca')];
    const api = mockApi({
      'GET /api/matches': () => ({ body: { items: listed, next_cursor: null } }),
      [`GET /api/matches/${AVA_ID}/messages`]: EMPTY_CHAT,
      ...noDatePlans(AVA_ID),
      [`GET /api/matches/${AVA_ID}`]: apiError(404, 'NOT_FOUND', 'Match not found'),
    });
    const { queryClient } = renderSignedIn(<MessagesScreen />, {
      me: makeMe({ tier_level: 2 }),
      path: `/messages/${AVA_ID}`,
    });
    await screen.findByRole('region', { name: /Ava/ });

    listed = [matchWith(BIANCA_ID, 'Bianca')];
    await queryClient.invalidateQueries({ queryKey: ['matches'] });
    expect(await screen.findByRole('region', { name: 'Chat not found' })).toBeInTheDocument();
    expect(api.callsTo(`GET /api/matches/${AVA_ID}`)).toHaveLength(0);
  });

  it('shows a link that names no match as not found, without asking the server', async () => {
    const { api } = renderPanes('/messages/not-a-match');
    expect(await screen.findByRole('region', { name: 'Chat not found' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Your matches' });
    expect(api.callsTo('GET /api/matches/not-a-match')).toHaveLength(0);
  });

  it("opens a chat linked by a message notice's link (?match=) at the chat's own URL", async () => {
    const { router } = renderPanes(`/messages?match=${AVA_ID}`);
    expect(await screen.findByRole('region', { name: /Ava/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/messages/${AVA_ID}`);
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('opens a chat from the list for a restricted member too, at its own URL, with the composer closed', async () => {
    const { user, router } = renderPanes('/messages', makeMe({ tier_level: 1, verified: false }));
    await user.click(await screen.findByRole('button', { name: /^Ava/ }));
    const chat = await screen.findByRole('region', { name: /Ava/ });
    expect(router.state.location.pathname).toBe(`/messages/${AVA_ID}`);
    expect(within(chat).getByLabelText('Message Ava')).toBeDisabled();
    expect(within(chat).getByText(COMPOSER_VERIFY_HINT_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
