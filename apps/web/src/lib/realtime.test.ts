import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient, type RealtimeState } from './realtime';

/** A stand-in for the browser's WebSocket: the test opens, feeds and closes it. */
class FakeSocket {
  static made: FakeSocket[] = [];
  sent: string[] = [];
  closed: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closed = code;
    this.onclose?.();
  }
  serverSays(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

function makeClient() {
  const states: [RealtimeState, boolean][] = [];
  const client = new RealtimeClient({
    url: 'ws://test/api/realtime',
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    random: () => 0,
  });
  client.onState((state, rejoined) => states.push([state, rejoined]));
  return { client, states, last: () => FakeSocket.made.at(-1) as FakeSocket };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the realtime client', () => {
  it('joins, passes server events on, and ignores frames it does not know', () => {
    const { client, states, last } = makeClient();
    const events: unknown[] = [];
    client.onEvent((e) => events.push(e));
    client.start();
    expect(states.at(-1)).toEqual(['joining', false]);
    last().onopen?.();
    expect(client.current).toBe('joined');
    last().serverSays({
      type: 'typing',
      payload: { match_id: crypto.randomUUID(), user_id: crypto.randomUUID(), is_typing: true },
    });
    last().serverSays({ type: 'something.new', payload: {} });
    expect(events).toHaveLength(1);
  });

  it('passes an event on once: a repeat of its id, on this socket or after a reconnect, is dropped', () => {
    const { client, last } = makeClient();
    const events: unknown[] = [];
    client.onEvent((e) => events.push(e));
    client.start();
    last().onopen?.();
    const read = (id: string) => ({
      type: 'message.read',
      id,
      payload: { match_id: crypto.randomUUID(), reader_id: crypto.randomUUID(), ids: [] },
    });
    last().serverSays(read('7.0'));
    last().serverSays(read('7.0'));
    last().serverSays(read('7.1'));
    expect(events).toHaveLength(2);
    // The server sends it again after a crash, to the socket the tab reconnected with.
    last().close(1006);
    vi.advanceTimersByTime(1000);
    last().onopen?.();
    last().serverSays(read('7.1'));
    last().serverSays(read('8.0'));
    expect(events).toHaveLength(3);
    expect(events[0]).toMatchObject({ id: '7.0' });
  });

  it('reconnects after 1 s, 2 s, 5 s, then every 10 s, and says when it has rejoined', () => {
    const { client, states, last } = makeClient();
    client.start();
    last().onopen?.();
    const delays = [1000, 2000, 5000, 10_000, 10_000];
    for (const delay of delays) {
      const before = FakeSocket.made.length;
      last().close(1006);
      expect(client.current).toBe('closed');
      vi.advanceTimersByTime(delay - 1);
      expect(FakeSocket.made.length).toBe(before);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.made.length).toBe(before + 1);
    }
    last().onopen?.();
    expect(states.at(-1)).toEqual(['joined', true]);
    // A successful join starts the steps again from 1 s.
    last().close(1006);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.made.length).toBe(delays.length + 2);
  });

  it('pings every 25 s and drops a connection whose ping goes unanswered', () => {
    const { client, last } = makeClient();
    client.start();
    const socket = last();
    socket.onopen?.();
    vi.advanceTimersByTime(25_000);
    expect(socket.sent).toEqual([JSON.stringify({ type: 'ping' })]);
    socket.serverSays({ type: 'pong' });
    vi.advanceTimersByTime(25_000);
    expect(socket.closed).toBeNull();
    vi.advanceTimersByTime(10_000);
    expect(socket.closed).toBe(4000);
  });

  it('sends frames only while joined, and stays closed once stopped', () => {
    const { client, last } = makeClient();
    client.start();
    expect(client.send({ type: 'ping' })).toBe(false);
    last().onopen?.();
    expect(client.send({ type: 'ping' })).toBe(true);
    client.stop();
    expect(client.current).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
  });
});
