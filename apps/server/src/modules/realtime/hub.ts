import type { WebSocket } from '@fastify/websocket';
import {
  type Access,
  AppError,
  accessRefusal,
  type ClientMessage,
  clientMessageSchema,
  ErrorCode,
  REALTIME_CLOSE,
  REALTIME_LIMITS,
  type SocketFrame,
} from '@royal/shared';
import type { BusMessage } from '../../adapters/bus';
import type { AppContext } from '../../context';
import type { MemberActor } from '../auth';
import { typingRecipient } from '../messaging';
import { streamHead } from './queries';

/**
 * Who may send each client frame: the same declarations as HTTP routes, enforced in one place
 * (`handleFrame`), and walked by the access-matrix test. Typing is part of writing a message.
 */
export const CLIENT_MESSAGE_ACCESS: Readonly<Record<ClientMessage['type'], Access>> = {
  ping: 'member',
  typing: { capability: 'send_message' },
};

/**
 * The sockets are dealt into this many slices, pinged one slice after another: each socket still
 * hears a ping once per heartbeat period, but 10,000 sockets cost 400 pings a second rather than a
 * 10,000-ping stall every 25 s (which delayed every message in flight at that moment).
 */
const HEARTBEAT_SLICES = 25;

export type HubOptions = {
  now?: () => number;
  /** How often each socket is pinged; one that has not answered the previous ping is closed. */
  heartbeatMs?: number;
};

type Connection = {
  socket: WebSocket;
  actor: MemberActor;
  /** The raw session cookie, to re-resolve the member when the bus says they changed. */
  cookie: string;
  alive: boolean;
  /** The heartbeat slice this socket was dealt into. */
  slice: Set<Connection>;
  frames: { windowStart: number; count: number };
  /** Typing signals sent and not yet cleared, by match: the timer that clears each. */
  typing: Map<string, { to: string; timer: NodeJS.Timeout }>;
};

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;

/**
 * This instance's open sockets and how events reach them. Events arrive on the bus (memory, or
 * Redis across instances) only after the transaction that caused them committed; each `deliver`
 * goes to the named members' sockets here, and every instance does the same for its own. An
 * `actor.invalidate` for a member re-reads their session: a signed-out member's sockets close at once.
 */
