import {
  type ClientMessage,
  REALTIME_LIMITS,
  type RealtimeMissed,
  realtimeMissedSchema,
  type ServerEvent,
  type SocketFrame,
  socketFrameSchema,
} from '@royal/shared';
import { api } from './api';
import { apiPaths } from './paths';

/** The channel's states (spec part 1 §4). */
export type RealtimeState = 'closed' | 'joining' | 'joined' | 'leaving';

/** Reconnect delays (spec part 1 §4: 1 s, 2 s, 5 s, then every 10 s), each with up to 30% jitter. */
export const RECONNECT_STEPS_MS = [1000, 2000, 5000, 10_000] as const;
/** A client ping unanswered this long means the connection is dead: close it and reconnect. */
const PONG_TIMEOUT_MS = 10_000;
/**
 * Event ids remembered to drop a repeat: the server sends an event again only after a crash, with
 * the same id, seconds later (decision 034); the latest thousand ids cover that many times over.
 */
const SEEN_EVENT_IDS = 1000;

type Listener = (event: ServerEvent) => void;

/** The member's events after a position, from the server (decision 064). */
export type FetchMissed = (after: number) => Promise<RealtimeMissed>;

const fetchMissedFromServer: FetchMissed = (after) =>
  api.get(`${apiPaths.realtime}/missed?after=${after}`, { schema: realtimeMissedSchema });

export type RealtimeClientOptions = {
  url?: string;
  /** Injectable for tests. */
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
  fetchMissed?: FetchMissed;
};

