import { randomUUID } from 'node:crypto';
import { type SocketFrame, socketFrameSchema } from '@royal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, TEST_ORIGIN, testConfig } from '../../../test/app';
import { openTestDatabase } from '../../../test/database';
import { matchedPair } from '../../../test/discovery';
import type { EventBus } from '../../adapters/bus';
import { createMemoryBus } from '../../adapters/bus/memory';
import { createRedisBus } from '../../adapters/bus/redis';
import { type App, buildApp } from '../../app';
import { createMemoryStorage } from '../../db/seed/memory-storage';

// Two API instances on one database. With TEST_REDIS_URL (CI's PostgreSQL pass) each has its own
// Redis bus, exactly as two servers would; otherwise they share one in-process bus.
const redisUrl = process.env.TEST_REDIS_URL;

describe(`realtime across two instances (${redisUrl ? 'Redis' : 'in-process'} bus)`, () => {
  let a: App;
  let b: App;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const database = await openTestDatabase();
    const shared = createMemoryBus();
    const buses: EventBus[] = [];
    const busFor = async (): Promise<EventBus> => {
      const bus = redisUrl ? await createRedisBus(redisUrl) : shared;
      buses.push(bus);
      return bus;
    };
    const build = async () =>
      buildApp(testConfig(), {
        database,
        bus: await busFor(),
        storage: createMemoryStorage(),
        logger: false,
        jobs: false,
      });
    a = await build();
    b = await build();
    await Promise.all([a.ready(), b.ready()]);
    dispose = async () => {
      await a.close();
      await b.close();
      // The apps were handed their buses, so they leave them open.
      await Promise.all([...new Set(buses)].map((bus) => bus.close()));
      await database.dispose();
    };
  });
  afterAll(async () => {
    await dispose?.();
  });

  it('delivers a message and a typing signal sent through B to a member connected to A within a second', async () => {
    const { him, her, matchId } = await matchedPair(b);
    const frames: { at: number; frame: SocketFrame }[] = [];
    const socket = await a.injectWS(
      '/api/realtime',
      { headers: { cookie: her.session.cookie, origin: TEST_ORIGIN } } as never,
      {
        onInit: (ws) =>
          ws.on('message', (data) =>
            frames.push({ at: Date.now(), frame: socketFrameSchema.parse(JSON.parse(data.toString())) }),
          ),
      },
    );
    try {
      const typingFrom = await b.injectWS('/api/realtime', {
        headers: { cookie: him.session.cookie, origin: TEST_ORIGIN },
      } as never);
      const typedAt = Date.now();
      typingFrom.send(JSON.stringify({ type: 'typing', payload: { match_id: matchId, is_typing: true } }));
      const sentAt = Date.now();
      const sent = await request(b, 'POST', `/api/matches/${matchId}/messages`, {
        session: him.session,
        body: { id: randomUUID(), content: 'Across instances' },
      });
      expect(sent.statusCode).toBe(201);
      const deadline = Date.now() + 1000;
      const arrived = () => ({
        typing: frames.find((f) => f.frame.type === 'typing'),
        message: frames.find((f) => f.frame.type === 'message.created'),
      });
      while ((!arrived().typing || !arrived().message) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 5));
      const { typing, message } = arrived();
      expect(typing?.frame).toMatchObject({
        payload: { match_id: matchId, user_id: him.member.id, is_typing: true },
      });
      expect(message?.frame).toMatchObject({ payload: { content: 'Across instances', match_id: matchId } });
      expect((typing?.at ?? Infinity) - typedAt).toBeLessThan(1000);
      expect((message?.at ?? Infinity) - sentAt).toBeLessThan(1000);
      typingFrom.terminate();
    } finally {
      socket.terminate();
    }
  });
});
