import {
  AppError,
  type ComposerRestriction,
  composerRestriction,
  ErrorCode,
  groupedInteger,
  HIGHER_TIER_NOTICE_TEXT,
  hasVisibleText,
  type MatchListItem,
  MESSAGE_MAX,
  MESSAGE_SEND_FAILED_TEXT,
  MESSAGE_TOO_LONG_TEXT,
  type Message,
  REALTIME_LIMITS,
  relativeTime,
} from '@royal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Check, CheckCheck, Send, TriangleAlert } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { TierBadge } from '@/components/ui/tier-badge';
import { VerifiedMark } from '@/components/ui/verified-mark';
import { useCurrentMember } from '@/features/auth';
import { DatePlanBar } from '@/features/date-plans';
import { MemberSafetyActions } from '@/features/safety';
import { refusalOr } from '@/lib/api';
import { cn } from '@/lib/cn';
import { hasFinePointer } from '@/lib/focus';
import { queryKeys } from '@/lib/query-keys';
import { useRealtimeEvent, useRealtimeSend } from '@/lib/realtime-context';
import { useKeptAtEnd } from '@/lib/scroll-edges';
import { applyChatEvent, chatMessages, useChat, useMarkChatRead, useSendMessage } from '../api/chat';
import { isUnreachable, OUTBOX_FULL_TEXT, OUTBOX_MAX } from '../api/outbox';
import { useChatOutbox } from './chat-outbox';
import { ComposerRestrictionNote } from './composer-restriction';
import { ConversationFrame } from './conversation-frame';
import { expiryOf } from './match-row';
import { OFFLINE_NOTE_TEXT, OutboxBubble } from './outbox-bubble';
import { useOnline } from './use-online';

/** How long after the last keystroke the member counts as no longer typing (spec part 2 §4). */
const TYPING_IDLE_MS = 2000;

/**
 * What the chat says once the server no longer knows its match for this member: the other member
 * deleted their account or blocked them, which the server answers alike, as a match that does not
 * exist (decision 031), so the words must not tell which.
 */
export const CHAT_GONE_TEXT = 'This chat is no longer available.';

/** The server's answer for a match it does not know (or no longer shows this member). */
const isChatGone = (error: unknown) => error instanceof AppError && error.code === ErrorCode.NOT_FOUND;

/**
 * The chat with one match: who they are, the conversation with read ticks and typing, and the
 * composer. It fills the conversation pane beside the list (from lg) or the screen (below it).
 */
