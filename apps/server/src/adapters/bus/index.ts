import { createMemoryBus } from './memory';
import { createRedisBus } from './redis';
import type { EventBus } from './types';

export type { BusMessage, EventBus } from './types';

export function createBus(redisUrl: string | undefined): Promise<EventBus> {
  return redisUrl ? createRedisBus(redisUrl) : Promise.resolve(createMemoryBus());
}
