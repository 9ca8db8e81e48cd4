import { RealtimeClient } from '@/lib/realtime';

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

/**
 * A realtime client whose sockets are fakes: `sockets` holds every one it opened (the last is the
 * live one after a reconnect). No jitter, so reconnect timing is predictable.
 */
export function fakeRealtimeClient() {
  const sockets: FakeSocket[] = [];
  const client = new RealtimeClient({
    url: 'ws://test/api/realtime',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    random: () => 0,
  });
  return {
    client,
    sockets,
    /** The server's frame arrives on the live socket. */
    say: (frame: unknown) => sockets.at(-1)?.onmessage?.({ data: JSON.stringify(frame) }),
  };
}
