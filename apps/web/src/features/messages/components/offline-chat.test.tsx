import {
  type MatchListItem,
  MESSAGE_RATE_LIMITED_TEXT,
  type Me,
  type Message,
  type SendMessageBody,
} from '@royal/shared';
import { onlineManager } from '@tanstack/react-query';
import { fakeRealtimeClient } from '@test/fake-realtime';
import {
  apiError,
  type MockReply,
  type MockRequest,
  mockApi,
  noDatePlans,
  SESSION,
  signedInAs,
} from '@test/fetch-mock';
import { makeMatchListItem, makeMe, makeMemberCard } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import type { RealtimeClient } from '@/lib/realtime';
import { RealtimeProvider } from '@/lib/realtime-context';
import { upsertChatMessage } from '../api/chat';
import { OUTBOX_FULL_TEXT, OUTBOX_MAX } from '../api/outbox';
import { MessagesScreen } from './messages-screen';
import {
  NOT_SENT_TEXT,
  OFFLINE_NOTE_TEXT,
  WAITING_FOR_CONNECTION_TEXT,
  WAITING_TO_SEND_TEXT,
} from './outbox-bubble';

// Issue 40: messages written without a connection wait on the device, shown in the conversation
// with their state, and go out in order when it returns.

const MATCH_ID = '0a0a0a0a-1111-4222-8333-444455556666';
const MATCH: MatchListItem = makeMatchListItem({ id: MATCH_ID, member: makeMemberCard({ name: 'Ava' }) });
const CHAT = `/api/matches/${MATCH_ID}/messages`;
const SEND = `POST ${CHAT}`;

/** The browser's network, as navigator.onLine and the window's online/offline events tell it. */
function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

/** The message as the server stores and returns it. */
const stored = (me: Me, body: SendMessageBody): Message => ({
  id: body.id,
  match_id: MATCH_ID,
  sender_id: me.id,
  receiver_id: MATCH.member.id,
  content: body.content.trim(),
  message_type: 'text',
  read: false,
  created_at: new Date().toISOString(),
});

/** How the test's server answers a send (the `count`th): by default, written (201). */
type SendAnswer = (request: MockRequest, count: number) => MockReply | Promise<MockReply>;

/**
 * The open chat with Ava, signed in as `me`, against a server that keeps what it is sent: reads of
 * the chat answer what it held when they began, `readDelayMs` later. Sends are answered by `send`
 * after a moment and recorded, with the most that were under way at once.
 */
function renderChat(
  me: Me,
  {
    send,
    realtime,
    readDelayMs = 0,
  }: { send?: SendAnswer; realtime?: RealtimeClient; readDelayMs?: number } = {},
) {
  const sends: SendMessageBody[] = [];
  const held: Message[] = [];
  let underWay = 0;
  let mostAtOnce = 0;
  const api = mockApi({
    // Read again when the live channel finds a gap it cannot fill.
    [SESSION]: signedInAs(me),
    'GET /api/matches': { body: { items: [MATCH], next_cursor: null } },
    [`GET ${CHAT}`]: async () => {
      const items = [...held];
      await new Promise((resolve) => setTimeout(resolve, readDelayMs));
      return { body: { items, older_cursor: null } };
    },
    ...noDatePlans(MATCH_ID),
    [SEND]: async (request) => {
      const body = request.body as SendMessageBody;
      sends.push(body);
      underWay += 1;
      mostAtOnce = Math.max(mostAtOnce, underWay);
      await new Promise((resolve) => setTimeout(resolve, 5));
      underWay -= 1;
      const reply = send ? await send(request, sends.length) : { status: 201, body: stored(me, body) };
      if ((reply.status ?? 200) < 300 && !held.some((m) => m.id === body.id))
        held.push(reply.body as Message);
      return reply;
    },
  });
  const screenUi = realtime ? (
    <RealtimeProvider client={realtime}>
      <MessagesScreen />
    </RealtimeProvider>
  ) : (
    <MessagesScreen />
  );
  const view = renderSignedIn(screenUi, { me, path: `/messages/${MATCH_ID}` });
  return { ...view, api, sends, mostAtOnce: () => mostAtOnce };
}

