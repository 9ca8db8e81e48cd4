import { REALTIME_CLOSE } from '@royal/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TEST_ORIGIN, testConfig } from '../../test/app';
import { openTestDatabase } from '../../test/database';
import { signedInMember } from '../../test/factories';
import { createMemoryBus } from '../adapters/bus/memory';
import { createMemoryStorage } from '../adapters/storage/memory';
import { buildApp } from '../app';
import { isDraining, shutDown, stopDraining } from './lifecycle';

afterEach(() => stopDraining());

/** A listening app, as server.ts starts one, with a route that takes `slowMs` to answer. */
async function listeningApp(slowMs: number) {
  const database = await openTestDatabase();
  const app = await buildApp(testConfig(), {
    storage: createMemoryStorage(),
    bus: createMemoryBus(),
    logger: false,
    jobs: false,
    database,
  });
  let entered: () => void = () => {};
  const inFlight = new Promise<void>((resolve) => {
    entered = resolve;
  });
  app.get('/slow', async () => {
    entered();
    await new Promise((resolve) => setTimeout(resolve, slowMs));
    return { done: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, database, port, inFlight };
}

describe('graceful shutdown (decision 064)', () => {
  let started: Awaited<ReturnType<typeof listeningApp>>;
  beforeAll(async () => {
    started = await listeningApp(600);
  });
  afterAll(async () => {
    if (started.app.server.listening) await started.app.close();
    await started.database.dispose();
  });

  it('drains, then closes sockets with the reconnect code and finishes the request in flight', async () => {
    const { app, port, inFlight } = started;
    const { session } = await signedInMember(app);
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, {
      headers: { cookie: session.cookie, origin: TEST_ORIGIN },
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<{ code: number; at: number }>((resolve) =>
      socket.once('close', (code) => resolve({ code, at: Date.now() })),
    );

    const slow = fetch(`http://127.0.0.1:${port}/slow`);
    await inFlight;
    const drainMs = 300;
    const startedAt = Date.now();
    const shutting = shutDown(app, { drainMs });
    expect(isDraining()).toBe(true);

    // While draining the instance still answers, and asks the client to close the connection.
    const during = await fetch(`http://127.0.0.1:${port}/api/health/live`);
    expect(during.status).toBe(200);
    expect(during.headers.get('connection')).toBe('close');

    // Sockets are told to reconnect only after the drain delay (the proxy has moved away by then).
    const { code, at } = await closed;
    expect(code).toBe(REALTIME_CLOSE.goingAway);
    expect(at - startedAt).toBeGreaterThanOrEqual(drainMs - 20);

    // The request that was under way when SIGTERM came finishes.
    const reply = await slow;
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ done: true });
    await shutting;
    await expect(fetch(`http://127.0.0.1:${port}/api/health/live`)).rejects.toThrow();
  });
});
