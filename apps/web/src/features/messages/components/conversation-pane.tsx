import { AppError, ErrorCode, idParamSchema, type MatchListItem } from '@royal/shared';
import { MessageCircle, MessagesSquare, RotateCcw, SearchX, TriangleAlert } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
import { cn } from '@/lib/cn';
import { useMatch } from '../api/matches';
import { Chat } from './chat';
import { ConversationFrame } from './conversation-frame';

/** What the URL's chat (`/messages/:matchId`) turns out to be for this member. */
export type OpenMatch =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'found'; match: MatchListItem }
  /** Not one of the member's matches: never theirs, someone else's, or gone (the API says 404 alike). */
  | { state: 'not-found' }
  | { state: 'failed'; message: string; retry: () => void; retrying: boolean };

export const CHAT_NOT_FOUND_TITLE = 'Chat not found';
export const CHAT_NOT_FOUND_TEXT = 'This link is not one of your chats, or the chat is no longer available.';

/**
 * The match of the chat the URL names: from the pages of the list already loaded, else asked for on
 * its own (a link to a match beyond them). The server answers only for the member's own matches, so
 * another member's match id is "not found" here, never their chat, and so is one the list dropped.
 */
export function useOpenMatch(
  openId: string | null,
  { loaded, listSettled }: { loaded: MatchListItem[]; listSettled: boolean },
): OpenMatch {
  const valid = openId !== null && idParamSchema.safeParse({ id: openId }).success;
  const inList = valid ? (loaded.find((m) => m.id === openId.toLowerCase()) ?? null) : null;
  // The open chat's match, while the list had it: when the list read again drops it (a block, an
  // unmatch, from either side), the chat is gone, and asking the server for it again would only be
  // told so (a 404 the browser logs) in the moment before the screen leaves it.
  const listed = useRef<string | null>(null);
  if (inList) listed.current = inList.id;
  const droppedFromList =
    inList === null && listed.current !== null && listed.current === openId?.toLowerCase();
  const linked = useMatch(openId, valid && listSettled && inList === null && !droppedFromList);
  if (openId === null) return { state: 'none' };
  if (!valid || droppedFromList) return { state: 'not-found' };
  if (inList) return { state: 'found', match: inList };
  if (linked.data) return { state: 'found', match: linked.data };
  if (linked.error instanceof AppError && linked.error.code === ErrorCode.NOT_FOUND)
    return { state: 'not-found' };
  if (linked.isError) {
    return {
      state: 'failed',
      message: linked.error.message,
      retry: () => void linked.refetch(),
      retrying: linked.isFetching,
    };
  }
  return { state: 'loading' };
}

/**
 * The conversation side of Messages: the open chat, or what stands in its place — its loading, a
 * link to no chat of the member's, or (no chat open, beside the list from lg) the next step.
 */
export function ConversationPane({
  open,
  hasMatches,
  onBack,
}: {
  open: OpenMatch;
  /** Whether the member has any match (else the empty pane points at the list's next step). */
  hasMatches: boolean;
  onBack: () => void;
}) {
  const titleId = useId();
  if (open.state === 'found') return <Chat key={open.match.id} match={open.match} onBack={onBack} />;
  if (open.state === 'none') return <EmptyPane hasMatches={hasMatches} />;

  const title = {
    loading: 'Loading messages...',
    'not-found': CHAT_NOT_FOUND_TITLE,
    failed: 'Failed to load this chat',
  }[open.state];
  return (
    <ConversationFrame
      labelledBy={titleId}
      onBack={onBack}
      header={
        <h2
          id={titleId}
          className={cn(
            'min-w-0 flex-1 truncate font-display font-semibold text-foreground text-lg',
            open.state === 'loading' && 'sr-only',
          )}
        >
          {title}
        </h2>
      }
    >
      <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-4 overflow-y-auto p-6 text-center">
        {open.state === 'loading' ? (
          <p className="text-muted-foreground">Loading messages...</p>
        ) : (
          <>
            <span className="flex size-14 items-center justify-center rounded-2xl bg-surface-muted text-primary dark:text-gold-300">
              {open.state === 'failed' ? (
                <TriangleAlert aria-hidden="true" className="size-7" />
              ) : (
                <SearchX aria-hidden="true" className="size-7" />
              )}
            </span>
            <p className="max-w-sm text-muted-foreground">
              {open.state === 'failed' ? open.message : CHAT_NOT_FOUND_TEXT}
            </p>
            {open.state === 'failed' && (
              <Button onClick={open.retry} disabled={open.retrying}>
                <RotateCcw aria-hidden="true" className="size-4" />
                Try Again
              </Button>
            )}
          </>
        )}
      </div>
    </ConversationFrame>
  );
}

/**
 * The pane beside the list (from lg) while no chat is open: a quiet pointer to the next step. A
 * restricted member's reason and way out are on the permissions card beside it, not said again here.
 */
function EmptyPane({ hasMatches }: { hasMatches: boolean }) {
  const panel = hasMatches ? (
    <StatusPanel
      Icon={MessagesSquare}
      title="Select a conversation"
      description="Choose a match from your list to read and reply."
    />
  ) : (
    <StatusPanel
      Icon={MessageCircle}
      title="No conversations yet"
      description="When you match with someone, your chat with them opens here."
    />
  );
  return (
    <div className="flex h-full flex-col justify-center p-6 [&>section]:border-0 [&>section]:shadow-none">
      {panel}
    </div>
  );
}
