import { z } from 'zod';
import { DATE_PLAN_STATUSES } from '../date-plans';
import { MATCH_STATUSES } from '../enums';
import { matchSummarySchema } from './discovery';
import { accountRestrictionSchema } from './enforcement';
import { messageSchema, messagesReadSchema, typingEventSchema, typingSchema } from './messaging';
import { notificationSchema } from './notifications';

/** A match changed state (expired after 48 hours without both members writing, unmatched). */
export const matchUpdateSchema = z.object({
  id: z.uuid(),
  status: z.enum(MATCH_STATUSES),
});
export type MatchUpdate = z.infer<typeof matchUpdateSchema>;

/**
 * `date_plan.changed`: a date plan of the member's was proposed, answered, cancelled, checked in
 * or settled (issue 39): the app reads the match's plans again (each member sees their own side).
 */
export const datePlanChangedSchema = z.object({
  id: z.uuid(),
  match_id: z.uuid(),
  status: z.enum(DATE_PLAN_STATUSES),
});
export type DatePlanChanged = z.infer<typeof datePlanChangedSchema>;

/**
 * `notification.read`: these notifications of the member's are now read without their own tab
 * asking (the new-messages notice of a chat they just read, decision 031); the badge drops.
 */
export const notificationsReadSchema = z.object({ ids: z.array(z.string().min(1)) });
export type NotificationsRead = z.infer<typeof notificationsReadSchema>;

/**
 * `account.updated`: an admin changed the member's own account (tier, verified mark): the app
 * reads /api/me again, so their open screens show it without a reload.
 */
export const accountUpdatedSchema = z.object({
  fields: z.array(z.enum(['tier_level', 'verified'])).describe('What changed'),
});
export type AccountUpdated = z.infer<typeof accountUpdatedSchema>;

/**
 * `account.restricted`: an admin suspended or banned the member. Their sessions are gone and their
 * sockets close right after this: the app shows the sign-in screen with why (decision 060).
 */
export const accountRestrictedSchema = accountRestrictionSchema;

/**
 * An event's id, on the events that are delivered at least once (those a committed unit of work
 * raises: decision 034): after a crash the server may send one again, with the same id, and the
 * client drops an id it has seen. Typing signals carry none.
 */
const eventId = z.string().min(1).optional();

/**
 * Where a delivered event stands in the member's stream (decision 064): increasing, durable across
 * instances and restarts. A tab that lost its socket asks for the events after the last position it
 * saw (`GET /api/realtime/missed?after=`). Typing signals carry none.
 */
const eventPosition = z.number().int().positive().optional();
/** The fields every durable event carries. */
const delivered = { id: eventId, position: eventPosition };

/**
 * Every event the server pushes to a member (over the realtime channel). The server publishes them
 * only after the transaction that caused them commits; payloads are built by the same presenters as
 * the HTTP replies. The bus between instances is typed by this union too.
 */
export const serverEventSchema = z.discriminatedUnion('type', [
  // Also a notice updated in place (its id unchanged, unread again, e.g. a chat's "3 new messages
  // from Ana", decision 031): the list shows it instead of the old one.
  z.object({ type: z.literal('notification.created'), payload: notificationSchema, ...delivered }),
  z.object({ type: z.literal('notification.read'), payload: notificationsReadSchema, ...delivered }),
  z.object({ type: z.literal('match.created'), payload: matchSummarySchema, ...delivered }),
  z.object({ type: z.literal('match.updated'), payload: matchUpdateSchema, ...delivered }),
  z.object({ type: z.literal('message.created'), payload: messageSchema, ...delivered }),
  z.object({ type: z.literal('message.read'), payload: messagesReadSchema, ...delivered }),
  z.object({ type: z.literal('typing'), payload: typingEventSchema }),
  z.object({ type: z.literal('account.updated'), payload: accountUpdatedSchema, ...delivered }),
  z.object({ type: z.literal('account.restricted'), payload: accountRestrictedSchema, ...delivered }),
  z.object({ type: z.literal('date_plan.changed'), payload: datePlanChangedSchema, ...delivered }),
]);
export type ServerEvent = z.infer<typeof serverEventSchema>;
export type ServerEventType = ServerEvent['type'];

/** Every message a client may send on the realtime channel (validated; anything else is refused). */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('typing'), payload: typingSchema }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** Per-socket limits of the realtime channel (the server enforces them; the client stays inside). */
export const REALTIME_LIMITS = {
  /** Largest client frame in bytes; a larger one closes the socket (1009). */
  maxFrameBytes: 4096,
  /** Client frames allowed per window; more close the socket (4429). */
  framesPerWindow: 30,
  /**
   * Client frames allowed per window from all of one member's sockets on an instance together: more
   * close the socket that sent it (4429). Without it, each socket of a member multiplied the budget.
   */
  memberFramesPerWindow: 60,
  windowMs: 10_000,
  /** Sockets one member may hold open on an instance (tabs and devices); another is refused (429). */
  socketsPerMember: 10,
  /** The server pings this often; a socket that has not answered the previous ping is closed. */
  heartbeatMs: 25_000,
  /** A typing signal lapses this long after the last `true` unless renewed (spec part 2 §4). */
  typingLapseMs: 3_000,
} as const;

/** Close codes the server uses (4000–4999 are the application's own). */
export const REALTIME_CLOSE = {
  /** The session ended (sign-out, expiry) or was never valid. */
  unauthenticated: 4401,
  rateLimited: 4429,
  /**
   * This instance is shutting down (or restarting): reconnect — the proxy sends the new socket to
   * another instance — then ask for what was missed since the last position (decision 064).
   */
  goingAway: 4503,
} as const;

/** How many events one answer of `GET /api/realtime/missed` holds at most (`has_more` says there are more). */
export const REALTIME_MISSED_LIMIT = 500;

export const realtimeMissedQuerySchema = z.object({
  after: z.coerce
    .number()
    .int()
    .min(0)
    .describe("The last position the client saw (an event's `position`, or the `hello` frame's)"),
  limit: z.coerce.number().int().min(1).max(REALTIME_MISSED_LIMIT).default(REALTIME_MISSED_LIMIT),
});
export type RealtimeMissedQuery = z.infer<typeof realtimeMissedQuerySchema>;

export const realtimeMissedSchema = z.object({
  events: z
    .array(serverEventSchema)
    .describe(
      "The member's events after `after`, oldest first; a few just before it may come again (drop seen ids)",
    ),
  position: z
    .number()
    .int()
    .min(0)
    .describe("Where to ask from next (the last event's position, or `after`)"),
  has_more: z.boolean().describe('More events follow: ask again from `position`'),
  too_old: z
    .boolean()
    .describe('`after` is older than the retention window (or unknown here): refetch everything instead'),
});
export type RealtimeMissed = z.infer<typeof realtimeMissedSchema>;

/** Everything the server sends on a socket: events, the answer to a ping, and refusals of a frame. */
export const socketFrameSchema = z.union([
  serverEventSchema,
  z.object({ type: z.literal('pong') }),
  // Sent once a socket is attached: the stream's head when it joined, the position to resume from
  // if it closes before any event arrives (decision 064).
  z.object({ type: z.literal('hello'), position: z.number().int().min(0) }),
  z.object({
    type: z.literal('error'),
    payload: z.object({ code: z.string(), message: z.string() }),
  }),
]);
export type SocketFrame = z.infer<typeof socketFrameSchema>;
