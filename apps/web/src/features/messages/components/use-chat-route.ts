import { useCallback, useEffect } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { chatPath, paths } from '@/lib/paths';

/**
 * Set on the history entry of a chat opened in the app: how many chat entries stand above the
 * list's entry (1 from the list, 2 from a chat opened from the list…), so leaving goes back to it.
 */
type ChatEntryState = { chatsAboveList?: number } | null;

/**
 * The query parameter chats were opened by before they had their own URL: the link of the message
 * notices the server writes (and has stored) is still `/messages?match=<id>`.
 */
const LEGACY_CHAT_PARAM = 'match';

/** From lg (1024 px) the list and the chat are side by side; below it, one at a time. */
const TWO_PANES_QUERY = '(min-width: 64rem)';

/** Whether the screen shows the list and the chat side by side (read when needed, not on render). */
export const showsTwoPanes = () => window.matchMedia?.(TWO_PANES_QUERY).matches ?? false;

/**
 * Which chat the Messages screen shows, from its URL (`/messages/:matchId`), and the moves between
 * the list and a chat. Opening a chat is a history entry of its own (the browser's back returns to the
 * match or the list before it); leaving for the list goes back to the list's entry when the chat was
 * opened in the app, and otherwise (a reload, a shared link, a notice) replaces the chat's entry
 * with the list, so leaving a chat reached by link never leaves the app.
 */
export function useChatRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const routed = matchPath(paths.chat, location.pathname)?.params.matchId ?? null;
  // A notice's link (`/messages?match=`) opens the same chat, under the chat's own URL.
  const legacy = routed ? null : new URLSearchParams(location.search).get(LEGACY_CHAT_PARAM);
  const openId = routed ?? legacy;
  const chatsAboveList = (location.state as ChatEntryState)?.chatsAboveList;

  useEffect(() => {
    if (legacy) void navigate(chatPath(legacy), { replace: true });
  }, [legacy, navigate]);

  const openChat = useCallback(
    (matchId: string) => {
      if (matchId === openId) return;
      // From the list, or from a chat whose way back is known; a chat reached by link has none.
      const above = openId === null ? 1 : chatsAboveList && chatsAboveList + 1;
      const state: ChatEntryState = above ? { chatsAboveList: above } : null;
      void navigate(chatPath(matchId), { state });
    },
    [openId, chatsAboveList, navigate],
  );

  const backToList = useCallback(() => {
    if (chatsAboveList) void navigate(-chatsAboveList);
    else void navigate(paths.messages, { replace: true });
  }, [chatsAboveList, navigate]);

  return { openId, openChat, backToList };
}
