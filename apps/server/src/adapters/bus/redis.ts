import { Redis } from 'ioredis';
import { realtimeChannel } from './prefix';
import type { BusMessage, EventBus } from './types';

/**
 * Redis pub/sub so that any number of API instances deliver each other's events. The channel is
 * named under the deployment's prefix (config.redisPrefix): channels are global to a Redis server,
 * whatever its database number, so another deployment on the same Redis has its own.
 */
export async function createRedisBus(url: string, prefix: string): Promise<EventBus> {
  const channel = realtimeChannel(prefix);
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const handlers = new Set<(message: BusMessage) => void>();
  await subscriber.subscribe(channel);
  subscriber.on('message', (_channel, raw: string) => {
    const message = JSON.parse(raw) as BusMessage;
    for (const handler of handlers) handler(message);
  });
  return {
    kind: 'redis',
    async publish(message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async ping() {
      try {
        return (await publisher.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
