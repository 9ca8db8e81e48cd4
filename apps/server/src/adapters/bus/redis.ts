import { Redis } from 'ioredis';
import type { BusMessage, EventBus } from './types';

const CHANNEL = 'royal-circle:realtime';

/** Redis pub/sub so that any number of API instances deliver each other's events. */
export async function createRedisBus(url: string): Promise<EventBus> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const handlers = new Set<(message: BusMessage) => void>();
  await subscriber.subscribe(CHANNEL);
  subscriber.on('message', (_channel, raw: string) => {
    const message = JSON.parse(raw) as BusMessage;
    for (const handler of handlers) handler(message);
  });
  return {
    kind: 'redis',
    async publish(message) {
      await publisher.publish(CHANNEL, JSON.stringify(message));
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
