import type { Redis } from 'ioredis';
import {
  type AttemptCounter,
  createMemoryAttemptCounter,
  createRedisAttemptCounter,
} from './attempt-counter';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export function createAttemptCounter(redis: Redis | undefined): AttemptCounter {
  return redis
    ? createRedisAttemptCounter(redis, 'rc-signin-fail:', FIFTEEN_MINUTES)
    : createMemoryAttemptCounter(FIFTEEN_MINUTES);
}