export function Chat({ match, onBack }: { match: MatchListItem; onBack: () => void }) {
  const me = useCurrentMember();
  const queryClient = useQueryClient();
  const chat = useChat(match.id);
  const send = useSendMessage(match.id);
  const markRead = useMarkChatRead(match.id);
  const { outbox, entries: outboxEntries, sending } = useChatOutbox();
  const online = useOnline();
  const sendFrame = useRealtimeSend();
  const [draft, setDraft] = useState('');
  const [failed, setFailed] = useState<string | null>(null);
  const [sendFoundItGone, setSendFoundItGone] = useState(false);
  const [theyAreTyping, setTheyAreTyping] = useState(false);
  const typingLapse = useRef<ReturnType<typeof setTimeout> | null>(null);
  const myTyping = useRef<{ since: number; idle: ReturnType<typeof setTimeout> | null }>({
    since: 0,
    idle: null,
  });
  // The message being sent, with its id: kept after a failure, for a retry of that same text.
  const pending = useRef<{ id: string; content: string } | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const restrictionId = useId();
  const { member } = match;
  const messages = chatMessages(chat.data);
  // This chat's messages still on the device, in the order written. One the server has already
  // (its reply was lost, or the live event came first) is shown once, as sent.
  const sentIds = new Set(messages.map((m) => m.id));
  const waiting = outboxEntries.filter((e) => e.match_id === match.id && !sentIds.has(e.id));
  const outboxFull = outboxEntries.length >= OUTBOX_MAX;
  const gone =
    sendFoundItGone || isChatGone(chat.error) || waiting.some((e) => e.refused?.code === ErrorCode.NOT_FOUND);
  const open = expiryOf(match).kind !== 'expired' && !gone;
  // The member may read this chat but not write in it (their tier, plan or verification): the same
  // shared rule the server refuses a send by. Said only while the chat itself is open to messages.
  const restriction = open ? composerRestriction(me) : null;
  const writable = open && restriction === null;

  // Opening the chat reads what arrived; so does every message that arrives while it is open.
  const unreadFromThem = messages.filter((m) => m.sender_id === member.id && !m.read).length;
  const { mutate: markReadNow } = markRead;
  useEffect(() => {
    if (chat.isSuccess && unreadFromThem > 0) markReadNow();
  }, [unreadFromThem, chat.isSuccess, markReadNow]);

  useRealtimeEvent((event) => {
    if (
      (event.type === 'message.created' || event.type === 'message.read') &&
      event.payload.match_id === match.id
    ) {
      applyChatEvent(queryClient, event);
      if (event.type === 'message.created' && event.payload.sender_id === member.id) setTheyAreTyping(false);
    }
    if (
      event.type === 'typing' &&
      event.payload.match_id === match.id &&
      event.payload.user_id === member.id
    ) {
      setTheyAreTyping(event.payload.is_typing);
      if (typingLapse.current) clearTimeout(typingLapse.current);
      if (event.payload.is_typing) {
        typingLapse.current = setTimeout(() => setTheyAreTyping(false), REALTIME_LIMITS.typingLapseMs);
      }
    }
  });

  // Keep the newest line in view as messages and the typing note arrive; and while the member is at
  // it, when a note above the composer (a refusal, the chat gone) or a phone's keyboard takes room.
  const lastLine = `${messages.length}:${waiting.length}:${theyAreTyping}`;
  const keptAtEnd = useKeptAtEnd<HTMLDivElement>();
  useEffect(() => {
    if (lastLine) bottom.current?.scrollIntoView({ block: 'end' });
  }, [lastLine]);

  useEffect(
    () => () => {
      if (typingLapse.current) clearTimeout(typingLapse.current);
      if (myTyping.current.idle) clearTimeout(myTyping.current.idle);
    },
    [],
  );

  function signalTyping(isTyping: boolean) {
    sendFrame({ type: 'typing', payload: { match_id: match.id, is_typing: isTyping } });
  }

  function onDraftChange(text: string) {
    setDraft(text);
    const state = myTyping.current;
    // Renew at most once a second, before the server lets the signal lapse.
    if (Date.now() - state.since > 1000) {
      state.since = Date.now();
      signalTyping(true);
    }
    if (state.idle) clearTimeout(state.idle);
    state.idle = setTimeout(() => {
      state.since = 0;
      signalTyping(false);
    }, TYPING_IDLE_MS);
  }

  /**
   * One id per message: a retry of the same text after a failure reuses it, so the server never
   * writes it twice. An edited text is another message: under the old id the server would answer
   * with the stored original (if the failed send did reach it), and the edit would be lost.
   */
  function messageIdFor(content: string): string {
    if (pending.current?.content !== content) pending.current = { id: crypto.randomUUID(), content };
    return pending.current.id;
  }

  /**
   * Leaves the message in the outbox, to go out when it can (it is shown at once, waiting); the
   * draft is cleared. Refused (the outbox is full, storage failed), the draft stays and says why.
   */
  function queue(id: string, content: string, unreached: boolean) {
    const added = outbox.add({ id, match_id: match.id, content }, { unreached });
    if (!added.ok) {
      setFailed(added.reason);
      return;
    }
    pending.current = null;
    setDraft('');
    if (!unreached) outbox.flush(match.id);
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const content = draft.trim();
    // The server's rule for an empty message (zero-width spaces alone count as empty).
    if (!hasVisibleText(content) || send.isPending) return;
    const id = messageIdFor(content);
    setFailed(null);
    if (myTyping.current.idle) clearTimeout(myTyping.current.idle);
    myTyping.current.since = 0;
    signalTyping(false);
    // Offline it waits for the connection; behind messages of this chat still waiting, it waits its
    // turn, since the chat's messages go out in the order they were written.
    if (!navigator.onLine || waiting.length > 0) {
      queue(id, content, !navigator.onLine);
      return;
    }
    send.mutate(
      { id, content },
      {
        onSuccess: () => {
          pending.current = null;
          setDraft('');
        },
        // No network: it waits in the outbox, under the same id. A refusal says why (the spec's
        // reason, the send rate's); a match gone since the chat opened closes the composer; anything
        // else is the spec's 'Failed to send message'. The draft stays.
        onError: (error) => {
          if (isUnreachable(error)) queue(id, content, true);
          else if (isChatGone(error)) setSendFoundItGone(true);
          else setFailed(refusalOr(error, MESSAGE_SEND_FAILED_TEXT));
        },
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  // Opened, the chat takes the focus. With a keyboard and mouse it is ready to type. On a touch
  // screen the heading takes it (a screen reader starts at the member's name): a focused box would
  // raise the on-screen keyboard over the conversation before the member has read it.
  useEffect(() => {
    const box = composer.current;
    if (box && !box.disabled && hasFinePointer()) box.focus();
    else title.current?.focus({ preventScroll: true });
  }, []);

  // A chat gone is gone from the list too (the server no longer lists it); refreshed only once the
  // member leaves it, since the chat on screen is drawn from the list.
  const goneNow = useRef(gone);
  goneNow.current = gone;
  useEffect(
    () => () => {
      if (goneNow.current) void queryClient.invalidateQueries({ queryKey: queryKeys.matches });
    },
    [queryClient],
  );

  return (
    <ConversationFrame
      labelledBy={titleId}
      onBack={onBack}
      header={
        <>
          <MemberAvatar name={member.name} src={member.avatar} size="md" />
          <div className="min-w-0 flex-1">
            <h2
              ref={title}
              id={titleId}
              tabIndex={-1}
              className="flex min-w-0 items-center gap-1.5 font-display font-semibold text-foreground text-lg focus:outline-none"
            >
              <span className="truncate">{member.name}</span>
              {member.verified && <VerifiedMark />}
              <TierBadge tier={member.tier_level} label="compact" />
            </h2>
            <p className="truncate text-muted-foreground text-sm">
              {member.city}
              {member.state ? `, ${member.state}` : ''}
            </p>
          </div>
          <MemberSafetyActions member={member} onBlocked={onBack} compact />
        </>
      }
    >
      {match.premium_user && (
        <p className="flex items-center gap-2 border-amber-300 border-b bg-amber-50 px-4 py-2 text-amber-900 text-sm dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100">
          <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
          {HIGHER_TIER_NOTICE_TEXT}
        </p>
      )}

      {!gone && <DatePlanBar matchId={match.id} them={member} writable={writable} />}

      {/* A log region: read out as messages arrive, and reachable by keyboard to scroll back. */}
      <div
        ref={keptAtEnd}
        role="log"
        aria-label="Conversation"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled with the keyboard
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto px-4 py-3 focus-visible:outline-offset-[-2px]"
      >
        {chat.isPending && <p className="py-8 text-center text-muted-foreground">Loading messages...</p>}
        {gone && !chat.data && <p className="py-8 text-center text-muted-foreground">{CHAT_GONE_TEXT}</p>}
        {/* A refetch that failed (offline, say) while the chat is on screen leaves it there. */}
        {chat.isError && !chat.data && !gone && (
          <div className="py-8 text-center">
            <p className="text-foreground">Failed to load messages</p>
            <Button className="mt-3" variant="outline" onClick={() => chat.refetch()}>
              Try Again
            </Button>
          </div>
        )}
        {chat.hasNextPage && (
          <div className="pb-3 text-center">
            <Button variant="ghost" onClick={() => chat.fetchNextPage()} disabled={chat.isFetchingNextPage}>
              Load earlier messages
            </Button>
          </div>
        )}
        <ol className="flex flex-col gap-2">
          {messages.map((message) => (
            <Bubble key={message.id} message={message} mine={message.sender_id === me.id} />
          ))}
          {waiting.map((entry) => (
            <OutboxBubble
              key={entry.id}
              entry={entry}
              sending={sending.has(entry.id)}
              online={online}
              goneText={CHAT_GONE_TEXT}
              onRetry={() => outbox.retry(entry.id)}
              onDelete={() => outbox.discard(entry.id)}
            />
          ))}
        </ol>
        {theyAreTyping && <p className="mt-2 text-muted-foreground text-sm italic">typing...</p>}
        <div ref={bottom} />
      </div>

      <form onSubmit={submit} className="border-border border-t px-4 py-3">
        {!online && writable && (
          <p role="status" className="mb-2 text-muted-foreground text-sm">
            {OFFLINE_NOTE_TEXT}
          </p>
        )}
        {/* Said before the member writes, unless the refusal of a message just said it. */}
        {outboxFull && writable && failed === null && (
          <p role="status" className="mb-2 text-muted-foreground text-sm">
            {OUTBOX_FULL_TEXT}
          </p>
        )}
        {gone ? (
          <p role="alert" className="mb-2 text-muted-foreground text-sm">
            {CHAT_GONE_TEXT}
          </p>
        ) : (
          failed && (
            <p role="alert" className="mb-2 text-rose-600 text-sm dark:text-rose-300">
              {failed}
            </p>
          )
        )}
        <div className="flex items-end gap-2">
          <label htmlFor={`chat-${match.id}`} className="sr-only">
            Message {member.name}
          </label>
          <textarea
            ref={composer}
            id={`chat-${match.id}`}
            value={draft}
            onChange={(event) => onDraftChange(event.target.value)}
            onKeyDown={onKeyDown}
            rows={2}
            maxLength={MESSAGE_MAX}
            disabled={!writable}
            placeholder={composerPlaceholder({ gone, open, restriction })}
            aria-describedby={restriction ? restrictionId : undefined}
            className="min-h-11 flex-1 resize-none rounded-2xl border border-border bg-surface px-3 py-2 text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-gold-400 disabled:opacity-60"
          />
          <Button
            type="submit"
            size="icon"
            aria-label="Send"
            disabled={!writable || send.isPending || !hasVisibleText(draft)}
          >
            <Send aria-hidden="true" className="size-4" />
          </Button>
        </div>
        {restriction ? (
          <ComposerRestrictionNote id={restrictionId} restriction={restriction} />
        ) : (
          <div className="mt-1 flex items-baseline justify-between gap-3 text-xs">
            <p className="text-muted-foreground">Enter sends · Shift+Enter for a new line</p>
            <DraftLength length={draft.length} />
          </div>
        )}
      </form>
    </ConversationFrame>
  );
}

/** What the closed or open message box says: the chat gone, the match expired, the member's restriction. */
function composerPlaceholder({
  gone,
  open,
  restriction,
}: {
  gone: boolean;
  open: boolean;
  restriction: ComposerRestriction | null;
}): string {
  if (gone) return CHAT_GONE_TEXT;
  if (!open) return 'This match has expired';
  return restriction?.placeholder ?? 'Type a message...';
}

function Bubble({ message, mine }: { message: Message; mine: boolean }) {
  const Tick = message.read ? CheckCheck : Check;
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[80%] whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm',
          mine
            ? 'rounded-br-md bg-primary text-primary-foreground'
            : 'rounded-bl-md bg-surface-muted text-foreground',
        )}
      >
        {message.content}
        <span
          className={cn(
            'mt-1 flex items-center justify-end gap-1 text-[0.7rem]',
            mine ? 'opacity-80' : 'text-muted-foreground',
          )}
        >
          <time dateTime={message.created_at}>{relativeTime(message.created_at)}</time>
          {mine && (
            <>
              <Tick aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{message.read ? 'Read' : 'Sent'}</span>
            </>
          )}
        </span>
      </div>
    </li>
  );
}

