import { z } from 'zod';
import { MATCH_STATUSES } from '../enums';
import { matchSummarySchema } from './discovery';
import { messageSchema, messagesReadSchema, typingEventSchema, typingSchema } from './messaging';
import { notificationSchema } from './notifications';

/** A match changed state (expired after 48 hours without both members writing, unmatched). */
export const matchUpdateSchema = z.object({
  id: z.uuid(),
  status: z.enum(MATCH_STATUSES),
});
export type MatchUpdate = z.infer<typeof matchUpdateSchema>;

/**
 * Every event the server pushes to a member (over the realtime channel). The server publishes them
 * only after the transaction that caused them commits; payloads are built by the same presenters as
 * the HTTP replies. The bus between instances is typed by this union too.
 */
export const serverEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification.created'), payload: notificationSchema }),
  z.object({ type: z.literal('match.created'), payload: matchSummarySchema }),
  z.object({ type: z.literal('match.updated'), payload: matchUpdateSchema }),
  z.object({ type: z.literal('message.created'), payload: messageSchema }),
  z.object({ type: z.literal('message.read'), payload: messagesReadSchema }),
  z.object({ type: z.literal('typing'), payload: typingEventSchema }),
]);
export type ServerEvent = z.infer<typeof serverEventSchema>;
export type ServerEventType = ServerEvent['type'];

/** Every message a client may send on the realtime channel (validated; anything else is refused). */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('typing'), payload: typingSchema }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
