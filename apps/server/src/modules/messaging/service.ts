import { randomUUID } from 'node:crypto';
import {
  AppError,
  type CursorQuery,
  DEFAULT_MEMBER_SETTINGS,
  ErrorCode,
  MATCH_EXPIRED_TEXT,
  MATCH_NOT_FOUND_TEXT,
  type MarkReadReply,
  type MatchList,
  MESSAGE_RATE_LIMITED_TEXT,
  MESSAGES_PER_MEMBER_PER_MINUTE,
  type Message,
  type MessageListQuery,
  type MessagePage,
  maxVisibleTier,
  messageSendBlock,
  type sendMessageBodySchema,
  type TierLevel,
} from '@royal/shared';
import { and, asc, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { outboxInsert } from '../../db/outbox';
import { preparedStatement } from '../../db/prepared';
import {
  matches,
  messages,
  notifications,
  photos,
  profiles,
  safetySettings,
  userBlocks,
} from '../../db/schema';
import { collectingWork, publishRecorded, type Work } from '../../db/transaction';
import { microsecondKey, timeAndIdCursor } from '../../lib/cursor';
import { type MessageKeyRing, openMessage, sealMessage } from '../../lib/message-crypto';
import type { MemberActor } from '../auth';
import { isMatchOpen, matchIsOpen } from '../matches';
import { loadPhotos, memberCardColumns, notBlockedWith, presentMemberCard, visibleTo } from '../members';
import { actorPhoto, announceNotification, announceNotifications, markNoticeRead } from '../notifications';
import { type MessageRow, presentMessage } from './presenter';

const MATCH_PAGE_SIZE = 50;
const MESSAGE_PAGE_SIZE = 50;

/** The other member of a match, from the actor's side. */
const otherMember = (actorId: string | SQL) =>
  sql`case when ${matches.user1Id} = ${actorId} then ${matches.user2Id} else ${matches.user1Id} end`;

const isParticipant = (actorId: string | SQL) =>
  or(eq(matches.user1Id, actorId), eq(matches.user2Id, actorId)) as SQL;

const messageColumns = {
  id: messages.id,
  matchId: messages.matchId,
  senderId: messages.senderId,
  receiverId: messages.receiverId,
  readStatus: messages.readStatus,
  createdAt: messages.createdAt,
  ciphertext: messages.ciphertext,
  nonce: messages.nonce,
  keyId: messages.keyId,
  legacyContent: messages.legacyContent,
};

/** What a member sees in place of a message whose row fails to decrypt (tampered, or its key is gone). */
export const UNREADABLE_MESSAGE_TEXT = 'This message could not be read';

/**
 * The text to show: as messageText, but a row that fails to decrypt is logged and shown as
 * unreadable instead of failing the whole chat.
 */
function shownText(ctx: Pick<AppContext, 'messageKeys' | 'log'>, row: MessageRow): string {
  try {
    return messageText(ctx, row);
  } catch (error) {
    ctx.log.error({ err: error, messageId: row.id }, 'a stored message failed to decrypt');
    return UNREADABLE_MESSAGE_TEXT;
  }
}

/** The text of a stored message: decrypted, or (before the start-up pass) its legacy plain text. */
export function messageText(ctx: Pick<AppContext, 'messageKeys'>, row: MessageRow): string {
  if (row.ciphertext && row.nonce && row.keyId) {
    return openMessage(
      ctx.messageKeys,
      { id: row.id, matchId: row.matchId },
      { ciphertext: row.ciphertext, nonce: row.nonce, keyId: row.keyId },
    );
  }
  return row.legacyContent ?? '';
}

/** A match's place in the list: its latest activity (last message, else when it was made). */
const matchActivity = sql`coalesce(${matches.lastMessageAt}, ${matches.createdAt})`;

/**
 * The member's matches, newest activity first, a page at a time (`limit`, at most 50; `cursor` from
 * the previous page), each with the other member's card (the one presenter), the last message, the
 * exact unread count and the expiry state; or, with `only`, that one match (a chat opened by link
 * that the loaded pages do not hold). A match with a member blocked either way is left out (a
 * deleted member's matches are gone with them). Two statements.
 */
export async function listMatches(
  ctx: AppContext,
  { actor, query = {}, only }: { actor: MemberActor; query?: CursorQuery; only?: string },
): Promise<MatchList> {
  const limit = only ? 1 : (query.limit ?? MATCH_PAGE_SIZE);
  const after = only ? null : timeAndIdCursor.decode(query.cursor);
  const last = sql`last_message`;
  const rows = await ctx.db
    .select({
      activityKey: microsecondKey(matchActivity),
      matchId: matches.id,
      status: matches.status,
      expiresAt: matches.expiresAt,
      matchedAt: matches.createdAt,
      conversationStartedAt: matches.conversationStartedAt,
      member: memberCardColumns,
      last: sql<MessageRow | null>`(select to_jsonb(${last}) from (${messageJsonSelect(
        sql`${messages.matchId} = ${matches.id}`,
        sql`order by ${messages.createdAt} desc, ${messages.id} desc limit 1`,
      )}) ${last})`,
      unread: sql<number>`(select count(*)::int from ${messages}
          where ${messages.receiverId} = ${actor.id} and ${messages.matchId} = ${matches.id}
            and ${messages.readStatus} = false)`,
    })
    .from(matches)
    .innerJoin(profiles, eq(profiles.userId, otherMember(actor.id)))
    .where(
      and(
        isParticipant(actor.id),
        inArray(matches.status, ['active', 'expired']),
        notBlockedWith(actor.id),
        only ? eq(matches.id, only) : undefined,
        after
          ? sql`(${matchActivity}, ${matches.id}) < (${after.t}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${matchActivity} desc`, desc(matches.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const lastOfPage = page.at(-1);

  const photos = await loadPhotos(
    ctx.db,
    page.map((r) => r.member.id),
  );
  const viewer = { geo: actor.geo, maxTier: maxVisibleTier(actor.rules) };
  return {
    next_cursor:
      rows.length > limit && lastOfPage
        ? timeAndIdCursor.encode({ t: lastOfPage.activityKey, id: lastOfPage.matchId })
        : null,
    items: page.map((r) => {
      const open = isMatchOpen({
        status: r.status,
        expiresAt: r.expiresAt,
        conversationStartedAt: r.conversationStartedAt,
      });
      const lastRow = r.last ? fromJsonRow(r.last) : null;
      return {
        id: r.matchId,
        member: presentMemberCard(r.member, photos.get(r.member.id) ?? [], viewer),
        status: open ? 'active' : r.status === 'active' ? 'expired' : r.status,
        expires_at: r.conversationStartedAt ? null : r.expiresAt.toISOString(),
        created_at: r.matchedAt.toISOString(),
        last_message: lastRow
          ? {
              content: shownText(ctx, lastRow),
              sender_id: lastRow.senderId,
              created_at: lastRow.createdAt.toISOString(),
            }
          : null,
        unread_count: r.unread,
        premium_user: r.member.tierLevel > actor.tier,
      };
    }),
  };
}

/** A message row as a subquery for to_jsonb (bytes as base64): read it back with fromJsonRow. */
function messageJsonSelect(where: SQL, tail: SQL = sql``) {
  return sql`select ${messages.id} as "id", ${messages.matchId} as "matchId", ${messages.senderId} as "senderId",
      ${messages.receiverId} as "receiverId", ${messages.readStatus} as "readStatus",
      ${messages.createdAt} as "createdAt", encode(${messages.ciphertext}, 'base64') as "ciphertext",
      encode(${messages.nonce}, 'base64') as "nonce", ${messages.keyId} as "keyId",
      ${messages.legacyContent} as "legacyContent"
    from ${messages} where ${where} ${tail}`;
}

/** A message row read through to_jsonb: bytes come back as base64, times as text. */
function fromJsonRow(row: MessageRow): MessageRow {
  const json = row as unknown as Record<string, string | boolean | null>;
  return {
    ...row,
    ciphertext: json.ciphertext ? Buffer.from(json.ciphertext as string, 'base64') : null,
    nonce: json.nonce ? Buffer.from(json.nonce as string, 'base64') : null,
    createdAt: new Date(json.createdAt as string),
  };
}

type MatchAccess = {
  id: string;
  otherId: string;
  otherTier: TierLevel;
  open: boolean;
  /** With `retryOf`: the message already stored under that id (a retried send), if any. */
  existing: MessageRow | null;
  /** Read Receipts (a setting, on by default): whether each member lets the other see their reads. */
  readReceipts: { mine: boolean; theirs: boolean };
};

/** A member's Read Receipts setting (default on). */
const readReceiptsOf = (userId: string | SQL) =>
  sql<boolean>`coalesce((select ${safetySettings.readReceipts} from ${safetySettings}
    where ${safetySettings.userId} = ${userId}), ${sql.raw(String(DEFAULT_MEMBER_SETTINGS.read_receipts))})`;

/** A block between the actor and the other member of the match, in either direction. */
const blockInMatch = (actorId: string | SQL) =>
  sql`exists (select 1 from ${userBlocks} where
    (${userBlocks.blockerId} = ${actorId} and ${userBlocks.blockedId} = ${otherMember(actorId)})
    or (${userBlocks.blockedId} = ${actorId} and ${userBlocks.blockerId} = ${otherMember(actorId)}))`;

/**
 * The match as the actor may use it: they belong to it and no block stands between the two, either
 * way. Anything else is 404 'Match not found', the answer for a match that never was or whose other
 * member is gone: a stranger learns nothing, and a member cannot tell that they were blocked (a
 * blocked match leaves both members' lists too). `retryOf` also reads the message stored under that
 * id, if any.
 */
async function matchFor(
  db: Db,
  actor: MemberActor,
  matchId: string,
  retryOf: { messageId: string } | null = null,
): Promise<MatchAccess> {
  const existing = retryOf
    ? sql<MessageRow | null>`(select to_jsonb(${sql.raw('stored')}) from (${messageJsonSelect(
        sql`${messages.id} = ${retryOf.messageId}::uuid`,
      )}) ${sql.raw('stored')})`
    : sql<null>`null`;
  const [row] = await db
    .select({
      existing,
      id: matches.id,
      otherId: sql<string>`${otherMember(actor.id)}`,
      status: matches.status,
      expiresAt: matches.expiresAt,
      conversationStartedAt: matches.conversationStartedAt,
      blocked: sql<boolean>`${blockInMatch(actor.id)}`,
      otherTier: sql<number>`(select ${profiles.tierLevel} from ${profiles} where ${profiles.userId} = ${otherMember(actor.id)})`,
      myReadReceipts: readReceiptsOf(actor.id),
      theirReadReceipts: readReceiptsOf(otherMember(actor.id)),
    })
    .from(matches)
    .where(and(eq(matches.id, matchId), isParticipant(actor.id)));
  if (!row || row.otherTier === null || row.blocked) {
    throw new AppError(ErrorCode.NOT_FOUND, MATCH_NOT_FOUND_TEXT);
  }
  return {
    id: row.id,
    otherId: row.otherId,
    otherTier: row.otherTier as TierLevel,
    open: isMatchOpen(row),
    existing: row.existing ? fromJsonRow(row.existing) : null,
    readReceipts: { mine: row.myReadReceipts, theirs: row.theirReadReceipts },
  };
}

/** The key of the receiver's one new-messages notice of a chat (notifications.dedupe_key). */
const chatNoticeKey = (matchId: string) => `messages:${matchId}`;

/**
 * The receiver's notice of a chat's new messages, by how many arrived since they last read it:
 * "Ana sent you a message", then "3 new messages from Ana". The send statement puts the count
 * before `messageAfterCount` itself, since only it knows the count without a race.
 */
function newMessagesNotice(senderName: string) {
  return {
    one: { title: 'New message', message: `${senderName} sent you a message` },
    many: { title: 'New messages', messageAfterCount: ` new messages from ${senderName}` },
  };
}

type SendArgs = {
  actor: MemberActor;
  matchId: string;
  input: z.output<typeof sendMessageBodySchema>;
  work?: Work;
};
type SendReply = { message: Message; created: boolean };

/**
 * Sends a message. Refused for the tier and verification rules (the route's `send_message`
 * capability; checked again here for other callers), past the member's send rate (429), outside
 * the member's own match or across a block (404) and on an expired match (409). The client chooses
 * the id: a retried send returns the message already written instead of writing a second.
 *
 * The send is counted against the member's rate (MESSAGES_PER_MEMBER_PER_MINUTE, all chats
 * together, in Redis when the cluster has it) before it is written: each count is atomic, so sends
 * that arrive together cannot all pass on the same count. A send that then writes nothing (a retry,
 * a refusal, a failure) gives its count back.
 */
export async function sendMessage(ctx: AppContext, args: SendArgs): Promise<SendReply> {
  const { actor } = args;
  const block = messageSendBlock(actor.rules);
  if (block) throw new AppError(ErrorCode[block.code], block.message);

  if ((await ctx.messageSends.add(actor.id)) > MESSAGES_PER_MEMBER_PER_MINUTE) {
    throw new AppError(ErrorCode.RATE_LIMITED, MESSAGE_RATE_LIMITED_TEXT);
  }
  let reply: SendReply | undefined;
  try {
    reply = await writeMessage(ctx, args);
    return reply;
  } finally {
    if (!reply?.created) await ctx.messageSends.remove(actor.id);
  }
}

/**
 * One statement (decision 014) writes the encrypted message, the match's activity (and, when both
 * have written, the conversation's start, which keeps the match open) and the receiver's notice of
 * the chat's new messages (if they want message notifications: one per chat, updated in place,
 * decision 031), and returns what the events need; `message.created` goes to both members and
 * `notification.created` (the notice as it now reads) to the receiver once it has committed. Only
 * when it wrote nothing does a second read explain why.
 */
async function writeMessage(ctx: AppContext, { actor, matchId, input, work }: SendArgs): Promise<SendReply> {
  // Both ids arrive lower-case (uuidInput), as stored: the ciphertext is bound to the stored ids.
  const match = { id: matchId, actorId: actor.id };
  const sealed = sealMessage(ctx.messageKeys, { id: input.id, matchId: match.id }, input.content);
  const notice = newMessagesNotice(actor.name);
  const link = `/messages?match=${match.id}`;
  return ctx.transactSingleStatement(async (unit) => {
    const [sent] = await sendStatement.run(
      ctx.database,
      {
        matchId: match.id,
        actorId: actor.id,
        messageId: input.id,
        ...sealed,
        noticeKey: chatNoticeKey(match.id),
        noticeTitle: notice.one.title,
        noticeMessage: notice.one.message,
        manyTitle: notice.many.title,
        manyMessageAfterCount: notice.many.messageAfterCount,
        noticeLink: link,
        // A send of its own records its events' outbox row; inside a caller's unit, the caller's row does.
        record: !work,
      },
      work?.tx,
    );
    if (!sent?.created_at) return explainUnsent(unit.tx, ctx, actor, match.id, input.id);

    const createdAt = new Date(sent.created_at);
    const message = presentMessage(
      {
        id: input.id,
        matchId: match.id,
        senderId: actor.id,
        receiverId: sent.receiver_id,
        readStatus: false,
        createdAt,
        ...sealed,
        legacyContent: null,
      },
      input.content,
    );
    // The events in the order sentMessageRecipe rebuilds them: the notice, then the message.
    const events = collectingWork(unit.tx);
    if (sent.notice_id) {
      announceNotification(events, {
        id: sent.notice_id,
        userId: sent.receiver_id,
        type: 'message',
        title: sent.notice_title,
        message: sent.notice_message,
        link,
        isRead: false,
        createdAt,
        actorId: actor.id,
        actorName: actor.name,
        ...actorPhoto(sent.notice_photo_id, actor.tier, sent.receiver_tier),
      });
    }
    events.publish(messageCreated(message));
    publishRecorded(unit, sent.outbox_id === null ? null : Number(sent.outbox_id), events.messages);
    return { message, created: true };
  }, work);
}

/** `message.created`, to both members of the chat. */
const messageCreated = (message: Message) =>
  ({
    kind: 'deliver',
    userIds: [message.sender_id, message.receiver_id],
    event: { type: 'message.created', payload: message },
  }) as const;

/** The name of the send statement's outbox rows (decision 034). */
export const SENT_MESSAGE_RECIPE = 'message.sent';

/**
 * A send's events rebuilt from its outbox row, for the delivery worker when the process that
 * committed the send died before publishing them: the receiver's notice as it now reads, then
 * `message.created`, decrypted from the stored message (the row holds ids only, never the text).
 */
export async function sentMessageRecipe(ctx: AppContext, body: unknown, work: Work): Promise<void> {
  const { message_id, notice_id } = body as { message_id: string; notice_id: string | null };
  if (notice_id) await announceNotifications(work, [notice_id]);
  const [row] = await work.tx.select(messageColumns).from(messages).where(eq(messages.id, message_id));
  if (row) work.publish(messageCreated(presentMessage(row, shownText(ctx, row))));
}

type SentRow = {
  created_at: string | Date | null;
  /** The outbox row holding the send's events (none inside a caller's unit). */
  outbox_id: string | number | null;
  receiver_id: string;
  receiver_tier: TierLevel;
  notice_id: string | null;
  notice_title: string;
  notice_message: string;
  notice_photo_id: string | null;
};

/**
 * The send as one prepared statement. The UPDATE of the match is the gate: it matches only the
 * actor's own open match with no block between the two and no message under this id yet, and it
 * locks the row; a concurrent send to the same match waits for it and then re-evaluates against the
 * committed row, so `last_sender_id` decides without a race whether the other member has written
 * before (the conversation has then started). The message and the notice are written only through it.
 *
 * The notice is one row per receiver and chat (its dedupe key, on the key's unique index): the
 * first message inserts it, later ones update it in place: unread again, back at the top, its count
 * one more, or 1 again once it had been read. ON CONFLICT reads the latest committed row, so sends
 * that arrive together count every message and never write a second row.
 */
const sendStatement = preparedStatement<
  SentRow,
  {
    matchId: string;
    actorId: string;
    messageId: string;
    ciphertext: Uint8Array;
    nonce: Uint8Array;
    keyId: string;
    noticeKey: string;
    noticeTitle: string;
    noticeMessage: string;
    manyTitle: string;
    manyMessageAfterCount: string;
    noticeLink: string;
    record: boolean;
  }
>('send_message', (v) => {
  const actorId = sql`${v.actorId}::uuid`;
  const other = otherMember(actorId);
  // Inside ON CONFLICT, the notifications columns are the stored notice's.
  const count = sql`(case when ${notifications.isRead} then 1 else ${notifications.eventCount} + 1 end)`;
  const receiverVisibility = visibleTo({ id: sql`bumped.receiver_id`, tier: sql`bumped.receiver_tier` });
  return sql`
    with bumped as (
      update ${matches} set
        last_message_at = now(),
        conversation_started_at = coalesce(${matches.conversationStartedAt},
          case when ${matches.lastSenderId} is not null and ${matches.lastSenderId} <> ${actorId} then now() end),
        last_sender_id = ${actorId}
      where ${matches.id} = ${v.matchId}::uuid and ${isParticipant(actorId)} and ${matchIsOpen}
        and not ${blockInMatch(actorId)}
        and not exists (select 1 from ${messages} where ${messages.id} = ${v.messageId}::uuid)
      returning ${other} as receiver_id,
        (select recipient.tier_level from ${profiles} recipient where recipient.user_id = ${other}) as receiver_tier
    ), inserted as (
      insert into ${messages} (id, match_id, sender_id, receiver_id, ciphertext, nonce, key_id)
      select ${v.messageId}::uuid, ${v.matchId}::uuid, ${actorId}, bumped.receiver_id,
        ${v.ciphertext}::bytea, ${v.nonce}::bytea, ${v.keyId}::text
      from bumped
      returning created_at, receiver_id
    ), notice as (
      insert into ${notifications} (user_id, type, title, message, actor_id, link, dedupe_key)
      select inserted.receiver_id, 'message', ${v.noticeTitle}::text, ${v.noticeMessage}::text, ${actorId},
        ${v.noticeLink}::text, ${v.noticeKey}::text
      from inserted
      where coalesce((select ${safetySettings.messageNotifications} from ${safetySettings}
        where ${safetySettings.userId} = inserted.receiver_id), true)
      on conflict (user_id, dedupe_key) where dedupe_key is not null do update set
        event_count = ${count},
        title = case when ${count} = 1 then excluded.title else ${v.manyTitle}::text end,
        message = case when ${count} = 1 then excluded.message
          else ${count}::text || ${v.manyMessageAfterCount}::text end,
        is_read = false,
        created_at = now()
      returning id, title, message
    ), outboxed as (
      ${outboxInsert({
        recipe: SENT_MESSAGE_RECIPE,
        body: sql`jsonb_build_object('message_id', ${v.messageId}::uuid, 'notice_id', (select id from notice))`,
        from: sql`inserted`,
        where: sql`${v.record}::boolean`,
      })}
    )
    select inserted.created_at, inserted.receiver_id, (select receiver_tier from bumped) as receiver_tier,
      (select id from outboxed) as outbox_id,
      (select id from notice) as notice_id, (select title from notice) as notice_title,
      (select message from notice) as notice_message,
      -- The sender's avatar on the notice, as the receiver may see it (the notification list's rule).
      case when exists (select 1 from notice) then (
        select ${photos.id} from ${profiles}
          join ${photos} on ${photos.userId} = ${profiles.userId} and ${photos.status} = 'approved'
          cross join bumped
        where ${profiles.userId} = ${actorId} and ${receiverVisibility}
        order by ${photos.position} limit 1) end as notice_photo_id
    from inserted`;
});

/**
 * A stored message as the actor sees it, wherever it is shown to them (the chat, a retried send).
 * With Read Receipts off, the other member's reads of the actor's messages stay theirs.
 */
function presentFor(ctx: AppContext, match: MatchAccess, actor: MemberActor, row: MessageRow): Message {
  const hidesRead = !match.readReceipts.theirs && row.senderId === actor.id;
  return presentMessage(hidesRead ? { ...row, readStatus: false } : row, shownText(ctx, row));
}

/**
 * Why a send wrote nothing, read after the fact: a retry of a message already stored returns it
 * (the same id anywhere else is a conflict); otherwise the match is not the actor's or stands
 * across a block (404, matchFor) or has closed (409).
 */
async function explainUnsent(
  db: Db,
  ctx: AppContext,
  actor: MemberActor,
  matchId: string,
  messageId: string,
): Promise<SendReply> {
  const match = await matchFor(db, actor, matchId, { messageId });
  const existing = match.existing;
  if (existing) {
    if (existing.senderId !== actor.id || existing.matchId !== match.id) {
      throw new AppError(ErrorCode.CONFLICT, 'This message id is already taken');
    }
    return { message: presentFor(ctx, match, actor, existing), created: false };
  }
  if (!match.open) throw new AppError(ErrorCode.MATCH_EXPIRED, MATCH_EXPIRED_TEXT);
  // The match changed between the two reads (it closed, or a block was lifted): ask for a retry.
  throw new AppError(ErrorCode.CONFLICT, 'The conversation changed; please send again');
}

/**
 * One page of a chat, oldest first: the newest page by default, older ones by cursor. Readable by
 * the two members while no block stands between them, also after the match expired.
 */
export async function listMessages(
  ctx: AppContext,
  { actor, matchId, query }: { actor: MemberActor; matchId: string; query: MessageListQuery },
): Promise<MessagePage> {
  const match = await matchFor(ctx.db, actor, matchId);
  const limit = query.limit ?? MESSAGE_PAGE_SIZE;
  const before = timeAndIdCursor.decode(query.cursor);
  const rows = await ctx.db
    .select({ ...messageColumns, sortAt: microsecondKey(messages.createdAt) })
    .from(messages)
    .where(
      and(
        eq(messages.matchId, match.id),
        before
          ? sql`(${messages.createdAt}, ${messages.id}) < (${before.t}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const oldest = page.at(-1);
  return {
    items: page.reverse().map((row) => presentFor(ctx, match, actor, row)),
    older_cursor:
      rows.length > limit && oldest ? timeAndIdCursor.encode({ t: oldest.sortAt, id: oldest.id }) : null,
  };
}

/**
 * Marks the messages the actor received in this match as read (never the ones they sent) and tells
 * the sender which, after commit, unless the actor turned Read Receipts off: then only the actor's
 * own other tabs hear of it (their unread counts). The chat's new-messages notice is read with them
 * (`notification.read` to the actor's tabs). Two statements, one transaction.
 */
export async function markMatchRead(
  ctx: AppContext,
  { actor, matchId }: { actor: MemberActor; matchId: string },
): Promise<MarkReadReply> {
  const match = await matchFor(ctx.db, actor, matchId);
  return ctx.transact(async (unit) => {
    // The notice first: its row stays locked until commit, so a send arriving meanwhile waits at its
    // notice and its message is not among those read here: it counts as new, and so does its notice.
    await markNoticeRead(unit, actor.id, chatNoticeKey(match.id));
    const read = await unit.tx
      .update(messages)
      .set({ readStatus: true })
      .where(
        and(
          eq(messages.matchId, match.id),
          eq(messages.receiverId, actor.id),
          eq(messages.readStatus, false),
        ),
      )
      .returning({ id: messages.id, createdAt: messages.createdAt });
    const ids = read.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((r) => r.id);
    if (ids.length > 0) {
      unit.publish({
        kind: 'deliver',
        userIds: match.readReceipts.mine ? [match.otherId, actor.id] : [actor.id],
        event: { type: 'message.read', payload: { match_id: match.id, reader_id: actor.id, ids } },
      });
    }
    return { read_ids: ids };
  });
}

/**
 * Whether the actor may signal typing in this match: they belong to it, it is open and no block
 * stands between them. Returns the other member, who alone is told.
 */
export async function typingRecipient(ctx: AppContext, actor: MemberActor, matchId: string): Promise<string> {
  const match = await matchFor(ctx.db, actor, matchId);
  if (!match.open) throw new AppError(ErrorCode.MATCH_EXPIRED, MATCH_EXPIRED_TEXT);
  return match.otherId;
}

/**
 * Encrypts with the current key the messages still held under an old key (after a rotation) or as
 * legacy plain text (written before encryption at rest), in batches of one transaction each;
 * returns how many were rewritten. `legacyOnly` (the start-up pass) leaves old-key rows alone: the
 * rotation command moves those.
 */
export async function reencryptMessages(
  ctx: Pick<AppContext, 'db' | 'messageKeys'>,
  { legacyOnly = false, batchSize = 500 }: { legacyOnly?: boolean; batchSize?: number } = {},
): Promise<{ reencrypted: number; unreadable: string[] }> {
  const ring = ctx.messageKeys;
  const unreadable: string[] = [];
  const pending = legacyOnly
    ? isNotNull(messages.legacyContent)
    : (or(sql`${messages.keyId} <> ${ring.current.id}`, isNotNull(messages.legacyContent)) as SQL);
  let reencrypted = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await ctx.db
      .select(messageColumns)
      .from(messages)
      .where(and(pending, sql`${messages.id} > ${after}::uuid`))
      .orderBy(asc(messages.id))
      .limit(batchSize);
    const last = batch.at(-1);
    if (!last) return { reencrypted, unreadable };
    after = last.id;
    await ctx.db.transaction(async (tx) => {
      for (const row of batch) {
        let text: string;
        try {
          text = messageText(ctx, row);
        } catch {
          // Left as it is (and reported): re-encrypting a placeholder would destroy the evidence.
          unreadable.push(row.id);
          continue;
        }
        const sealed = sealMessage(ring, { id: row.id, matchId: row.matchId }, text);
        await tx
          .update(messages)
          .set({ ...sealed, legacyContent: null })
          .where(eq(messages.id, row.id));
        reencrypted += 1;
      }
    });
  }
}

/**
 * A message row ready to insert, encrypted with the ring's current key, for writers outside a send
 * (the demo seed, tests). Sends go through sendMessage.
 */
export function sealedMessageValues(
  ring: MessageKeyRing,
  message: {
    matchId: string;
    senderId: string;
    receiverId: string;
    content: string;
    readStatus?: boolean;
    createdAt?: Date;
  },
) {
  const { content, ...rest } = message;
  const id = randomUUID();
  return { id, ...rest, ...sealMessage(ring, { id, matchId: message.matchId }, content) };
}
