import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { realtimeChannel } from './prefix';
import type { BusBreak, BusMessage, EventBus } from './types';

/**
 * How long a publish may wait for Redis before it counts as failed: a request publishes its events
 * after COMMIT, before its reply, so a Redis that stopped answering must not hold the reply.
 */
const PUBLISH_TIMEOUT_MS = 1_000;

/**
 * Redis pub/sub so that any number of API instances deliver each other's events. The channel is
 * named under the deployment's prefix (config.redisPrefix): channels are global to a Redis server,
 * whatever its database number, so another deployment on the same Redis has its own.
 *
 * This instance's own subscribers get a message first, before it goes to Redis, and are skipped when
 * it comes back (decision 075): the members connected here do not wait for the round trip, and a
 * publish costs this instance no second parse of what it just wrote. Each message therefore carries
 * its instance's mark (`from`, ignored by an instance that does not know it); the other instances
 * hear it from Redis, in the order this instance published.
 *
 * Redis down (decision 064): a publish fails at once (no offline queue, one retry, a command
 * timeout) instead of waiting for a reconnect; this instance's members have it already, and the
 * failure tells the unit of work to keep its outbox row, which the delivery worker publishes to every
 * instance once Redis is back (this instance's members then get a repeat with the same id, which
 * clients drop). The subscriber reconnects and subscribes again on its own.
 */
export async function createRedisBus(url: string, prefix: string): Promise<EventBus> {
  const channel = realtimeChannel(prefix);
  /** This instance's mark on what it publishes. */
  const origin = randomUUID();
  const publisher = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: PUBLISH_TIMEOUT_MS,
  });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  // A connection error is reported through the failed commands (and ioredis reconnects by itself);
  // without listeners every reconnect attempt would print an unhandled-error warning.
  for (const client of [publisher, subscriber]) client.on('error', () => {});
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const handlers = new Set<(message: BusMessage) => void>();
  const deliverHere = (message: BusMessage) => {
    for (const handler of handlers) handler(message);
  };
  await subscriber.subscribe(channel);
  subscriber.on('message', (_channel, raw: string) => {
    const { from, ...message } = JSON.parse(raw) as BusMessage & { from?: string };
    // This instance's own message: its subscribers had it when it was published.
    if (from !== origin) deliverHere(message as BusMessage);
  });
  // A break in the subscription (the connection closed, then ready again): ioredis subscribes
  // again by itself; subscribing here too makes sure it has before the members are told to catch up.
  const resubscribed = new Set<() => void>();
  let brokenSince: Date | null = null;
  let lastBreak: BusBreak | null = null;
  subscriber.on('close', () => {
    brokenSince ??= new Date();
  });
  subscriber.on('ready', () => {
    const since = brokenSince;
    if (!since) return;
    subscriber
      .subscribe(channel)
      .then(() => {
        if (brokenSince !== since) return;
        brokenSince = null;
        lastBreak = { from: since, to: new Date() };
        for (const handler of resubscribed) handler();
      })
      .catch(() => {});
  });
  return {
    kind: 'redis',
    async publish(message) {
      deliverHere(message);
      await publisher.publish(channel, JSON.stringify({ ...message, from: origin }));
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
    isUp() {
      return publisher.status === 'ready' && subscriber.status === 'ready';
    },
    onResubscribed(handler) {
      resubscribed.add(handler);
      return () => resubscribed.delete(handler);
    },
    lastBreak() {
      return lastBreak;
    },
    async close() {
      handlers.clear();
      resubscribed.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