const conversation = () => screen.getByRole('log', { name: 'Conversation' });
/** Each line of the conversation: its text and its state, in order. */
const lines = () =>
  within(conversation())
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const storedOutbox = (me: Me) =>
  JSON.parse(localStorage.getItem(`rc.chat-outbox.${me.id}`) ?? '[]') as { id: string; content: string }[];

async function write(user: ReturnType<typeof renderChat>['user'], text: string) {
  await user.type(screen.getByLabelText('Message Ava'), `${text}{Enter}`);
}

describe('a chat without a connection', () => {
  // The query library remembers the last online/offline event for the whole file.
  afterEach(() => onlineManager.setOnline(true));

  it('keeps what is written offline in order, waiting, and sends it in that order once back online', async () => {
    const me = makeMe({ tier_level: 2 });
    const { user, sends, mostAtOnce } = renderChat(me);
    const box = await screen.findByLabelText('Message Ava');
    setOnline(false);
    expect(screen.getByText(OFFLINE_NOTE_TEXT)).toHaveAttribute('role', 'status');
    // The composer stays usable offline.
    expect(box).toBeEnabled();

    await write(user, 'Good evening');
    await write(user, 'Dinner on Friday?');
    expect(box).toHaveValue('');
    expect(lines()).toEqual([
      `Good evening${WAITING_FOR_CONNECTION_TEXT}`,
      `Dinner on Friday?${WAITING_FOR_CONNECTION_TEXT}`,
    ]);
    expect(sends).toEqual([]);
    const queued = storedOutbox(me);

    setOnline(true);
    expect(screen.queryByText(OFFLINE_NOTE_TEXT)).toBeNull();
    await waitFor(() => expect(within(conversation()).getAllByText('Sent')).toHaveLength(2));
    expect(lines().map((line) => line?.replace(/(Sent)$/, ''))).toEqual([
      expect.stringMatching(/^Good evening/),
      expect.stringMatching(/^Dinner on Friday\?/),
    ]);
    // In the order written, one after the other, each under the id it was given when written.
    expect(sends).toEqual(queued.map(({ id, content }) => ({ id, content })));
    expect(mostAtOnce()).toBe(1);
    expect(within(conversation()).queryByText(WAITING_FOR_CONNECTION_TEXT)).toBeNull();
    expect(localStorage.getItem(`rc.chat-outbox.${me.id}`)).toBeNull();
  });

  it('keeps a message whose send found no network, under its id, and sends it when the browser is back', async () => {
    const me = makeMe({ tier_level: 2 });
    const { user, sends } = renderChat(me, {
      send: (request, count) =>
        count === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : { status: 201, body: stored(me, request.body as SendMessageBody) },
    });
    await screen.findByLabelText('Message Ava');
    await write(user, 'Are you there?');
    expect(await within(conversation()).findByText(WAITING_FOR_CONNECTION_TEXT)).toBeInTheDocument();
    expect(screen.getByLabelText('Message Ava')).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();

    setOnline(true);
    expect(await within(conversation()).findByText('Sent')).toBeInTheDocument();
    expect(sends).toHaveLength(2);
    expect(sends[1]).toEqual(sends[0]);
  });

  it('shows a message the server refused as Not sent with its reason, the next one held behind it, and Retry sends both', async () => {
    const me = makeMe({ tier_level: 2 });
    const { user, sends } = renderChat(me, {
      send: (request, count) =>
        count === 1
          ? apiError(429, 'RATE_LIMITED', MESSAGE_RATE_LIMITED_TEXT)
          : { status: 201, body: stored(me, request.body as SendMessageBody) },
    });
    await screen.findByLabelText('Message Ava');
    setOnline(false);
    await write(user, 'One');
    await write(user, 'Two');
    setOnline(true);

    expect(await within(conversation()).findByText(NOT_SENT_TEXT)).toBeInTheDocument();
    expect(within(conversation()).getByText(MESSAGE_RATE_LIMITED_TEXT)).toBeInTheDocument();
    expect(within(conversation()).getByText(WAITING_TO_SEND_TEXT)).toBeInTheDocument();
    expect(sends.map((body) => body.content)).toEqual(['One']);

    await user.click(within(conversation()).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(conversation()).getAllByText('Sent')).toHaveLength(2));
    expect(sends.map((body) => body.content)).toEqual(['One', 'One', 'Two']);
    expect(sends[1]?.id).toBe(sends[0]?.id);
    expect(within(conversation()).queryByText(MESSAGE_RATE_LIMITED_TEXT)).toBeNull();
  });

  it('shows a message once when the server answers its id as already sent', async () => {
    const me = makeMe({ tier_level: 2 });
    // The earlier try reached the server, whose reply was lost: the same id answers 200 with the stored copy.
    const { user, sends, queryClient } = renderChat(me, {
      send: (request) => ({ status: 200, body: stored(me, request.body as SendMessageBody) }),
    });
    await screen.findByLabelText('Message Ava');
    setOnline(false);
    await write(user, 'Only once');
    // Its live event arrives (as it does when the earlier try had reached the server) before the reply.
    const [queued] = storedOutbox(me);
    act(() => upsertChatMessage(queryClient, stored(me, { id: queued?.id ?? '', content: 'Only once' })));
    expect(await within(conversation()).findByText('Sent')).toBeInTheDocument();
    expect(within(conversation()).getAllByText('Only once')).toHaveLength(1);
    expect(within(conversation()).queryByText(WAITING_FOR_CONNECTION_TEXT)).toBeNull();

    setOnline(true);
    await waitFor(() => expect(sends).toHaveLength(1));
    await waitFor(() => expect(localStorage.getItem(`rc.chat-outbox.${me.id}`)).toBeNull());
    expect(within(conversation()).getAllByText('Only once')).toHaveLength(1);
    expect(within(conversation()).getByText('Sent')).toBeInTheDocument();
    expect(queryClient.getQueryData(queryKeys.chat(MATCH_ID))).toMatchObject({
      pages: [{ items: [expect.objectContaining({ content: 'Only once' })] }],
    });
  });

  it('sends what waits when the live channel joins again, though the browser never said it was offline', async () => {
    const me = makeMe({ tier_level: 2 });
    const { client, sockets } = fakeRealtimeClient();
    const { user, sends } = renderChat(me, {
      send: (request, count) =>
        count === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : { status: 201, body: stored(me, request.body as SendMessageBody) },
      realtime: client,
    });
    act(() => sockets[0]?.onopen?.());
    await screen.findByLabelText('Message Ava');
    await write(user, 'Through the tunnel');
    expect(await within(conversation()).findByText(WAITING_FOR_CONNECTION_TEXT)).toBeInTheDocument();
    expect(sends).toHaveLength(1);

    // The channel drops with the network and joins again when it returns (after its 1 s backoff).
    act(() => sockets[0]?.close());
    await waitFor(() => expect(sockets).toHaveLength(2));
    act(() => sockets[1]?.onopen?.());
    expect(await within(conversation()).findByText('Sent')).toBeInTheDocument();
    expect(sends).toHaveLength(2);
    expect(sends[1]).toEqual(sends[0]);
  });

  it('sends what waited on the device as soon as the app starts online', async () => {
    const me = makeMe({ tier_level: 2 });
    const waiting = {
      id: '0f0f0f0f-1111-4222-8333-444455556666',
      match_id: MATCH_ID,
      content: 'Written before the reload',
      written_at: new Date().toISOString(),
      unreached: true,
      refused: null,
    };
    localStorage.setItem(`rc.chat-outbox.${me.id}`, JSON.stringify([waiting]));
    // The chat's first read begins before the send is written, and answers after its reply.
    let chatReads = () => 0;
    const { sends, api } = renderChat(me, {
      readDelayMs: 50,
      send: async (request) => {
        await vi.waitFor(() => expect(chatReads()).toBe(1));
        return { status: 201, body: stored(me, request.body as SendMessageBody) };
      },
    });
    chatReads = () => api.callsTo(`GET ${CHAT}`).length;
    await waitFor(() => expect(sends).toEqual([{ id: waiting.id, content: waiting.content }]));
    expect(await within(await screen.findByRole('log')).findByText('Sent')).toBeInTheDocument();
    expect(within(conversation()).getAllByText(waiting.content)).toHaveLength(1);
  });

  it('keeps what waits through a reload (a new mount), then sends it', async () => {
    const me = makeMe({ tier_level: 2 });
    const first = renderChat(me);
    await screen.findByLabelText('Message Ava');
    setOnline(false);
    await write(first.user, 'Still here after a reload');
    first.unmount();

    // The app starts again with no network; its reads come from the browser's cache (here, the mocks).
    onlineManager.setOnline(true);
    const second = renderChat(me);
    expect(
      await within(await screen.findByRole('log')).findByText('Still here after a reload'),
    ).toBeInTheDocument();
    expect(within(conversation()).getByText(WAITING_FOR_CONNECTION_TEXT)).toBeInTheDocument();
    setOnline(true);
    expect(await within(conversation()).findByText('Sent')).toBeInTheDocument();
    expect(second.sends.map((body) => body.content)).toEqual(['Still here after a reload']);
  });

  it("never shows or sends another member's waiting messages on the same browser", async () => {
    const her = makeMe({ tier_level: 2 });
    const first = renderChat(her);
    await screen.findByLabelText('Message Ava');
    setOnline(false);
    await write(first.user, 'For her eyes only');
    first.unmount();

    // He signs in on the same browser, online.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    onlineManager.setOnline(true);
    const him = makeMe({ tier_level: 2 });
    const second = renderChat(him);
    await screen.findByLabelText('Message Ava');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('For her eyes only')).toBeNull();
    expect(second.sends).toEqual([]);
    expect(storedOutbox(her).map((entry) => entry.content)).toEqual(['For her eyes only']);
  });

  it(`says so when ${OUTBOX_MAX} messages wait, and keeps the draft`, async () => {
    const me = makeMe({ tier_level: 2 });
    const elsewhere = '0b0b0b0b-1111-4222-8333-444455556666';
    const full = Array.from({ length: OUTBOX_MAX }, (_, n) => ({
      id: `00000000-0000-4000-8000-${String(n + 1).padStart(12, '0')}`,
      match_id: elsewhere,
      content: `waiting ${n}`,
      written_at: new Date().toISOString(),
      unreached: true,
      refused: null,
    }));
    localStorage.setItem(`rc.chat-outbox.${me.id}`, JSON.stringify(full));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = renderChat(me);
    await screen.findByLabelText('Message Ava');
    expect(screen.getByText(OUTBOX_FULL_TEXT)).toBeInTheDocument();

    await write(user, 'One more');
    expect(screen.getByRole('alert')).toHaveTextContent(OUTBOX_FULL_TEXT);
    expect(screen.getByLabelText('Message Ava')).toHaveValue('One more');
    expect(within(conversation()).queryByText('One more')).toBeNull();
  });

  it('keeps the chat and the list on screen when reading them again fails for want of a network', async () => {
    const me = makeMe({ tier_level: 2 });
    const earlier = stored(me, { id: '0e0e0e0e-1111-4222-8333-444455556666', content: 'Saved earlier' });
    /** Answers the first read, then finds no network. */
    const onceThenOffline = (reply: MockReply) => {
      let reads = 0;
      return () => {
        reads += 1;
        return reads === 1 ? reply : Promise.reject(new TypeError('Failed to fetch'));
      };
    };
    const api = mockApi({
      'GET /api/matches': onceThenOffline({ body: { items: [MATCH], next_cursor: null } }),
      [`GET ${CHAT}`]: onceThenOffline({ body: { items: [earlier], older_cursor: null } }),
      ...noDatePlans(MATCH_ID),
    });
    const { queryClient } = renderSignedIn(<MessagesScreen />, { me, path: `/messages/${MATCH_ID}` });
    expect(await screen.findByText('Saved earlier')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Your matches' })).toBeInTheDocument();

    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.chats }));
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.matches }));
    expect(api.callsTo(`GET ${CHAT}`)).toHaveLength(2);
    expect(api.callsTo('GET /api/matches')).toHaveLength(2);
    expect(queryClient.getQueryState(queryKeys.chat(MATCH_ID))?.status).toBe('error');
    // The query library tells the screen on its next tick.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText('Saved earlier')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Your matches' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load messages')).toBeNull();
    expect(screen.queryByText('Failed to load matches')).toBeNull();
  });
});
