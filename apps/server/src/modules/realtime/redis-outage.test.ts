import { randomUUID } from 'node:crypto';
import { REALTIME_CLOSE, type RealtimeMissed, type SocketFrame, socketFrameSchema } from '@royal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type Session, TEST_ORIGIN, testConfig } from '../../../test/app';
import { openTestDatabase } from '../../../test/database';
import { matchedPair } from '../../../test/discovery';
import { hasRedisServer, startPrivateRedis } from '../../../test/private-redis';
import type { EventBus } from '../../adapters/bus';
import { createRedisBus } from '../../adapters/bus/redis';
import { createMemoryStorage } from '../../adapters/storage/memory';
import { type App, buildApp } from '../../app';
import { relayStrandedEvents } from '../../db/relay';
import type { DisposableDatabase } from '../../db/scratch';
import { eventRecipes } from '../../jobs/delivery';

// Redis stopped under two instances (issue 38, decision 064): requests keep being answered at once,
// members on the instance that wrote an event still get it, and once Redis is back the delivery
// worker's pass gets it to the other instance, with the same id and position. A private
// redis-server on a spare port, started and stopped here (never the shared one).

// Started on a port the kernel says is free (a random one collided under CI's parallel files), and
// restarted on that same port.
const redis = hasRedisServer ? await startPrivateRedis() : undefined;
let redisUp = Boolean(redis);
const url = redis?.url ?? '';
async function startRedis() {
  await redis?.start();
  redisUp = true;
}
async function stopRedis() {
  redisUp = false;
  await redis?.stop();
}

const waitFor = async (what: string, test: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.skipIf(!hasRedisServer)('realtime through a Redis outage', () => {
  let database: DisposableDatabase;
  let a: App;
  let b: App;
  const buses: EventBus[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const prefix = `rc-test:${randomUUID()}:`;
    const instance = async () => {
      const bus = await createRedisBus(url, prefix);
      buses.push(bus);
      const app = await buildApp(testConfig(), {
        storage: createMemoryStorage(),
        logger: false,
        jobs: false,
        database,
        bus,
      });
      await app.ready();
      return app;
    };
    a = await instance();
    b = await instance();
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await Promise.all(buses.map((bus) => bus.close()));
    await database?.dispose();
    await stopRedis();
  });

  async function tab(app: App, session: Session) {
    const frames: SocketFrame[] = [];
    const socket = await app.injectWS(
      '/api/realtime',
      { headers: { host: 'localhost', cookie: session.cookie, origin: TEST_ORIGIN } } as never,
      {
        onInit: (ws) =>
          ws.on('message', (data) => frames.push(socketFrameSchema.parse(JSON.parse(data.toString())))),
      },
    );
    const closes: number[] = [];
    socket.on('close', (code) => closes.push(code));
    await waitFor('hello', () => frames.some((f) => f.type === 'hello'));
    const hello = frames.find((f) => f.type === 'hello');
    return { socket, frames, closes, hello: hello?.type === 'hello' ? hello.position : 0 };
  }

  it('keeps serving, delivers on the writing instance at once and on the other once Redis is back', async () => {
    const { him, her, matchId } = await matchedPair(a);
    const onA = await tab(a, her.session);
    const onB = await tab(b, her.session);
    const content = `While Redis is down ${randomUUID()}`;
    const created = (frames: SocketFrame[]) =>
      frames.filter((f) => f.type === 'message.created' && f.payload.content === content);
    try {
      await stopRedis();
      await waitFor('the buses to notice', () => buses.every((bus) => !bus.isUp()));

      const startedAt = Date.now();
      const sent = await request(a, 'POST', `/api/matches/${matchId}/messages`, {
        session: him.session,
        body: { id: randomUUID(), content },
      });
      expect(sent.statusCode).toBe(201);
      // No request waits for Redis.
      expect(Date.now() - startedAt).toBeLessThan(2_000);
      await waitFor('delivery on A', () => created(onA.frames).length === 1);
      const [live] = created(onA.frames);
      expect(live).toMatchObject({ id: expect.any(String), position: expect.any(Number) });

      // The worker does nothing while the bus cannot reach the other instances.
      const recipes = eventRecipes(a.ctx);
      expect(await relayStrandedEvents({ ...a.ctx.units, recipes }, { olderThanMs: 0 })).toBe(0);
      expect(created(onB.frames)).toEqual([]);

      await startRedis();
      await waitFor('the buses to reconnect', () => buses.every((bus) => bus.isUp()));
      // Events published while a subscription was broken passed it by: every socket is told to
      // reconnect and catch up from its position (the web app's answer to 4503).
      await waitFor('the sockets to be told to catch up', () =>
        [onA, onB].every((t) => t.closes.includes(REALTIME_CLOSE.goingAway)),
      );
      const onBAgain = await tab(b, her.session);
      expect(await relayStrandedEvents({ ...a.ctx.units, recipes }, { olderThanMs: 0 })).toBeGreaterThan(0);
      await waitFor('delivery on B', () => created(onBAgain.frames).length === 1);
      // The same event, with the same id and position: a tab that saw it drops the repeat.
      expect(created(onBAgain.frames)).toEqual([live]);
      onBAgain.socket.terminate();

      // And a tab that was away asks for it by position.
      const reply = await request(b, 'GET', `/api/realtime/missed?after=${onB.hello}`, {
        session: her.session,
      });
      const missed = reply.json() as RealtimeMissed;
      expect(
        missed.events.filter((e) => e.type === 'message.created' && e.payload.content === content),
      ).toEqual([live]);
    } finally {
      onA.socket.terminate();
      onB.socket.terminate();
      if (!redisUp) await startRedis();
    }
  });
});
