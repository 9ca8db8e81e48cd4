import { z } from 'zod';
import { SUPPORT_REQUEST_STATUSES, SUPPORT_TOPICS } from '../enums';
import { groupedInteger } from '../format';
import { SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_MIN, SUPPORT_OPEN_REQUESTS_MAX } from '../limits';
import { hasVisibleText } from '../text';
import { cursorQuerySchema, listOrderSchema, pageSchema } from './common';

// Support requests (issue 34): what a member asks the team from the Help dialog, and the admins' list.

export const SUPPORT_TOPIC_REQUIRED_TEXT = 'Choose a topic';
export const SUPPORT_MESSAGE_TOO_SHORT_TEXT = `Tell us a little more: at least ${SUPPORT_MESSAGE_MIN} characters`;
export const SUPPORT_MESSAGE_TOO_LONG_TEXT = `Your message can be at most ${groupedInteger(SUPPORT_MESSAGE_MAX)} characters`;
export const SUPPORT_OPEN_LIMIT_TEXT = `You already have ${SUPPORT_OPEN_REQUESTS_MAX} requests waiting for a reply. We will answer those first; then you can write again.`;

/** The form's and the route's one rule for a request: the web checks it before sending, the API on arrival. */
export const supportRequestBodySchema = z.object({
  topic: z.enum(SUPPORT_TOPICS, { error: SUPPORT_TOPIC_REQUIRED_TEXT }).describe('What the request is about'),
  message: z
    .string({ error: SUPPORT_MESSAGE_TOO_SHORT_TEXT })
    .trim()
    .min(SUPPORT_MESSAGE_MIN, SUPPORT_MESSAGE_TOO_SHORT_TEXT)
    .max(SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_TOO_LONG_TEXT)
    // Zero-width spaces survive trim() and would reach the team as an empty message.
    .refine(hasVisibleText, SUPPORT_MESSAGE_TOO_SHORT_TEXT)
    .describe(`Trimmed; ${SUPPORT_MESSAGE_MIN}–${SUPPORT_MESSAGE_MAX} characters`),
});
export type SupportRequestBody = z.input<typeof supportRequestBodySchema>;

/** A request as its member sees it once filed. */
export const supportRequestSchema = z
  .object({
    id: z.uuid(),
    topic: z.enum(SUPPORT_TOPICS),
    status: z.enum(SUPPORT_REQUEST_STATUSES),
    created_at: z.iso.datetime({ offset: true }),
  })
  .describe('A support request');
export type SupportRequest = z.infer<typeof supportRequestSchema>;

/** A request in the admins' list: what was asked, and by whom. */
export const queuedSupportRequestSchema = supportRequestSchema
  .extend({
    message: z.string(),
    member: z.object({ id: z.uuid(), name: z.string() }).describe('Who asked, to reply to'),
  })
  .describe('A support request, for the team');
export type QueuedSupportRequest = z.infer<typeof queuedSupportRequestSchema>;

export const supportRequestsPageSchema = pageSchema(queuedSupportRequestSchema).describe('Newest first');
export type SupportRequestsPage = z.infer<typeof supportRequestsPageSchema>;

export const supportRequestsQuerySchema = cursorQuerySchema.extend({
  status: z.enum(SUPPORT_REQUEST_STATUSES).optional().describe('Only requests in this state'),
  order: listOrderSchema,
});
export type SupportRequestsQuery = z.infer<typeof supportRequestsQuerySchema>;
