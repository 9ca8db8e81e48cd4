import { type FetchMissed, RealtimeClient } from '@/lib/realtime';

/** A stand-in for the browser's WebSocket that the test opens, feeds and closes. */
export class FakeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  send() {}
  close() {
    this.onclose?.();
  }
}

/** The server's answer when asked for missed events and not given one: the gap is too old. */
const tooOld: FetchMissed = async (after) => ({
  events: [],
  position: after,
  has_more: false,
  too_old: true,
});

/**
 * A realtime client whose sockets are fakes: `sockets` holds every one it opened (the last is the
 * live one after a reconnect). No jitter, so reconnect timing is predictable. `fetchMissed` answers
 * its resumes (by default: too old, so the app refetches).
 */
export function fakeRealtimeClient({ fetchMissed = tooOld }: { fetchMissed?: FetchMissed } = {}) {
  const sockets: FakeSocket[] = [];
  const client = new RealtimeClient({
    url: 'ws://test/api/realtime',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    random: () => 0,
    fetchMissed,
  });
  return {
    client,
    sockets,
    /** The server's frame arrives on the live socket. */
    say: (frame: unknown) => sockets.at(-1)?.onmessage?.({ data: JSON.stringify(frame) }),
  };
}
