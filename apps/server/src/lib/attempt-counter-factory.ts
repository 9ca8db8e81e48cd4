import type { Redis } from 'ioredis';
import {
  type AttemptCounter,
  createMemoryAttemptCounter,
  createRedisAttemptCounter,
  type RedisOutage,
  surviveRedisOutage,
} from './attempt-counter';

/**
 * A fixed-window counter, in Redis when the cluster has one (every instance sees the same count).
 * While Redis cannot answer, `onOutage` says what happens (decision 063): 'fallback' counts in this
 * instance alone, 'refuse' answers 503 (sign-in's counters: a guesser must not get a budget per
 * instance).
 */
export function createAttemptCounter(
  redis: Redis | undefined,
  prefix: string,
  windowMs: number,
  onOutage: RedisOutage = 'fallback',
): AttemptCounter {
  return redis
    ? surviveRedisOutage(createRedisAttemptCounter(redis, prefix, windowMs), windowMs, onOutage)
    : createMemoryAttemptCounter(windowMs);
}
