import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { BusMessage, EventBus } from './index';
import { createMemoryBus } from './memory';
import { realtimeChannel } from './prefix';
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

  it("hands a message to the publishing instance's own subscribers first, and to each instance once", async () => {
    const prefix = deployment();
    const [a, b] = await Promise.all([
      createRedisBus(redisUrl as string, prefix),
      createRedisBus(redisUrl as string, prefix),
    ]);
    const onA: BusMessage[] = [];
    const onB: BusMessage[] = [];
    a.subscribe((m) => onA.push(m));
    b.subscribe((m) => onB.push(m));
    try {
      const published = a.publish(message);
      // Before any round trip to Redis: members connected to the writing instance do not wait for it.
      expect(onA).toEqual([message]);
      await published;
      // B's last word: A's subscriber reads one ordered stream, so an echo of A's own message would
      // have come before it. (B has its own word at once, maybe before A's message reaches it.)
      const end: BusMessage = { kind: 'actor.invalidate', userIds: ['end'] };
      await b.publish(end);
      await until(() => onA.length >= 2 && onB.length >= 2);
      expect(onA).toEqual([message, end]);
      // What the other instance hears carries no mark of where it came from, and comes once.
      expect(onB).toHaveLength(2);
      expect(onB).toEqual(expect.arrayContaining([message, end]));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('delivers a message an instance without the mark published (a rolling upgrade)', async () => {
    const prefix = deployment();
    const bus = await createRedisBus(redisUrl as string, prefix);
    const older = new Redis(redisUrl as string);
    try {
      const received = new Promise<BusMessage>((resolve) => bus.subscribe(resolve));
      await older.publish(realtimeChannel(prefix), JSON.stringify(message));
      expect(await received).toEqual(message);
    } finally {
      older.disconnect();
      await bus.close();
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
      // Each deployment's last word, from the instance that did not speak first: a subscriber reads
      // one ordered stream, so anything the other deployment's publish had sent it would have
      // arrived before it. (Its own instance had it at once, and may have it before the first word.)
      await Promise.all([say(a2, 'end of A'), say(b2, 'end of B')]);
      const ended = (bus: EventBus, end: string) => heard.get(bus)?.includes(end) ?? false;
      await until(
        () =>
          [a1, a2].every((bus) => ended(bus, 'end of A')) && [b1, b2].every((bus) => ended(bus, 'end of B')),
      );
      await until(() => [...heard.values()].every((words) => words.length >= 2));
      for (const bus of [a1, a2]) expect(heard.get(bus)?.toSorted()).toEqual(['end of A', 'from A']);
      for (const bus of [b1, b2]) expect(heard.get(bus)?.toSorted()).toEqual(['end of B', 'from B']);
      // The instances that only listened to the other's word heard it in the order it was said.
      expect(heard.get(a1)).toEqual(['from A', 'end of A']);
      expect(heard.get(b1)).toEqual(['from B', 'end of B']);
    } finally {
      await Promise.all(buses.map((bus) => bus.close()));
    }
  });
});

/** Waits (at most 2 s) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
}
