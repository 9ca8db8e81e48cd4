import type { Redis } from 'ioredis';
import {
  type AttemptCounter,
  createMemoryAttemptCounter,
  createRedisAttemptCounter,
} from './attempt-counter';

/** A fixed-window counter, in Redis when the cluster has one (every instance sees the same count). */
export function createAttemptCounter(
  redis: Redis | undefined,
  prefix: string,
  windowMs: number,
): AttemptCounter {
  return redis ? createRedisAttemptCounter(redis, prefix, windowMs) : createMemoryAttemptCounter(windowMs);
}
