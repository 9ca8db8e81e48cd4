import { messageSendBlock } from '@royal/shared';
import { useEffect, useMemo, useRef } from 'react';
import { useCurrentMember } from '@/features/auth';
import { cn } from '@/lib/cn';
import { useMatches } from '../api/matches';
import { ChatOutboxProvider } from './chat-outbox';
import { ConversationPane, useOpenMatch } from './conversation-pane';
import { MatchListPane } from './match-list-pane';
import { useChatRoute } from './use-chat-route';

/**
 * /messages and /messages/:matchId: the member's matches and messaging status, and the chat the URL
 * names. From lg (1024 px) two panes, the list beside the conversation (decision 042); below it one
 * at a time: the list at /messages, the chat as a screen of its own with a way back. A member who
 * may not send still opens their chats and reads them: the reason is said once on the status card,
 * and in the chat by its closed composer with the way forward. Messages written without a
 * connection wait in the member's outbox and go out from here when it returns (issue 40).
 */
export function MessagesScreen() {
  return (
    <ChatOutboxProvider>
      <MessagesPanes />
    </ChatOutboxProvider>
  );
}

function MessagesPanes() {
  const me = useCurrentMember();
  const matches = useMatches();
  const { openId, openChat, backToList } = useChatRoute();
  const block = messageSendBlock(me);
  const loaded = useMemo(() => matches.data?.pages.flatMap((page) => page.items) ?? [], [matches.data]);
  const open = useOpenMatch(openId, { loaded, listSettled: !matches.isPending });

  // Back from a chat to the list, the focus goes to that chat's row: where the member was (a chat
  // opened from another screen has no opener left on this page to return to).
  const lastOpen = useRef(openId);
  useEffect(() => {
    const left = lastOpen.current;
    lastOpen.current = openId;
    if (left && !openId) {
      document.querySelector<HTMLElement>(`[data-match-row="${CSS.escape(left)}"]`)?.focus();
    }
  }, [openId]);

  const chatOpen = openId !== null;
  return (
    <div className="grid gap-5 lg:h-[calc(100dvh-var(--topbar-height)-env(safe-area-inset-top)-3rem)] lg:min-h-[32rem] lg:grid-cols-[20rem_minmax(0,1fr)] lg:gap-6 xl:grid-cols-[22.5rem_minmax(0,1fr)]">
      <div className={cn('flex min-w-0 flex-col gap-5 lg:min-h-0', chatOpen && 'max-lg:hidden')}>
        <MatchListPane
          me={me}
          block={block}
          matches={matches}
          loaded={loaded}
          openId={openId}
          onOpen={openChat}
        />
      </div>

      {/* Below lg an open chat is a screen of its own: fixed between the top bar and the bottom
          navigation (neither covered, the composer always above the navigation), with the safe
          areas of a notched phone. From lg it is the pane beside the list. */}
      <div
        className={cn(
          'safe-x min-w-0 bg-background lg:overflow-hidden lg:rounded-3xl lg:border lg:border-border lg:bg-surface',
          'max-lg:fixed max-lg:inset-x-0 max-lg:top-[calc(var(--topbar-height)+env(safe-area-inset-top))] max-lg:bottom-[calc(var(--bottomnav-height)+env(safe-area-inset-bottom))] max-lg:z-30',
          !chatOpen && 'max-lg:hidden',
        )}
      >
        <ConversationPane open={open} hasMatches={loaded.length > 0} onBack={backToList} />
      </div>
    </div>
  );
}
