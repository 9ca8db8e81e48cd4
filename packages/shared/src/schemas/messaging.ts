import { z } from 'zod';
import { MATCH_STATUSES } from '../enums';
import { groupedInteger } from '../format';
import { MESSAGE_MAX } from '../limits';
import { hasVisibleText } from '../text';
import { cursorQuerySchema, pageSchema, uuidInput } from './common';
import { memberCardSchema } from './discovery';

const isoDateTime = z.iso.datetime({ offset: true });

export const MESSAGE_EMPTY_TEXT = 'Message cannot be empty';
export const MESSAGE_TOO_LONG_TEXT = `Messages can be at most ${groupedInteger(MESSAGE_MAX)} characters`;
/** Spec part 2 §8: what a member sees when a send fails for a reason other than a rule. */
export const MESSAGE_SEND_FAILED_TEXT = 'Failed to send message. Please try again.';
export const MATCH_EXPIRED_TEXT = 'This match has expired';
/**
 * A match that is not the member's, no longer exists, or stands across a block either way: one
 * answer for all, so a member cannot tell that the other blocked them (decision 031).
 */
export const MATCH_NOT_FOUND_TEXT = 'Match not found';
/** Ours (the spec has none): a member sending more than MESSAGES_PER_MEMBER_PER_MINUTE (decision 031). */
export const MESSAGE_RATE_LIMITED_TEXT =
  'You are sending messages too quickly. Please wait a moment and try again.';
/** Spec part 2 §2: the chat's notice when the other member's tier is above yours. */
export const HIGHER_TIER_NOTICE_TEXT =
  'This user has a higher tier level. They may have premium messaging features.';

/** Message text as sent: trimmed; empty (or whitespace only) and over-long texts are refused. */
export const messageContentSchema = z
  .string()
  .transform((text) => text.trim())
  .pipe(
    z
      .string()
      .min(1, MESSAGE_EMPTY_TEXT)
      .max(MESSAGE_MAX, MESSAGE_TOO_LONG_TEXT)
      // Zero-width spaces and fillers survive trim() and would arrive as an empty bubble.
      .refine(hasVisibleText, MESSAGE_EMPTY_TEXT),
  );

export const sendMessageBodySchema = z.object({
  id: uuidInput().describe(
    'Chosen by the client (a random UUID) so that a retried send never creates a second message',
  ),
  content: messageContentSchema.describe(`Trimmed; 1–${MESSAGE_MAX} characters`),
});
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

export const messageSchema = z
  .object({
    id: z.uuid(),
    match_id: z.uuid(),
    sender_id: z.uuid(),
    receiver_id: z.uuid(),
    content: z.string(),
    message_type: z.literal('text'),
    read: z.boolean().describe('The receiver has opened the chat since it arrived'),
    created_at: isoDateTime,
  })
  .describe('One chat message (stored encrypted at rest; decrypted for the two members only)');
export type Message = z.infer<typeof messageSchema>;

export const messagePageSchema = z.object({
  items: z.array(messageSchema).describe('Oldest first'),
  older_cursor: z
    .string()
    .nullable()
    .describe('Pass as `cursor` for the page before this one; null at the start'),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** The newest page by default; `cursor` (an `older_cursor`) reaches further back. */
export const messageListQuerySchema = cursorQuerySchema;
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const matchListItemSchema = z
  .object({
    id: z.uuid(),
    member: memberCardSchema,
    status: z.enum(MATCH_STATUSES).describe("'expired' once the 48 hours passed before both members wrote"),
    expires_at: isoDateTime
      .nullable()
      .describe('When an unanswered match closes; null once both members have written (it stays open)'),
    created_at: isoDateTime,
    last_message: z.object({ content: z.string(), sender_id: z.uuid(), created_at: isoDateTime }).nullable(),
    unread_count: z.int().min(0),
    premium_user: z.boolean().describe("The other member's tier is above yours"),
  })
  .describe('One of your matches, newest activity first');
export type MatchListItem = z.infer<typeof matchListItemSchema>;

export const matchListSchema = pageSchema(matchListItemSchema).describe(
  'Your matches, newest activity first, a page at a time',
);
export type MatchList = z.infer<typeof matchListSchema>;

export const markReadReplySchema = z.object({
  read_ids: z.array(z.uuid()).describe('Messages this call marked read (already read ones are not repeated)'),
});
export type MarkReadReply = z.infer<typeof markReadReplySchema>;

/** `message.read`: the receiver opened the chat; these messages of yours now show two ticks. */
export const messagesReadSchema = z.object({
  match_id: z.uuid(),
  reader_id: z.uuid(),
  ids: z.array(z.uuid()),
});
export type MessagesRead = z.infer<typeof messagesReadSchema>;

/** `typing`, both ways: the client says whether it is typing in a match; the other member is told. */
export const typingSchema = z.object({ match_id: uuidInput(), is_typing: z.boolean() });
export const typingEventSchema = typingSchema.extend({ user_id: z.uuid() });
export type TypingEvent = z.infer<typeof typingEventSchema>;
