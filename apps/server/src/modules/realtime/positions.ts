import {
  type RealtimeMissed,
  type RealtimeMissedQuery,
  type ServerEvent,
  serverEventSchema,
} from '@royal/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { BusBreak, BusMessage } from '../../adapters/bus';
import type { DatabaseHandle, Db } from '../../db/client';
import type { EventPositions } from '../../db/transaction';
import { type KeyRing, open, seal } from '../../lib/key-ring';
import { appendEvents, appendEventsOnce, eventsAfter, type LoggedRow, pruneEvents } from './queries';

/**
 * Positions in each member's realtime stream (decision 064). Every durable event (one with an id,
 * decision 034) is logged once per recipient just before it is published, and the bus message
 * carries each recipient's position; a tab that lost its socket asks `GET /api/realtime/missed`
 * for what came after the last position it saw. Events are sealed with the message keys, bound to
 * their member and id: a chat message's text is no more readable here than in `messages`.
 */

/** How long delivered events stay resumable; a client away longer refetches everything. */
export const REALTIME_RETENTION_MS = 24 * 60 * 60 * 1000;

const LABEL = 'MESSAGE_KEYS key';
const binding = (userId: string, eventId: string) => Buffer.from(`realtime-event\n${userId}\n${eventId}`);

/** The durable deliveries among `messages`: those whose event has an id (typing signals have none). */
const durable = (
  message: BusMessage,
): message is Extract<BusMessage, { kind: 'deliver' }> & {
  event: { id: string };
} => message.kind === 'deliver' && 'id' in message.event && message.event.id !== undefined;

/** The stamping units of work and the relay use (TransactionDeps.positions). */
export function createEventPositions(keys: KeyRing, database: DatabaseHandle): EventPositions {
  return {
    async stamp(messages, { relayedIn } = {}) {
      const rows: LoggedRow[] = [];
      for (const message of messages) {
        if (!durable(message)) continue;
        const plaintext = Buffer.from(JSON.stringify(message.event));
        for (const userId of message.userIds) {
          const sealed = seal(keys, binding(userId, message.event.id), plaintext);
          rows.push({
            userId,
            eventId: message.event.id,
            keyId: sealed.keyId,
            nonce: sealed.nonce.toString('base64'),
            ciphertext: sealed.ciphertext.toString('base64'),
          });
        }
      }
      if (rows.length === 0) return [...messages];
      const logged = relayedIn ? await appendEventsOnce(relayedIn, rows) : await appendEvents(database, rows);
      const at = new Map(logged.map((row) => [`${row.userId} ${row.eventId}`, row.position]));
      return messages.map((message) => {
        if (!durable(message)) return message;
        const positions: Record<string, number> = {};
        for (const userId of message.userIds) {
          const position = at.get(`${userId} ${message.event.id}`);
          if (position !== undefined) positions[userId] = position;
        }
        return { ...message, positions };
      });
    },
  };
}

/** For this long after a break of the bus ends, a resuming member also gets what was logged during it. */
export const BREAK_CATCH_UP_MS = 5 * 60_000;
/** How far before the break was noticed that reaches: the other instances' clocks, and their noticing. */
const BREAK_SLACK_MS = 5_000;

/**
 * Where a resume's margin must reach back to after a recent break of the bus, or null. During a
 * break an event another instance could not publish is delivered there only, and relayed to the
 * rest once Redis is back, under the position it was logged with; a member here meanwhile saw
 * later positions of their own instance, so "after my last position" alone would pass it by if the
 * relay went out before their socket was back. Their tab drops the ids it has already seen.
 */
export function breakCatchUpFrom(busBreak: BusBreak | null, now: Date): Date | null {
  if (!busBreak || now.getTime() - busBreak.to.getTime() > BREAK_CATCH_UP_MS) return null;
  return new Date(busBreak.from.getTime() - BREAK_SLACK_MS);
}

/**
 * The member's events after `after`, oldest first, each with its position (and first those logged
 * just before it, which an out-of-order publish may have kept from the client: it drops the ids it
 * has seen); `too_old` when the stream no longer reaches back there (pruned, or a position this
 * database never gave: a restored backup), and the client then refetches what it shows instead.
 */
export async function missedEvents(
  deps: { db: Db; keys: KeyRing; log: FastifyBaseLogger; busBreak: BusBreak | null },
  { userId, query }: { userId: string; query: RealtimeMissedQuery },
  now: Date = new Date(),
): Promise<RealtimeMissed> {
  const { after, limit } = query;
  const loggedSince = breakCatchUpFrom(deps.busBreak, now);
  const found = await eventsAfter(deps.db, { userId, after, limit: limit + 1, loggedSince });
  const newest = found.newest ?? 0;
  // Positions between `after` and the oldest kept one were pruned: some may have been this member's.
  const pruned = found.oldest !== null && after + 1 < found.oldest;
  if (pruned || after > newest) return { events: [], position: after, has_more: false, too_old: true };
  const page = found.events.slice(0, limit);
  const events: ServerEvent[] = [];
  for (const row of [...found.margin, ...page]) {
    try {
      const text = open(deps.keys, binding(userId, row.eventId), row, LABEL).toString();
      events.push({ ...serverEventSchema.parse(JSON.parse(text)), position: row.position } as ServerEvent);
    } catch (error) {
      // A key taken out of the ring, or a tampered row: the member's tab refetches on its own anyway.
      deps.log.error({ err: error, position: row.position }, 'a logged realtime event could not be read');
    }
  }
  const last = page.at(-1)?.position ?? after;
  return { events, position: Math.max(after, last), has_more: found.events.length > limit, too_old: false };
}

/** The `realtime-retention` job: events older than REALTIME_RETENTION_MS are deleted. */
export const pruneRealtimeEvents = (ctx: { db: Db }, now: Date = new Date()) =>
  pruneEvents(ctx.db, new Date(now.getTime() - REALTIME_RETENTION_MS));