export function createRealtimeHub(
  ctx: AppContext,
  { now = Date.now, heartbeatMs = REALTIME_LIMITS.heartbeatMs }: HubOptions = {},
) {
  const byUser = new Map<string, Set<Connection>>();
  /** Each member's frames in the current window, all their sockets here together. */
  const memberFrames = new Map<string, { windowStart: number; count: number }>();
  const slices = Array.from({ length: HEARTBEAT_SLICES }, () => new Set<Connection>());
  let dealt = 0;
  let turn = 0;
  /**
   * The newest stream position this instance has seen (decision 064): read once at start, then
   * raised by every positioned event the bus brings. A socket is told it as `hello` when it joins,
   * the position to resume from if it closes before its first event. It may lag the database (an
   * event on its way, the bus down): a resume from a lower position only repeats events, which the
   * client drops by id; it is never ahead of what was logged.
   */
  let head = 0;
  const headRead = streamHead(ctx.db).then(
    (position) => {
      head = Math.max(head, position);
    },
    (err) => ctx.log.error({ err }, 'realtime: reading the stream head failed'),
  );

  const send = (connection: Connection, frame: SocketFrame) => {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(JSON.stringify(frame));
  };

  async function recheck(userIds: readonly string[]) {
    for (const userId of userIds) {
      for (const connection of byUser.get(userId) ?? []) {
        const resolution = await ctx.actors.resolve(connection.cookie, () => new Headers(), { fresh: true });
        if (!resolution || resolution.actor.id !== userId) {
          connection.socket.close(REALTIME_CLOSE.unauthenticated, 'Signed out');
        } else {
          connection.actor = resolution.actor;
        }
      }
    }
  }

  const unsubscribe = ctx.bus.subscribe((message: BusMessage) => {
    if (message.kind === 'deliver') {
      const shared = message.positions ? undefined : JSON.stringify(message.event);
      for (const userId of message.userIds) {
        const position = message.positions?.[userId];
        if (position !== undefined && position > head) head = position;
        const connections = byUser.get(userId);
        if (!connections) continue;
        // Each recipient's frame carries their own position in their stream.
        const frame =
          shared ?? JSON.stringify(position === undefined ? message.event : { ...message.event, position });
        for (const connection of connections) {
          if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(frame);
        }
      }
    } else if (message.kind === 'actor.invalidate') {
      recheck(message.userIds).catch((err) =>
        ctx.log.error({ err }, 'realtime: re-reading a session failed'),
      );
    }
  });

  // The bus's subscription came back after a break (Redis restarted): what other instances published
  // meanwhile never reached these sockets. Each is told to reconnect and ask for what it missed from
  // its position, as after a shutdown (the web app's reconnect is jittered; decision 064).
  const stopCatchUp = ctx.bus.onResubscribed(() => {
    for (const connections of byUser.values())
      for (const connection of connections)
        connection.socket.close(REALTIME_CLOSE.goingAway, 'Realtime channel restored: catch up');
  });

  // One timer for every socket, one slice per tick: a socket that did not answer its previous ping
  // (one period ago) is gone.
  const heartbeat = setInterval(() => {
    const slice = slices[turn] as Set<Connection>;
    turn = (turn + 1) % HEARTBEAT_SLICES;
    for (const connection of slice) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, heartbeatMs / HEARTBEAT_SLICES);
  heartbeat.unref();

  /**
   * Sends a typing signal to the other member of the match, cleared after the lapse unless renewed.
   * Every `true` is checked again (membership, an open match, no block), so a block stops the
   * signals at once; a `false` only clears what this socket started.
   */
  async function signalTyping(connection: Connection, matchId: string, isTyping: boolean) {
    const previous = connection.typing.get(matchId);
    if (!isTyping && !previous) return;
    const to = isTyping ? await typingRecipient(ctx, connection.actor, matchId) : (previous?.to as string);
    if (previous) clearTimeout(previous.timer);
    connection.typing.delete(matchId);
    const publish = (is_typing: boolean) =>
      ctx.bus.publish({
        kind: 'deliver',
        userIds: [to],
        event: { type: 'typing', payload: { match_id: matchId, user_id: connection.actor.id, is_typing } },
      });
    if (isTyping) {
      const timer = setTimeout(() => {
        connection.typing.delete(matchId);
        publish(false).catch((err) => ctx.log.error({ err }, 'realtime: typing lapse failed'));
      }, REALTIME_LIMITS.typingLapseMs);
      timer.unref();
      connection.typing.set(matchId, { to, timer });
    }
    await publish(isTyping);
  }

  /** Counts a frame in a window, starting a new window when the last one is over; the count. */
  const countIn = (window: { windowStart: number; count: number }, t: number) => {
    if (t - window.windowStart >= REALTIME_LIMITS.windowMs) {
      window.windowStart = t;
      window.count = 0;
    }
    window.count += 1;
    return window.count;
  };

  async function handleFrame(connection: Connection, raw: string) {
    const t = now();
    const userId = connection.actor.id;
    let member = memberFrames.get(userId);
    if (!member) {
      member = { windowStart: t, count: 0 };
      memberFrames.set(userId, member);
    }
    // Per socket, and per member across their sockets: more sockets must not buy more frames (each
    // typing frame costs a database read).
    if (
      countIn(connection.frames, t) > REALTIME_LIMITS.framesPerWindow ||
      countIn(member, t) > REALTIME_LIMITS.memberFramesPerWindow
    ) {
      connection.socket.close(REALTIME_CLOSE.rateLimited, 'Too many messages');
      return;
    }
    let parsed: ClientMessage;
    try {
      parsed = clientMessageSchema.parse(JSON.parse(raw));
    } catch {
      send(connection, {
        type: 'error',
        payload: { code: ErrorCode.VALIDATION_FAILED, message: 'Unrecognised realtime message' },
      });
      return;
    }
    try {
      const refusal = accessRefusal(connection.actor.rules, CLIENT_MESSAGE_ACCESS[parsed.type]);
      if (refusal) throw new AppError(refusal.code, refusal.message);
      if (parsed.type === 'ping') send(connection, { type: 'pong' });
      else await signalTyping(connection, parsed.payload.match_id, parsed.payload.is_typing);
    } catch (error) {
      const known = error instanceof AppError;
      if (!known) ctx.log.error({ err: error }, 'realtime: a client frame failed');
      send(connection, {
        type: 'error',
        payload: {
          code: known ? error.code : ErrorCode.INTERNAL,
          message: known ? error.message : 'Something went wrong. Please try again.',
        },
      });
    }
  }

  /** Whether the member may open another socket here (REALTIME_LIMITS.socketsPerMember). */
  const canOpen = (userId: string) => (byUser.get(userId)?.size ?? 0) < REALTIME_LIMITS.socketsPerMember;

  return {
    canOpen,

    /** Takes over a socket whose handshake was accepted for `actor`. */
    attach(socket: WebSocket, actor: MemberActor, cookie: string) {
      // Sockets that passed the handshake together, past the limit: the later ones close at once.
      if (!canOpen(actor.id)) {
        socket.close(REALTIME_CLOSE.rateLimited, 'Too many connections');
        return;
      }
      const connection: Connection = {
        socket,
        actor,
        cookie,
        alive: true,
        slice: slices[dealt++ % HEARTBEAT_SLICES] as Set<Connection>,
        frames: { windowStart: now(), count: 0 },
        typing: new Map(),
      };
      let connections = byUser.get(actor.id);
      if (!connections) {
        connections = new Set();
        byUser.set(actor.id, connections);
      }
      connections.add(connection);
      connection.slice.add(connection);
      void headRead.then(() => send(connection, { type: 'hello', position: head }));
      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('message', (data, isBinary) => {
        if (isBinary) {
          socket.close(1003, 'Text frames only');
          return;
        }
        void handleFrame(connection, data.toString());
      });
      socket.on('close', () => {
        for (const { timer } of connection.typing.values()) clearTimeout(timer);
        connection.slice.delete(connection);
        const set = byUser.get(connection.actor.id);
        set?.delete(connection);
        if (set?.size === 0) {
          byUser.delete(connection.actor.id);
          memberFrames.delete(connection.actor.id);
        }
      });
    },

    /** Open sockets on this instance (diagnostics, tests). */
    size() {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },

    /**
     * Closes every socket with REALTIME_CLOSE.goingAway (the app's close, after the drain delay):
     * clients reconnect — through the proxy, to another instance — and ask for what they missed.
     */
    close() {
      unsubscribe();
      stopCatchUp();
      clearInterval(heartbeat);
      for (const connections of byUser.values()) {
        for (const connection of connections)
          connection.socket.close(REALTIME_CLOSE.goingAway, 'Server shutting down');
      }
      byUser.clear();
      memberFrames.clear();
      for (const slice of slices) slice.clear();
    },
  };
}
