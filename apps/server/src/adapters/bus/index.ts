import { createMemoryBus } from './memory';
import { createRedisBus } from './redis';
import type { EventBus } from './types';

export { defaultRedisPrefix, normalizedRedisPrefix } from './prefix';
export type { BusBreak, BusMessage, EventBus } from './types';

/** The Redis bus on the deployment's channel when the cluster has Redis, the in-process one otherwise. */
export function createBus(redisUrl: string | undefined, redisPrefix: string): Promise<EventBus> {
  return redisUrl ? createRedisBus(redisUrl, redisPrefix) : Promise.resolve(createMemoryBus());
}
