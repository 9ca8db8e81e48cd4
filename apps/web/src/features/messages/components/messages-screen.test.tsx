import {
  COMPOSER_OBSERVER_HINT_TEXT,
  COMPOSER_RENEW_HINT_TEXT,
  COMPOSER_RENEW_PLACEHOLDER_TEXT,
  COMPOSER_VERIFY_HINT_TEXT,
  COMPOSER_VERIFY_PLACEHOLDER_TEXT,
  type MatchListItem,
  MESSAGE_SEND_FAILED_TEXT,
  MESSAGE_TIER_REQUIRED_TEXT,
  MESSAGE_VERIFICATION_REQUIRED_TEXT,
  type Me,
  SWIPE_TIER_REQUIRED_TEXT,
} from '@royal/shared';
import { apiError, type MockRequest, mockApi, noDatePlans, SESSION, signedInAs } from '@test/fetch-mock';
import { makeMatchListItem, makeMe, makeMemberCard, makeSettings } from '@test/fixtures';
import { renderApp, renderSignedIn } from '@test/render';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHAT_GONE_TEXT } from './chat';
import { MessagesScreen } from './messages-screen';

const frame = {
  'GET /api/notifications': { body: { items: [], unread_count: 0 } },
  'GET /api/me/settings': { body: makeSettings() },
};

const MATCH_ID = '0a0a0a0a-1111-4222-8333-444455556666';
const MATCH: MatchListItem = makeMatchListItem({ id: MATCH_ID, member: makeMemberCard({ name: 'Ava' }) });
const CHAT = `/api/matches/${MATCH_ID}/messages`;

/** The Messages screen at `path`, with MATCH as the only match. */
function renderMessages(me: Me, path: string, routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/matches': { body: { items: [MATCH], next_cursor: null } },
    ...noDatePlans(MATCH_ID, '0b0b0b0b-1111-4222-8333-444455556666', '0c0c0c0c-1111-4222-8333-444455556666'),
    ...routes,
  });
  return { ...renderSignedIn(<MessagesScreen />, { me, path }), api };
}

