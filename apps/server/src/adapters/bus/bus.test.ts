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
    await bus.publish({ kind: 'actor.invalidate', userIds: ['a'] });
    stop();
    await bus.publish({ kind: 'actor.invalidate', userIds: ['b'] });
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
      const message: BusMessage = {
        kind: 'deliver',
        userIds: ['u1'],
        event: {
          type: 'match.updated',
          payload: { id: '00000000-0000-4000-8000-000000000001', status: 'expired' },
        },
      };
      await a.publish(message);
      expect(await received).toEqual(message);
      expect(await a.ping()).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
