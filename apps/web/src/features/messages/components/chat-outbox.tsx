import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useCurrentMember } from '@/features/auth';
import { useRealtimeState } from '@/lib/realtime-context';
import { messageSent, sendChatMessage } from '../api/chat';
import { ChatOutbox, EMPTY_OUTBOX } from '../api/outbox';

const OutboxContext = createContext<ChatOutbox | null>(null);

/**
 * The signed-in member's chat outbox for what it wraps, sending what waits when it mounts (the app
 * starting), when the browser is back online and when the live channel joins again. Mounted by the
 * Messages screen; a provider higher up (the member frame) makes this one a pass-through, so the
 * outbox then goes on sending while the member is elsewhere in the app.
 */
export function ChatOutboxProvider({ children }: { children: ReactNode }) {
  const outer = useContext(OutboxContext);
  return outer ? children : <MemberOutbox>{children}</MemberOutbox>;
}

function MemberOutbox({ children }: { children: ReactNode }) {
  const me = useCurrentMember();
  const queryClient = useQueryClient();
  const outbox = useMemo(
    () =>
      new ChatOutbox(me.id, {
        send: (entry) => sendChatMessage(entry.match_id, { id: entry.id, content: entry.content }),
        onSent: (message) => messageSent(queryClient, message),
      }),
    [me.id, queryClient],
  );
  useEffect(() => {
    outbox.start();
    return () => outbox.stop();
  }, [outbox]);

  // The channel joined (again): the connection is back even if the browser never said it was gone.
  const { state } = useRealtimeState();
  useEffect(() => {
    if (state === 'joined') outbox.flush();
  }, [state, outbox]);

  return <OutboxContext value={outbox}>{children}</OutboxContext>;
}

/** The member's outbox and what waits in it (every chat's), kept current. */
export function useChatOutbox() {
  const outbox = useContext(OutboxContext);
  if (!outbox) throw new Error('useChatOutbox must be used inside <ChatOutboxProvider>');
  const snapshot = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot, () => EMPTY_OUTBOX);
  return { outbox, ...snapshot };
}
