import { z } from 'zod';
import { meSchema } from './me';

/** Reply of sign-in and sign-up: the member the new session belongs to. */
export const authReplySchema = z
  .object({ user: meSchema.describe('The signed-in member') })
  .describe('The session was created (cookie set)');
export type AuthReply = z.infer<typeof authReplySchema>;

/**
 * A 204 No Content reply as a client reads it: no body at all. Clients parse empty replies with it
 * too, so an answer that unexpectedly carries data is noticed instead of ignored.
 */
export const emptyReplySchema = z.undefined().describe('No body (204 No Content)');
export type EmptyReply = z.infer<typeof emptyReplySchema>;
