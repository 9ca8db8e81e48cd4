import { describe, expect, it } from 'vitest';
import type { BusMessage } from './index';
import { createMemoryBus } from './memory';
import { createRedisBus } from './redis';

const redisUrl = process.env.TEST_REDIS_URL;

describe('memory bus', () => {
  it('delivers to every subscriber until it unsubscribes', async () => {
    const bus = createMemoryBus();
    const received: BusMessage[] = [];
    const stop = bus.subscribe((m) => received.push(m));
    await bus.publish({ userIds: ['a'], event: { type: 'typing', payload: { on: true } } });
    stop();
    await bus.publish({ userIds: ['a'], event: { type: 'typing', payload: { on: false } } });
    expect(received).toHaveLength(1);
    expect(await bus.ping()).toBe(true);
  });
});

// Two buses stand for two API instances: what one publishes, the other delivers.
describe.skipIf(!redisUrl)('redis bus', () => {
  it('carries events between two instances', async () => {
    const [a, b] = await Promise.all([
      createRedisBus(redisUrl as string),
      createRedisBus(redisUrl as string),
    ]);
    try {
      const received = new Promise<BusMessage>((resolve) => b.subscribe(resolve));
      await a.publish({ userIds: ['u1'], event: { type: 'match.created', payload: { id: 'm1' } } });
      expect(await received).toEqual({
        userIds: ['u1'],
        event: { type: 'match.created', payload: { id: 'm1' } },
      });
      expect(await a.ping()).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
