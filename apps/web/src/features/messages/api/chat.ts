import {
  type Message,
  type MessagePage,
  markReadReplySchema,
  messagePageSchema,
  messageSchema,
  type ServerEvent,
} from '@royal/shared';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

type Chat = InfiniteData<MessagePage, string | null>;

export const chatQueryOptions = (matchId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.chat(matchId),
    queryFn: ({ pageParam, signal }) =>
      api.get(apiPaths.chatMessages(matchId, pageParam), { schema: messagePageSchema, signal }),
    initialPageParam: null as string | null,
    // Pages run newest first; the next page to fetch is the one before the oldest loaded.
    getNextPageParam: (page) => page.older_cursor,
  });

export function useChat(matchId: string) {
  return useInfiniteQuery(chatQueryOptions(matchId));
}

/** Every loaded message of a chat, oldest first. */
export function chatMessages(chat: InfiniteData<MessagePage, unknown> | undefined): Message[] {
  if (!chat) return [];
  return [...chat.pages].reverse().flatMap((page) => page.items);
}

/**
 * Puts a message into the cached chat (the newest page) in the order it was written, or replaces the
 * one with its id. Two messages written a moment apart on two instances may arrive the other way
 * round (each instance's own members hear its events first, decision 075), so a new one goes after
 * the last message written no later than it rather than at the end.
 */
export function upsertChatMessage(queryClient: QueryClient, message: Message) {
  queryClient.setQueryData<Chat>(queryKeys.chat(message.match_id), (chat) => {
    if (!chat) return chat;
    const known = chat.pages.some((page) => page.items.some((m) => m.id === message.id));
    const pages = known
      ? chat.pages.map((page) => ({
          ...page,
          items: page.items.map((m) => (m.id === message.id ? message : m)),
        }))
      : chat.pages.map((page, index) =>
          index === 0 ? { ...page, items: inWrittenOrder(page.items, message) } : page,
        );
    return { ...chat, pages };
  });
}

/** `items` (oldest first) with `message` after the last one written no later than it. */
function inWrittenOrder(items: readonly Message[], message: Message): Message[] {
  const writtenAt = Date.parse(message.created_at);
  let at = items.length;
  while (at > 0 && Date.parse((items[at - 1] as Message).created_at) > writtenAt) at--;
  return [...items.slice(0, at), message, ...items.slice(at)];
}

/**
 * Applies a change to a cached chat. A fetch of that chat already under way may have read the
 * database before the change, and its answer would overwrite it (or, the chat's first read, leave it
 * out: with nothing cached yet the change has nowhere to go): that fetch is cancelled, its answer
 * dropped, and the chat read again. Cancelling keeps what was written into the cache meanwhile; an
 * invalidation alone would join a first read under way rather than start another.
 */
function changeChat(queryClient: QueryClient, matchId: string, change: () => void) {
  const key = queryKeys.chat(matchId);
  const overtaken = queryClient.isFetching({ queryKey: key }) > 0;
  change();
  if (overtaken) {
    void queryClient
      .cancelQueries({ queryKey: key })
      .then(() => queryClient.invalidateQueries({ queryKey: key }));
  }
}

/** Applies a realtime event to the cached chats: a new message, or read receipts. */
export function applyChatEvent(queryClient: QueryClient, event: ServerEvent) {
  if (event.type !== 'message.created' && event.type !== 'message.read') return;
  changeChat(queryClient, event.payload.match_id, () => applyToCachedChat(queryClient, event));
}

function applyToCachedChat(queryClient: QueryClient, event: ServerEvent) {
  if (event.type === 'message.created') upsertChatMessage(queryClient, event.payload);
  if (event.type === 'message.read') {
    const read = new Set(event.payload.ids);
    queryClient.setQueryData<Chat>(queryKeys.chat(event.payload.match_id), (chat) =>
      chat
        ? {
            ...chat,
            pages: chat.pages.map((page) => ({
              ...page,
              items: page.items.map((m) => (read.has(m.id) ? { ...m, read: true } : m)),
            })),
          }
        : chat,
    );
  }
}

/**
 * Sends a message under the id the client chose for it. The server answers a repeat of that id with
 * the message it already holds (200, not 201), so a retry after a lost reply never writes it twice.
 */
export function sendChatMessage(matchId: string, body: { id: string; content: string }): Promise<Message> {
  return api.post(apiPaths.chatMessages(matchId), body, { schema: messageSchema });
}

/** The server has the message (new, or recognised as sent before): it shows once, as sent. */
export function messageSent(queryClient: QueryClient, message: Message) {
  changeChat(queryClient, message.match_id, () => upsertChatMessage(queryClient, message));
  void queryClient.invalidateQueries({ queryKey: queryKeys.matches });
}

/**
 * Sends a message. The id is chosen here, once per message, so a retry after a lost reply is
 * recognised by the server instead of writing the message twice.
 */
export function useSendMessage(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; content: string }) => sendChatMessage(matchId, body),
    onSuccess: (message) => messageSent(queryClient, message),
    // Without a network the send fails at once and the chat queues it (the outbox); paused until
    // the browser says it is online again, it would hold the composer instead.
    networkMode: 'always',
  });
}

/** Marks what the member received in this chat as read (opening the chat does it). */
export function useMarkChatRead(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(apiPaths.chatRead(matchId), undefined, { schema: markReadReplySchema }),
    onSuccess: (reply) => {
      if (reply.read_ids.length > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.matches });
    },
  });
}
