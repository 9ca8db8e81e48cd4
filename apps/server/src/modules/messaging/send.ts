import {
  AppError,
  ErrorCode,
  MATCH_EXPIRED_TEXT,
  MESSAGE_RATE_LIMITED_TEXT,
  MESSAGES_PER_MEMBER_PER_MINUTE,
  type Message,
  messageSendBlock,
  type sendMessageBodySchema,
} from '@royal/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { collectingWork, publishRecorded, type Work } from '../../db/transaction';
import { sealMessage } from '../../lib/message-crypto';
import type { MemberActor } from '../auth';
import { actorPhoto, announceNotification } from '../notifications';
import { chatNoticeKey, newMessagesNotice } from './chat-notice';
import { matchFor, presentFor } from './match-access';
import { presentMessage } from './presenter';
import { sendStatement } from './send-statement';
import { messageCreated } from './sent-events';

// Sending a message (POST /api/matches/:id/messages): the rate, the one statement that writes it
// (send-statement.ts) and, when that wrote nothing, why.

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
  // The chat's own address (decision 042; the app still opens older `/messages?match=` links).
  const link = `/messages/${match.id}`;
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
  const match = await matchFor({ tx: db }, actor, matchId, { messageId });
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
