import type { TierLevel } from '@royal/shared';
import { sql } from 'drizzle-orm';
import { outboxInsert } from '../../db/outbox';
import { preparedStatement } from '../../db/prepared';
import { matches, messages, notifications, profiles, safetySettings } from '../../db/schema';
import { matchIsOpen } from '../matches';
import { visibleActorPhoto } from '../notifications';
import { blockInMatch, isParticipant, otherMember } from './match-members';
import { SENT_MESSAGE_RECIPE } from './sent-events';

// The message send's one statement (decision 014): the match's gate, the message, the receiver's chat
// notice (decision 031) and the outbox row of the send's events (decision 034). send.ts runs it.

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
export const sendStatement = preparedStatement<
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
  const receiver = { id: sql`bumped.receiver_id`, tier: sql`bumped.receiver_tier` };
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
      case when exists (select 1 from notice) then ${visibleActorPhoto(actorId, receiver, sql`cross join bumped`)} end as notice_photo_id
    from inserted`;
});
