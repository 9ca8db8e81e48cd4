import { REALTIME_CLOSE, type RealtimeMissed } from '@royal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchMissed, RealtimeClient, type RealtimeState } from './realtime';

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

function makeClient(fetchMissed?: FetchMissed) {
  const states: [RealtimeState, boolean][] = [];
  const client = new RealtimeClient({
    url: 'ws://test/api/realtime',
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    random: () => 0,
    ...(fetchMissed ? { fetchMissed } : {}),
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

describe('resuming after a reconnect (decision 064)', () => {
  const read = (id: string, position: number) => ({
    type: 'message.read',
    id,
    position,
    payload: {
      match_id: '00000000-0000-4000-8000-000000000001',
      reader_id: '00000000-0000-4000-8000-000000000002',
      ids: [],
    },
  });
  const page = (events: unknown[], position: number, more: Partial<RealtimeMissed> = {}) =>
    ({ events, position, has_more: false, too_old: false, ...more }) as RealtimeMissed;

  it('reconnects when the server says it is going away', () => {
    const { client, last } = makeClient();
    client.start();
    last().onopen?.();
    last().close(REALTIME_CLOSE.goingAway);
    expect(client.current).toBe('closed');
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('asks for the events after the last position, applies them in order before live ones, each once', async () => {
    let answer: (value: RealtimeMissed) => void = () => {};
    const fetchMissed = vi.fn<FetchMissed>(
      (after) =>
        new Promise((resolve) => {
          answer = resolve;
          void after;
        }),
    );
    const { client, last } = makeClient(fetchMissed);
    const events: string[] = [];
    const gaps = vi.fn();
    client.onEvent((e) => events.push('id' in e ? (e.id ?? '') : ''));
    client.onGap(gaps);
    client.start();
    last().onopen?.();
    last().serverSays({ type: 'hello', position: 10 });
    last().serverSays(read('1.0', 11));
    last().serverSays(read('2.0', 12));
    last().close(REALTIME_CLOSE.goingAway);

    vi.advanceTimersByTime(1000);
    last().onopen?.();
    expect(fetchMissed).toHaveBeenCalledWith(12);
    // The new socket's frames wait until the missed events are applied.
    last().serverSays({ type: 'hello', position: 20 });
    last().serverSays(read('5.0', 21));
    expect(events).toEqual(['1.0', '2.0']);
    // The answer repeats one seen before its position (the server's margin): dropped.
    answer(page([read('2.0', 12), read('3.0', 13), read('4.0', 15)], 15));
    await vi.waitFor(() => expect(events).toEqual(['1.0', '2.0', '3.0', '4.0', '5.0']));
    expect(gaps).not.toHaveBeenCalled();

    // The next resume starts from the newest position seen.
    last().close(1006);
    fetchMissed.mockResolvedValueOnce(page([], 21));
    vi.advanceTimersByTime(1000);
    last().onopen?.();
    expect(fetchMissed).toHaveBeenLastCalledWith(21);
  });

  it('follows has_more page by page', async () => {
    const fetchMissed = vi
      .fn<FetchMissed>()
      .mockResolvedValueOnce(page([read('1.0', 3)], 3, { has_more: true }))
      .mockResolvedValueOnce(page([read('2.0', 4)], 4));
    const { client, last } = makeClient(fetchMissed);
    const events: unknown[] = [];
    client.onEvent((e) => events.push(e));
    client.start();
    last().onopen?.();
    last().serverSays({ type: 'hello', position: 2 });
    last().close(1006);
    vi.advanceTimersByTime(1000);
    last().onopen?.();
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(fetchMissed.mock.calls).toEqual([[2], [3]]);
  });

  it('tells the app to refetch when the gap is too old, the request fails, or there is no position', async () => {
    const fetchMissed = vi
      .fn<FetchMissed>()
      .mockResolvedValueOnce(page([], 5, { too_old: true }))
      .mockRejectedValueOnce(new Error('offline'));
    const { client, last } = makeClient(fetchMissed);
    const gaps = vi.fn();
    client.onGap(gaps);
    client.start();
    last().onopen?.();
    // No hello yet (an older server): nothing to resume from.
    last().close(1006);
    vi.advanceTimersByTime(1000);
    last().onopen?.();
    expect(gaps).toHaveBeenCalledTimes(1);
    expect(fetchMissed).not.toHaveBeenCalled();

    last().serverSays({ type: 'hello', position: 5 });
    for (const expected of [2, 3]) {
      last().close(REALTIME_CLOSE.goingAway);
      vi.advanceTimersByTime(1000);
      last().onopen?.();
      await vi.waitFor(() => expect(gaps).toHaveBeenCalledTimes(expected));
    }
    expect(fetchMissed.mock.calls).toEqual([[5], [5]]);
  });
});
