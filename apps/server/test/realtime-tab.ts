import { type SocketFrame, socketFrameSchema } from '@royal/shared';
import type WebSocket from 'ws';
import type { App } from '../src/app';
import { type Session, TEST_ORIGIN } from './app';

/**
 * A socket as a browser tab of ours opens it, collecting what arrives and how it closed. Close the
 * returned `socket` after the test (terminate()).
 */
export async function openTab(app: App, session: Session) {
  const frames: SocketFrame[] = [];
  let closedWith: number | null = null;
  const socket: WebSocket = await app.injectWS(
    '/api/realtime',
    { headers: { host: 'localhost', cookie: session.cookie, origin: TEST_ORIGIN } } as never,
    {
      onInit: (ws) => {
        ws.on('message', (data) => frames.push(socketFrameSchema.parse(JSON.parse(data.toString()))));
        ws.on('close', (code) => {
          closedWith = code;
        });
      },
    },
  );
  const waitFor = async <T>(found: () => T | null | undefined, ms: number, what: string): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = found();
      if (value !== null && value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`${what}; got ${JSON.stringify(frames)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return {
    socket,
    frames,
    next: (test: (frame: SocketFrame) => boolean, ms = 3000) =>
      waitFor(() => frames.find(test), ms, 'no matching frame'),
    closed: (ms = 3000) => waitFor(() => closedWith, ms, 'the socket stayed open'),
  };
}