/**
 * One WebSocket per signed-in tab. Server events go to every listener, each once: an event the
 * server sends again (after a crash, a Redis outage, or in a resume) has an id seen before and is
 * dropped. Reconnects after any close but our own (a server shutting down says
 * REALTIME_CLOSE.goingAway) after 1 s, 2 s, 5 s, then every 10 s, with jitter so tabs do not return
 * in step after an outage.
 *
 * Resuming (decision 064): the client keeps the last position it saw (each durable event carries
 * one; the `hello` frame on joining gives the stream's head). After a reconnect it asks the server
 * for the events after that position and hands them to the listeners in order, holding back what
 * the new socket brings meanwhile, then goes live. When it cannot (no position yet, the gap is
 * beyond the server's retention, the request failed) the gap listeners are told, and the app
 * refetches what it shows.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private state: RealtimeState = 'closed';
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private pongDeadline: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private readonly listeners = new Set<Listener>();
  private readonly stateListeners = new Set<(state: RealtimeState, rejoined: boolean) => void>();
  private joinedOnce = false;
  /** Ids of the events already handed to listeners, oldest first (a Set keeps insertion order). */
  private readonly seen = new Set<string>();
  private readonly gapListeners = new Set<() => void>();
  /** The last position seen in the member's stream; null until the first `hello` or event. */
  private position: number | null = null;
  /** Frames the socket brought while its resume was fetching, applied after it; null when live. */
  private held: SocketFrame[] | null = null;

  constructor(private readonly options: RealtimeClientOptions = {}) {}

  get current(): RealtimeState {
    return this.state;
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    this.clearTimers();
    if (this.socket) {
      this.setState('leaving');
      this.socket.close(1000, 'Signed out or left');
    }
    this.socket = null;
    this.setState('closed');
  }

  /** Sends a frame if joined; a frame while offline is dropped (typing is transient by nature). */
  send(message: ClientMessage): boolean {
    if (this.state !== 'joined' || !this.socket) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  onEvent(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onState(listener: (state: RealtimeState, rejoined: boolean) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Called when events may have been missed and cannot be fetched: refetch what is shown. */
  onGap(listener: () => void): () => void {
    this.gapListeners.add(listener);
    return () => this.gapListeners.delete(listener);
  }

  private url() {
    if (this.options.url) return this.options.url;
    const { protocol, host } = window.location;
    return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${apiPaths.realtime}`;
  }

  private open() {
    this.setState('joining');
    const socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.url());
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      const rejoined = this.joinedOnce;
      this.joinedOnce = true;
      if (rejoined) {
        if (this.position === null) this.gap();
        else void this.resume(socket, this.position);
      }
      this.setState('joined', rejoined);
      this.startHeartbeat();
    };
    socket.onmessage = (message) => {
      if (this.socket !== socket) return;
      let frame: SocketFrame;
      try {
        frame = socketFrameSchema.parse(JSON.parse(String(message.data)));
      } catch {
        return; // A frame of a newer server version: ignore it rather than break the tab.
      }
      if (frame.type === 'pong') {
        if (this.pongDeadline) clearTimeout(this.pongDeadline);
        this.pongDeadline = null;
        return;
      }
      if (frame.type === 'error') return;
      if (this.held) this.held.push(frame);
      else this.apply(frame);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.held = null;
      this.clearTimers();
      this.setState('closed');
      if (!this.stopped) this.scheduleReconnect();
    };
  }

  /** A frame in order: `hello` moves the position on; an event goes to the listeners unless seen. */
  private apply(frame: SocketFrame) {
    if (frame.type === 'hello') {
      this.advance(frame.position);
      return;
    }
    if (frame.type === 'pong' || frame.type === 'error') return;
    if ('position' in frame) this.advance(frame.position);
    if ('id' in frame && frame.id !== undefined && this.alreadySeen(frame.id)) return;
    for (const listener of this.listeners) listener(frame);
  }

  private advance(position: number | undefined) {
    if (position !== undefined && (this.position === null || position > this.position))
      this.position = position;
  }

  /**
   * Fetches the events after `from`, page by page, and applies them; then what the socket brought
   * meanwhile. The position moves only with what was applied, so a socket that closes mid-way
   * resumes from there next time.
   */
  private async resume(socket: WebSocket, from: number) {
    this.held = [];
    let after = from;
    try {
      for (;;) {
        const page = await (this.options.fetchMissed ?? fetchMissedFromServer)(after);
        if (this.socket !== socket) return;
        if (page.too_old) {
          this.gap();
          break;
        }
        for (const event of page.events) this.apply(event);
        after = page.position;
        if (!page.has_more) break;
      }
    } catch {
      if (this.socket !== socket) return;
      this.gap();
    }
    const held = this.held ?? [];
    this.held = null;
    for (const frame of held) this.apply(frame);
  }

  private gap() {
    for (const listener of this.gapListeners) listener();
  }

  /** Whether an event with this id was delivered before (over this socket or an earlier one); remembers it. */
  private alreadySeen(id: string): boolean {
    if (this.seen.has(id)) return true;
    this.seen.add(id);
    if (this.seen.size > SEEN_EVENT_IDS) this.seen.delete(this.seen.values().next().value as string);
    return false;
  }

  private scheduleReconnect() {
    const step = RECONNECT_STEPS_MS[Math.min(this.attempt, RECONNECT_STEPS_MS.length - 1)] as number;
    this.attempt += 1;
    const jitter = 1 + (this.options.random ?? Math.random)() * 0.3;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.open();
    }, step * jitter);
  }

  private startHeartbeat() {
    this.heartbeatTimer = setInterval(() => {
      if (!this.send({ type: 'ping' }) || this.pongDeadline) return;
      this.pongDeadline = setTimeout(() => {
        // No answer: the connection is dead even if the browser has not noticed yet.
        this.pongDeadline = null;
        this.socket?.close(4000, 'Heartbeat timed out');
      }, PONG_TIMEOUT_MS);
    }, REALTIME_LIMITS.heartbeatMs);
  }

  private clearTimers() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.pongDeadline) clearTimeout(this.pongDeadline);
    this.reconnectTimer = null;
    this.heartbeatTimer = null;
    this.pongDeadline = null;
  }

  private setState(state: RealtimeState, rejoined = false) {
    this.state = state;
    for (const listener of this.stateListeners) listener(state, rejoined);
  }
}