describe('Messages screen', () => {
  it("says the match list failed to load, with the server's message and Try Again", async () => {
    mockApi({
      [SESSION]: signedInAs(makeMe()),
      'GET /api/matches': apiError(503, 'SERVICE_UNAVAILABLE', 'The service is briefly unavailable.'),
      ...frame,
    });
    renderApp('/messages');

    expect(await screen.findByText('Failed to load matches')).toBeInTheDocument();
    expect(screen.getByText('The service is briefly unavailable.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
  });

  it('offers an Observer the way out where the status says Restricted, and Upgrade, not swiping, when there are no matches', async () => {
    mockApi({ 'GET /api/matches': { body: { items: [], next_cursor: null } } });
    renderSignedIn(<MessagesScreen />, { me: makeMe({ tier_level: 0 }), path: '/messages' });

    const permissions = screen.getByRole('region', { name: 'Messaging Permissions' });
    expect(within(permissions).getByText('Restricted')).toBeInTheDocument();
    expect(within(permissions).getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      '/subscription',
    );

    expect(await screen.findByRole('heading', { name: 'No matches yet' })).toBeInTheDocument();
    expect(screen.getByText(SWIPE_TIER_REQUIRED_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start swiping' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Upgrade' })).toHaveLength(2);
  });

  it('offers an unverified Basic member Get Verified beside the status, and swiping when there are no matches', async () => {
    mockApi({ 'GET /api/matches': { body: { items: [], next_cursor: null } } });
    renderSignedIn(<MessagesScreen />, { me: makeMe({ tier_level: 1, verified: false }), path: '/messages' });

    const permissions = screen.getByRole('region', { name: 'Messaging Permissions' });
    expect(within(permissions).getByRole('link', { name: 'Get Verified' })).toHaveAttribute(
      'href',
      '/verify',
    );
    expect(await screen.findByRole('link', { name: 'Start swiping' })).toHaveAttribute('href', '/app');
  });

  // Spec part 2, Chat panel: a member who may not send still has their chats, to read, with the
  // composer closed by the spec's placeholder and hint, and the way forward beside them.
  describe('the chat of a member who may not send', () => {
    const FROM_AVA = {
      id: '0e0e0e0e-1111-4222-8333-444455556666',
      match_id: MATCH_ID,
      sender_id: MATCH.member.id,
      receiver_id: '0f0f0f0f-1111-4222-8333-444455556666',
      content: 'Dinner on Friday?',
      message_type: 'text',
      read: false,
      created_at: new Date(Date.now() - 60_000).toISOString(),
    };

    it.each([
      [
        'an Observer',
        makeMe({ tier_level: 0 }),
        MESSAGE_TIER_REQUIRED_TEXT,
        COMPOSER_OBSERVER_HINT_TEXT,
        ['Upgrade', '/subscription'],
      ],
      [
        'unverified at tier 1',
        makeMe({ tier_level: 1, verified: false }),
        COMPOSER_VERIFY_PLACEHOLDER_TEXT,
        COMPOSER_VERIFY_HINT_TEXT,
        ['Get Verified', '/verify'],
      ],
      [
        'with a lapsed subscription',
        makeMe({ tier_level: 2, tier_subscription_ends_at: new Date(Date.now() - 86_400_000).toISOString() }),
        COMPOSER_RENEW_PLACEHOLDER_TEXT,
        COMPOSER_RENEW_HINT_TEXT,
        ['Upgrade', '/subscription'],
      ],
    ] as const)(
      'opens for %s, who reads it and is shown why they cannot write and the way forward',
      async (_, me, placeholder, hint, [wayOut, href]) => {
        const { api } = renderMessages(me, `/messages/${MATCH_ID}`, {
          [`GET ${CHAT}`]: { body: { items: [FROM_AVA], older_cursor: null } },
          [`POST /api/matches/${MATCH_ID}/read`]: { body: { read_ids: [FROM_AVA.id] } },
        });
        const chat = await screen.findByRole('region', { name: /Ava/ });
        expect(await within(chat).findByText('Dinner on Friday?')).toBeInTheDocument();
        // Reading is open to every member: what arrived is marked read.
        await waitFor(() => expect(api.callsTo(`POST /api/matches/${MATCH_ID}/read`)).toHaveLength(1));

        const box = within(chat).getByLabelText('Message Ava');
        expect(box).toBeDisabled();
        expect(box).toHaveAttribute('placeholder', placeholder);
        expect(box).toHaveAccessibleDescription(hint);
        expect(within(chat).getByRole('button', { name: 'Send' })).toBeDisabled();
        expect(within(chat).getByRole('link', { name: wayOut })).toHaveAttribute('href', href);
        expect(within(chat).queryByText(/Enter sends/)).toBeNull();
        expect(screen.queryByRole('dialog')).toBeNull();
      },
    );

    it('says the reason once on the list screen, not again beside it', async () => {
      renderMessages(makeMe({ tier_level: 1, verified: false }), '/messages');
      await screen.findByRole('list', { name: 'Your matches' });
      expect(screen.getAllByText(MESSAGE_VERIFICATION_REQUIRED_TEXT)).toHaveLength(1);
      expect(screen.getAllByRole('link', { name: 'Get Verified' })).toHaveLength(1);
      expect(screen.getByRole('heading', { name: 'Select a conversation' })).toBeInTheDocument();
    });
  });

  it('keeps Send off for a draft that shows nothing: spaces, or zero-width characters alone', async () => {
    renderMessages(makeMe({ tier_level: 2 }), `/messages/${MATCH_ID}`, {
      [`GET ${CHAT}`]: { body: { items: [], older_cursor: null } },
    });
    const box = await screen.findByLabelText('Message Ava');
    const send = screen.getByRole('button', { name: 'Send' });
    for (const draft of ['   ', '\u200b\u200b', '\u2060\u3164']) {
      fireEvent.change(box, { target: { value: draft } });
      expect(send, JSON.stringify(draft)).toBeDisabled();
    }
    fireEvent.change(box, { target: { value: 'Hi' } });
    expect(send).toBeEnabled();
  });

  it('counts the draft near the limit, and says why a longer paste stopped at it', async () => {
    renderMessages(makeMe({ tier_level: 2 }), `/messages/${MATCH_ID}`, {
      [`GET ${CHAT}`]: { body: { items: [], older_cursor: null } },
    });
    const box = await screen.findByLabelText('Message Ava');
    fireEvent.change(box, { target: { value: 'x'.repeat(1_700) } });
    expect(screen.queryByText(/\/ 2,000/)).toBeNull();
    fireEvent.change(box, { target: { value: 'x'.repeat(1_850) } });
    expect(screen.getByText('1,850 / 2,000')).toBeInTheDocument();
    // Heard at a few points only, not on every key.
    expect(screen.getByText('200 characters left')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'x'.repeat(1_851) } });
    expect(screen.getByText('200 characters left')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'x'.repeat(2_000) } });
    expect(screen.getAllByText('Messages can be at most 2,000 characters')).toHaveLength(2);
    expect(box).toHaveAttribute('maxlength', '2000');
  });

  describe('a chat message that failed to send', () => {
    /** Opens the chat, sends "Hello" (which fails), edits the draft with `edit`, and sends again. */
    async function sendFailThenRetry(edit: string) {
      const sent: MockRequest[] = [];
      const { user } = renderMessages(makeMe({ tier_level: 2 }), `/messages/${MATCH_ID}`, {
        [`GET ${CHAT}`]: { body: { items: [], older_cursor: null } },
        [`POST ${CHAT}`]: (request) => {
          sent.push(request);
          return apiError(503, 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable.');
        },
      });
      const box = await screen.findByLabelText('Message Ava');
      await user.type(box, 'Hello');
      await user.click(screen.getByRole('button', { name: 'Send' }));
      expect(await screen.findByText(MESSAGE_SEND_FAILED_TEXT)).toBeInTheDocument();
      if (edit) await user.type(box, edit);
      await user.click(screen.getByRole('button', { name: 'Send' }));
      await waitFor(() => expect(sent).toHaveLength(2));
      return sent.map((request) => request.body as { id: string; content: string });
    }

    it('is retried unchanged under the same id, so the server writes it once', async () => {
      const [first, retry] = await sendFailThenRetry('');
      expect(retry).toEqual(first);
    });

    // Under the old id the server would answer with the stored original, dropping the edit.
    it('is sent as a new message (a new id) once the member edits it', async () => {
      const [first, retry] = await sendFailThenRetry(' there');
      expect(first?.content).toBe('Hello');
      expect(retry?.content).toBe('Hello there');
      expect(retry?.id).not.toBe(first?.id);
    });
  });

  // Decision 031: a block answers as a match that does not exist (404), like a deleted account.
  describe('a chat whose match is gone', () => {
    const MATCH_NOT_FOUND = apiError(404, 'NOT_FOUND', 'Match not found');

    it('says so when a send finds it gone, keeps the draft, and closes the composer', async () => {
      const { user, api } = renderMessages(makeMe({ tier_level: 2 }), `/messages/${MATCH_ID}`, {
        [`GET ${CHAT}`]: { body: { items: [], older_cursor: null } },
        [`POST ${CHAT}`]: MATCH_NOT_FOUND,
      });
      const box = await screen.findByLabelText('Message Ava');
      await user.type(box, 'Still on for Friday?');
      await user.click(screen.getByRole('button', { name: 'Send' }));

      expect(await screen.findByRole('alert')).toHaveTextContent(CHAT_GONE_TEXT);
      expect(screen.queryByText('Match not found')).toBeNull();
      expect(box).toHaveValue('Still on for Friday?');
      expect(box).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

      // Left, the list is read again (the server no longer lists the match).
      const listReads = api.callsTo('GET /api/matches').length;
      await user.click(screen.getByRole('button', { name: 'Back to messages' }));
      await waitFor(() => expect(api.callsTo('GET /api/matches')).toHaveLength(listReads + 1));
    });

    it('says so when its messages are not found, rather than offering Try Again', async () => {
      renderMessages(makeMe({ tier_level: 2 }), `/messages/${MATCH_ID}`, {
        [`GET ${CHAT}`]: MATCH_NOT_FOUND,
      });
      const chat = await screen.findByRole('region', { name: /Ava/ });
      expect(await within(chat).findByRole('alert')).toHaveTextContent(CHAT_GONE_TEXT);
      expect(within(chat).queryByText('Failed to load messages')).toBeNull();
      expect(within(chat).queryByRole('button', { name: 'Try Again' })).toBeNull();
      expect(within(chat).getByLabelText('Message Ava')).toBeDisabled();
    });
  });

  it("shows the match's face square in the list and the chat header, never a photo", async () => {
    const { user } = renderMessages(makeMe({ tier_level: 2 }), '/messages', {
      [`GET ${CHAT}`]: { body: { items: [], older_cursor: null } },
    });
    const face = MATCH.member.avatar;
    expect(face).toMatch(/\?size=face$/);
    expect(await screen.findByRole('img', { name: 'Ava' })).toHaveAttribute('src', face);
    await user.click(screen.getByRole('button', { name: /Ava/ }));
    const chat = await screen.findByRole('region', { name: /Ava/ });
    expect(within(chat).getByRole('img', { name: 'Ava' })).toHaveAttribute('src', face);
  });

  it('loads older matches with Load more, and opens a chat by link beyond the pages loaded', async () => {
    const OLDER_ID = '0b0b0b0b-1111-4222-8333-444455556666';
    const LINKED_ID = '0c0c0c0c-1111-4222-8333-444455556666';
    const older = { ...MATCH, id: OLDER_ID, member: makeMemberCard({ name: 'Bianca' }) };
    const linked = { ...MATCH, id: LINKED_ID, member: makeMemberCard({ name: 'Chiara' }) };
    const { user, api } = renderMessages(makeMe({ tier_level: 2 }), `/messages/${LINKED_ID}`, {
      'GET /api/matches': (request: MockRequest) =>
        request.query === ''
          ? { body: { items: [MATCH], next_cursor: 'page-2' } }
          : { body: { items: [older], next_cursor: null } },
      [`GET /api/matches/${LINKED_ID}`]: { body: linked },
      [`GET /api/matches/${LINKED_ID}/messages`]: { body: { items: [], older_cursor: null } },
      [`POST /api/matches/${LINKED_ID}/read`]: { body: { read_ids: [] } },
    });
    // The linked match is fetched on its own and its chat opens.
    expect(await screen.findByRole('region', { name: /Chiara/ })).toBeInTheDocument();
    expect(api.callsTo(`GET /api/matches/${LINKED_ID}`)).toHaveLength(1);

    const list = await screen.findByRole('list', { name: 'Your matches' });
    expect(within(list).queryByText('Bianca')).toBeNull();
    await user.click(within(list).getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Bianca')).toBeInTheDocument();
    expect(api.callsTo('GET /api/matches').map((r) => r.query)).toEqual(['', 'cursor=page-2']);
    expect(within(list).queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
