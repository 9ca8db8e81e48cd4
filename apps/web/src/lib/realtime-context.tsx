import type { ClientMessage, ServerEvent } from '@royal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { queryKeys } from './query-keys';
import { RealtimeClient, type RealtimeState } from './realtime';
import { rememberRestriction } from './restriction-notice';

type RealtimeContextValue = { client: RealtimeClient };
const RealtimeContext = createContext<RealtimeContextValue | null>(null);

/**
 * The member's realtime channel, open while the member frame is mounted. Events that only need a
 * refetch are handled here, through the shared query keys (the notifications badge, the match
 * list); screens that apply events themselves (an open chat) subscribe with useRealtimeEvent. When
 * the channel first joins, everything live is refetched; after a reconnect the events missed are
 * fetched and applied like live ones, or, when that is impossible, everything live is refetched.
 */
export function RealtimeProvider({
  children,
  client: given,
}: {
  children: ReactNode;
  client?: RealtimeClient;
}) {
  const queryClient = useQueryClient();
  const [client] = useState(() => given ?? new RealtimeClient());

  useEffect(() => {
    const offEvent = client.onEvent((event) => {
      // A notice written, updated in place (the same id: a chat's "3 new messages") or read elsewhere
      // (the chat it announced was read): the list and its badge are read again.
      if (event.type === 'notification.created' || event.type === 'notification.read')
        void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
      if (
        event.type === 'match.created' ||
        event.type === 'match.updated' ||
        event.type === 'message.created'
      ) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.matches });
      }
      // An admin changed the member's tier or verification: the header, the tier's limits and every
      // screen that reads the member show the new state without a reload.
      if (event.type === 'account.updated') void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      // The other member proposed, answered, checked in, or the settlement moved the deposits: the
      // chat's plans and the wallet they hold money from are read again.
      if (event.type === 'date_plan.changed') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.datePlans(event.payload.match_id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
      }
      // An admin suspended or banned the member: their session is gone already. The sign-in screen,
      // where the member guard now sends them, shows why (decision 060).
      if (event.type === 'account.restricted') {
        rememberRestriction(event.payload);
        queryClient.setQueryData(queryKeys.me, null);
      }
    });
    // Whatever was read before the channel joined (the page's first data, rendered by the server or
    // fetched while the socket was still connecting) may have missed an event sent in between: the
    // first join refetches it. After a reconnect the client fetches the events it missed instead
    // (decision 064); only when it cannot (a gap beyond the server's retention, no position yet, the
    // request failed) is everything live read again.
    const refetchLive = () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
      void queryClient.invalidateQueries({ queryKey: queryKeys.matches });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allDatePlans });
    };
    const offState = client.onState((state, rejoined) => {
      if (state === 'joined' && !rejoined) refetchLive();
    });
    const offGap = client.onGap(() => {
      refetchLive();
      // An account.updated may have been among the missed events.
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    });
    client.start();
    return () => {
      offEvent();
      offState();
      offGap();
      client.stop();
    };
  }, [client, queryClient]);

  return <RealtimeContext.Provider value={{ client }}>{children}</RealtimeContext.Provider>;
}

function useClient(): RealtimeClient | null {
  return useContext(RealtimeContext)?.client ?? null;
}

/** Calls `handler` for every server event while the component is mounted (latest handler wins). */
export function useRealtimeEvent(handler: (event: ServerEvent) => void) {
  const client = useClient();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => client?.onEvent((event) => latest.current(event)), [client]);
}

/** Sends a client frame; false when the channel is not joined (the frame is dropped). */
export function useRealtimeSend(): (message: ClientMessage) => boolean {
  const client = useClient();
  return (message) => client?.send(message) ?? false;
}

/** The channel's state, and whether it has been joined before (so "offline" is not shown at start). */
export function useRealtimeState(): { state: RealtimeState; everJoined: boolean } {
  const client = useClient();
  const [value, setValue] = useState<{ state: RealtimeState; everJoined: boolean }>({
    state: client?.current ?? 'closed',
    everJoined: client?.current === 'joined',
  });
  useEffect(
    () =>
      client?.onState((state) =>
        setValue((previous) => ({ state, everJoined: previous.everJoined || state === 'joined' })),
      ),
    [client],
  );
  return value;
}
