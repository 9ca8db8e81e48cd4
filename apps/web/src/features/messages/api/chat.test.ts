import type { Message, MessagePage, ServerEvent } from '@royal/shared';
import { InfiniteQueryObserver } from '@tanstack/react-query';
import { createTestQueryClient } from '@test/render';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { applyChatEvent, chatMessages } from './chat';

const MATCH = '00000000-0000-4000-8000-000000000001';
const message = {
  id: 'm1',
  match_id: MATCH,
  sender_id: 'her',
  body: 'Hello',
  read: false,
} as unknown as Message;
const page = (items: Message[]): MessagePage => ({ items, older_cursor: null }) as unknown as MessagePage;

describe('applyChatEvent', () => {
  it('keeps a message that arrives while a fetch of the chat, begun before it was sent, is under way', async () => {
    const queryClient = createTestQueryClient();
    // Each fetch answers what the server held when it began; the second one answers only when the
    // test says (`settleSecond`), after the event.
    let fetches = 0;
    let settleSecond = () => {};
    let serverItems: Message[] = [];
    const observer = new InfiniteQueryObserver(queryClient, {
      queryKey: queryKeys.chat(MATCH),
      initialPageParam: null as string | null,
      getNextPageParam: () => undefined,
      queryFn: () => {
        fetches += 1;
        const answer = page(serverItems);
        if (fetches !== 2) return Promise.resolve(answer);
        return new Promise<MessagePage>((resolve) => {
          settleSecond = () => resolve(answer);
        });
      },
    });
    const off = observer.subscribe(() => {});
    await waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));

    void observer.refetch(); // reads the chat before the message is written
    serverItems = [message]; // the message is written, and its event sent
    applyChatEvent(queryClient, { type: 'message.created', payload: message } as ServerEvent);
    settleSecond(); // the stale answer arrives after the event

    await waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    expect(chatMessages(queryClient.getQueryData(queryKeys.chat(MATCH))).map((m) => m.id)).toEqual(['m1']);
    off();
  });

  it("keeps a message that arrives while the chat's first read, begun before it was sent, is under way", async () => {
    const queryClient = createTestQueryClient();
    // Each fetch answers what the server held when it began; the first answers only when the test says.
    let fetches = 0;
    let settleFirst = () => {};
    let serverItems: Message[] = [];
    const observer = new InfiniteQueryObserver(queryClient, {
      queryKey: queryKeys.chat(MATCH),
      initialPageParam: null as string | null,
      getNextPageParam: () => undefined,
      queryFn: () => {
        fetches += 1;
        const answer = page(serverItems);
        if (fetches !== 1) return Promise.resolve(answer);
        return new Promise<MessagePage>((resolve) => {
          settleFirst = () => resolve(answer);
        });
      },
    });
    const off = observer.subscribe(() => {});
    await waitFor(() => expect(fetches).toBe(1)); // reads the chat before the message is written

    serverItems = [message]; // the message is written, and its event sent
    applyChatEvent(queryClient, { type: 'message.created', payload: message } as ServerEvent);
    settleFirst(); // the stale answer arrives after the event

    await waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    await waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    expect(chatMessages(queryClient.getQueryData(queryKeys.chat(MATCH))).map((m) => m.id)).toEqual(['m1']);
    off();
  });
});

describe('upsertChatMessage', () => {
  const written = (id: string, at: string) => ({ ...message, id, created_at: at }) as Message;

  it('places a message in the order it was written when it arrives after a later one', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.chat(MATCH), {
      pages: [page([written('a', '2026-11-30T10:00:00.000Z')])],
      pageParams: [null],
    });
    // Written 2 ms apart on two instances: the later one reached this tab first.
    applyChatEvent(queryClient, {
      type: 'message.created',
      payload: written('c', '2026-11-30T10:00:01.002Z'),
    } as ServerEvent);
    applyChatEvent(queryClient, {
      type: 'message.created',
      payload: written('b', '2026-11-30T10:00:01.000Z'),
    } as ServerEvent);
    // One written at the same moment as the newest goes after it; a repeat replaces, never adds.
    applyChatEvent(queryClient, {
      type: 'message.created',
      payload: written('d', '2026-11-30T10:00:01.002Z'),
    } as ServerEvent);
    applyChatEvent(queryClient, {
      type: 'message.created',
      payload: written('b', '2026-11-30T10:00:01.000Z'),
    } as ServerEvent);
    expect(chatMessages(queryClient.getQueryData(queryKeys.chat(MATCH))).map((m) => m.id)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });
});
