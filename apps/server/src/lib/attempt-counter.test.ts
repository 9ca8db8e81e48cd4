import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type AttemptCounter,
  createMemoryAttemptCounter,
  createRedisAttemptCounter,
  surviveRedisOutage,
} from './attempt-counter';

const redisUrl = process.env.TEST_REDIS_URL;

function behavesAsACounter(make: () => AttemptCounter) {
  it('adds, takes one back without going below zero, and resets', async () => {
    const counter = make();
    const key = `k-${Math.random()}`;
    expect(await counter.add(key)).toBe(1);
    expect(await counter.add(key)).toBe(2);
    await counter.remove(key);
    expect(await counter.count(key)).toBe(1);
    await counter.remove(key);
    await counter.remove(key);
    expect(await counter.count(key)).toBe(0);
    expect(await counter.add(key)).toBe(1);
    await counter.reset(key);
    expect(await counter.count(key)).toBe(0);
    // Taking back from a key that never was leaves nothing behind.
    await counter.remove(`${key}-never`);
    expect(await counter.count(`${key}-never`)).toBe(0);
  });
}

describe('the in-memory attempt counter', () => {
  behavesAsACounter(() => createMemoryAttemptCounter(60_000));
});

describe.skipIf(!redisUrl)('the Redis attempt counter', () => {
  const redis = new Redis(redisUrl as string, { lazyConnect: true });
  afterAll(() => redis.quit());
  behavesAsACounter(() => createRedisAttemptCounter(redis, `test:attempts:${process.pid}:`, 60_000));
});

describe('the in-memory attempt counter over time', () => {
  it('forgets the keys whose window ended, also when they do not come back', async () => {
    let time = 0;
    const counter = createMemoryAttemptCounter(60_000, () => time);
    for (let i = 0; i < 100; i += 1) await counter.add(`address-${i}`);
    expect(counter.size).toBe(100);
    time = 60_001;
    await counter.add('address-new');
    expect(counter.size).toBe(1);
    expect(await counter.count('address-new')).toBe(1);
  });
});

describe('a Redis counter while Redis is away', () => {
  const away: AttemptCounter = {
    count: () => Promise.reject(new Error("Stream isn't writeable")),
    add: () => Promise.reject(new Error("Stream isn't writeable")),
    remove: () => Promise.reject(new Error("Stream isn't writeable")),
    reset: () => Promise.reject(new Error("Stream isn't writeable")),
  };

  it('falls back to counting in this instance', async () => {
    const counter = surviveRedisOutage(away, 60_000, 'fallback');
    expect(await counter.add('k')).toBe(1);
    expect(await counter.add('k')).toBe(2);
    await counter.remove('k');
    expect(await counter.count('k')).toBe(1);
  });

  it('or refuses to count with 503, while taking back never fails', async () => {
    const counter = surviveRedisOutage(away, 60_000, 'refuse');
    await expect(counter.add('k')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    await expect(counter.count('k')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await expect(counter.remove('k')).resolves.toBeUndefined();
    await expect(counter.reset('k')).resolves.toBeUndefined();
  });
});
