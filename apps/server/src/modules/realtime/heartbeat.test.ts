import type { WebSocket } from '@fastify/websocket';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../context';
import type { MemberActor } from '../auth';
import { createRealtimeHub } from './hub';

/** A socket that records pings and terminations; `answer()` plays the client's pong. */
function fakeSocket() {
  const handlers = new Map<string, (...args: unknown[]) => void>();
  const socket = {
    OPEN: 1,
    readyState: 1,
    ping: vi.fn(),
    terminate: vi.fn(),
    close: vi.fn(),
    send: vi.fn(),
    on: (event: string, handler: (...args: unknown[]) => void) => handlers.set(event, handler),
  };
  return { socket, answer: () => handlers.get('pong')?.() };
}

// The hub only needs the bus here (nothing is published in these tests) and a database that says
// the realtime stream is empty, for the `hello` frame.
const ctx = {
  bus: { subscribe: () => () => {}, onResubscribed: () => () => {} },
  db: { execute: async () => ({ rows: [] }) },
} as unknown as AppContext;
const actor = (id: string) => ({ id }) as MemberActor;

describe('the realtime heartbeat', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pings every socket once a period, a slice at a time, and closes one that missed a ping', async () => {
    const hub = createRealtimeHub(ctx, { heartbeatMs: 25_000 });
    const sockets = Array.from({ length: 100 }, () => fakeSocket());
    sockets.forEach(({ socket }, i) => {
      hub.attach(socket as unknown as WebSocket, actor(`member-${i}`), 'cookie');
    });
    const pinged = () => sockets.filter(({ socket }) => socket.ping.mock.calls.length > 0).length;

    // Never the whole crowd in one tick: 100 sockets over 25 slices is 4 a second.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(pinged()).toBe(4);
    await vi.advanceTimersByTimeAsync(24_000);
    expect(sockets.every(({ socket }) => socket.ping.mock.calls.length === 1)).toBe(true);

    // Half answer; the other half are closed when their turn comes again, the rest pinged again.
    sockets.forEach((s, i) => {
      if (i % 2 === 0) s.answer();
    });
    await vi.advanceTimersByTimeAsync(25_000);
    sockets.forEach(({ socket }, i) => {
      expect(socket.terminate).toHaveBeenCalledTimes(i % 2 === 0 ? 0 : 1);
      expect(socket.ping).toHaveBeenCalledTimes(i % 2 === 0 ? 2 : 1);
    });
    hub.close();
  });
});
