import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BusMessage, EventBus } from './index';
import { createMemoryBus } from './memory';
import { createRedisBus } from './redis';

const redisUrl = process.env.TEST_REDIS_URL;

describe('memory bus', () => {
  it('delivers to every subscriber until it unsubscribes', async () => {
    const bus = createMemoryBus();
    const received: BusMessage[] = [];
    const stop = bus.subscribe((m) => received.push(m));
    await bus.publish({ kind: 'actor.invalidate', userIds: ['a'] });
    stop();
    await bus.publish({ kind: 'actor.invalidate', userIds: ['b'] });
    expect(received).toHaveLength(1);
    expect(await bus.ping()).toBe(true);
  });
});

// Two buses stand for two API instances: what one publishes, the other delivers.
describe.skipIf(!redisUrl)('redis bus', () => {
  const message: BusMessage = {
    kind: 'deliver',
    userIds: ['u1'],
    event: {
      type: 'match.updated',
      payload: { id: '00000000-0000-4000-8000-000000000001', status: 'expired' },
    },
  };
  // A prefix of this run's own, as a deployment's: no other test file's buses share it.
  const deployment = () => `rc-test:${randomUUID()}:`;

  it('carries events between two instances of one deployment', async () => {
    const prefix = deployment();
    const [a, b] = await Promise.all([
      createRedisBus(redisUrl as string, prefix),
      createRedisBus(redisUrl as string, prefix),
    ]);
    try {
      const received = new Promise<BusMessage>((resolve) => b.subscribe(resolve));
      await a.publish(message);
      expect(await received).toEqual(message);
      expect(await a.ping()).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('keeps two deployments on one Redis apart, whatever their database numbers', async () => {
    // Pub/sub ignores the database number: one of B's instances is on another one, one on A's.
    const otherDatabase = new URL(redisUrl as string);
    otherDatabase.pathname = '/1';
    const [prefixA, prefixB] = [deployment(), deployment()];
    const buses = await Promise.all([
      createRedisBus(redisUrl as string, prefixA),
      createRedisBus(redisUrl as string, prefixA),
      createRedisBus(otherDatabase.toString(), prefixB),
      createRedisBus(redisUrl as string, prefixB),
    ]);
    const [a1, a2, b1, b2] = buses as [EventBus, EventBus, EventBus, EventBus];
    const heard = new Map(buses.map((bus) => [bus, [] as string[]]));
    for (const bus of buses)
      bus.subscribe((m) => heard.get(bus)?.push(m.kind === 'actor.invalidate' ? m.userIds.join() : m.kind));
    const say = (bus: EventBus, what: string) => bus.publish({ kind: 'actor.invalidate', userIds: [what] });
    try {
      await say(a1, 'from A');
      await say(b1, 'from B');
      // Each deployment's last word: a subscriber reads one ordered stream, so anything the other
      // deployment's publish had sent it would have arrived before this.
      await Promise.all([say(a2, 'end of A'), say(b2, 'end of B')]);
      const deadline = Date.now() + 2000;
      while ([...heard.values()].some((words) => !words.at(-1)?.startsWith('end')) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 5));
      expect(heard.get(a1)).toEqual(['from A', 'end of A']);
      expect(heard.get(a2)).toEqual(['from A', 'end of A']);
      expect(heard.get(b1)).toEqual(['from B', 'end of B']);
      expect(heard.get(b2)).toEqual(['from B', 'end of B']);
    } finally {
      await Promise.all(buses.map((bus) => bus.close()));
    }
  });
});