/** Characters left to type before a message is full: shown only near the limit. */
const DRAFT_LENGTH_SHOWN_FROM = MESSAGE_MAX - 200;

/** What a screen reader hears of the draft's length: a few points on the way, not every key. */
function spokenDraftLength(length: number): string {
  const left = MESSAGE_MAX - length;
  if (left <= 0) return MESSAGE_TOO_LONG_TEXT;
  if (left <= 20) return '20 characters left';
  if (left <= 200) return '200 characters left';
  return '';
}

/**
 * The draft's length once it nears the limit, and the limit's own text once it is reached: a paste
 * longer than a message is cut by the field, and this says why the rest did not arrive. The live
 * region is always there (a region that appears with its text is often not read) and changes only
 * at a few points.
 */
function DraftLength({ length }: { length: number }) {
  const full = length >= MESSAGE_MAX;
  return (
    <>
      <p aria-live="polite" className="sr-only">
        {spokenDraftLength(length)}
      </p>
      {length >= DRAFT_LENGTH_SHOWN_FROM && (
        <p
          aria-hidden="true"
          className={full ? 'text-right text-rose-600 dark:text-rose-300' : 'text-muted-foreground'}
        >
          {full ? MESSAGE_TOO_LONG_TEXT : `${groupedInteger(length)} / ${groupedInteger(MESSAGE_MAX)}`}
        </p>
      )}
    </>
  );
}
