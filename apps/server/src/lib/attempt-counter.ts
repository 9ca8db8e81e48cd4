import { AppError, ErrorCode } from '@royal/shared';
import type { Redis } from 'ioredis';

/**
 * Counts events per key in a fixed window (failed sign-ins per account). Redis-backed when the
 * cluster has Redis, so that every API instance sees the same count; in memory otherwise.
 */
export interface AttemptCounter {
  count(key: string): Promise<number>;
  add(key: string): Promise<number>;
  /** Takes back one earlier `add` (an attempt counted ahead that turned out not to be a failure). */
  remove(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function createMemoryAttemptCounter(
  windowMs: number,
  now = () => Date.now(),
): AttemptCounter & { readonly size: number } {
  const buckets = new Map<string, { count: number; resetAt: number }>();
  // Windows that ended are dropped once a window as well, not only when their key comes back: a
  // counter per address would otherwise keep every address it ever saw.
  let nextSweep = now() + windowMs;
  const sweep = () => {
    if (now() < nextSweep) return;
    for (const [key, bucket] of buckets) if (bucket.resetAt <= now()) buckets.delete(key);
    nextSweep = now() + windowMs;
  };
  const live = (key: string) => {
    const bucket = buckets.get(key);
    if (bucket && bucket.resetAt <= now()) {
      buckets.delete(key);
      return undefined;
    }
    return bucket;
  };
  return {
    async count(key) {
      return live(key)?.count ?? 0;
    },
    get size() {
      return buckets.size;
    },
    async add(key) {
      sweep();
      const bucket = live(key) ?? { count: 0, resetAt: now() + windowMs };
      bucket.count += 1;
      buckets.set(key, bucket);
      return bucket.count;
    },
    async remove(key) {
      const bucket = live(key);
      if (bucket && bucket.count > 0) bucket.count -= 1;
    },
    async reset(key) {
      buckets.delete(key);
    },
  };
}

const TAKE_BACK_ONE = `local v = tonumber(redis.call('GET', KEYS[1]))
if v and v > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

export function createRedisAttemptCounter(redis: Redis, prefix: string, windowMs: number): AttemptCounter {
  const k = (key: string) => `${prefix}${key}`;
  return {
    async count(key) {
      return Number((await redis.get(k(key))) ?? 0);
    },
    async add(key) {
      const [[, value]] = (await redis.multi().incr(k(key)).pexpire(k(key), windowMs, 'NX').exec()) as [
        [Error | null, number],
      ];
      return value;
    },
    async remove(key) {
      // Only while the window's key still exists: a DECR after it expired would start one at -1.
      await redis.eval(TAKE_BACK_ONE, 1, k(key));
    },
    async reset(key) {
      await redis.del(k(key));
    },
  };
}

/** What a Redis-backed counter does while Redis cannot answer (decision 063). */
export type RedisOutage = 'fallback' | 'refuse';

/**
 * A Redis counter that outlives a Redis outage. Counting (`add`, `count`) either falls back to an
 * in-process counter, so the request goes on limited by this instance alone, or refuses with 503 and
 * Retry-After. Taking back (`remove`, `reset`) never fails a request: a count not taken back only
 * makes the limit stricter until its window ends.
 */
export function surviveRedisOutage(
  shared: AttemptCounter,
  windowMs: number,
  onOutage: RedisOutage,
): AttemptCounter {
  const local = createMemoryAttemptCounter(windowMs);
  const counting = async <T>(op: (counter: AttemptCounter) => Promise<T>): Promise<T> => {
    try {
      return await op(shared);
    } catch {
      if (onOutage === 'refuse') throw new AppError(ErrorCode.SERVICE_UNAVAILABLE);
      return op(local);
    }
  };
  const takingBack = async (op: (counter: AttemptCounter) => Promise<void>) => {
    await op(local);
    await op(shared).catch(() => undefined);
  };
  return {
    count: (key) => counting((counter) => counter.count(key)),
    add: (key) => counting((counter) => counter.add(key)),
    remove: (key) => takingBack((counter) => counter.remove(key)),
    reset: (key) => takingBack((counter) => counter.reset(key)),
  };
}
