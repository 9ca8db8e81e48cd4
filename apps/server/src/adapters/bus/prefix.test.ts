import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestApp, testConfig } from '../../../test/app';
import type { App } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { defaultRedisPrefix } from './prefix';

const redisUrl = process.env.TEST_REDIS_URL;

describe("a deployment's Redis prefix", () => {
  const prefixOf = (databaseUrl: string | undefined, redis = 'redis://cache:6379', dir = '/srv/rc/db') =>
    defaultRedisPrefix({ databaseUrl, embeddedDatabaseDir: dir, redisUrl: redis });

  it('is the same for every instance of one deployment, whatever their credentials and options', () => {
    const prefix = prefixOf('postgres://app:secret@db.internal:5432/royal_circle');
    expect(prefix).toMatch(/^rc:royal_circle:[0-9a-f]{10}:$/);
    expect(prefixOf('postgres://app:rotated@DB.internal/royal_circle?application_name=api-2')).toBe(prefix);
  });

  it('differs for another database, another server or another Redis database number', () => {
    const prefix = prefixOf('postgres://app@db.internal:5432/royal_circle');
    expect(
      new Set([
        prefix,
        prefixOf('postgres://app@db.internal:5432/royal_circle_staging'),
        prefixOf('postgres://app@staging-db.internal:5432/royal_circle'),
        prefixOf('postgres://app@db.internal:5433/royal_circle'),
        prefixOf('postgres://app@db.internal:5432/royal_circle', 'redis://cache:6379/2'),
        prefixOf('postgres://app@db.internal:5432/royal_circle', 'redis://cache:6379?db=3'),
      ]).size,
    ).toBe(6);
    // The database number is Redis's own: the default one is 0, named or not.
    expect(prefixOf('postgres://app@db.internal:5432/royal_circle', 'redis://cache:6379/0')).toBe(prefix);
  });

  it('tells embedded databases apart by their folder', () => {
    expect(prefixOf(undefined)).toMatch(/^rc:embedded:[0-9a-f]{10}:$/);
    expect(prefixOf(undefined, undefined, '/home/a/data/db')).not.toBe(
      prefixOf(undefined, undefined, '/home/b/data/db'),
    );
  });

  it('is REDIS_PREFIX when set (ended by a colon), and refuses one with spaces', () => {
    const env = { NODE_ENV: 'test', DATA_DIR: '/tmp/rc-test-data', REDIS_URL: 'redis://cache:6379' };
    const keys = { authSecret: 'x'.repeat(32), messageKeys: testConfig().messageKeys };
    const overrides = { ...keys, idDocumentKeys: testConfig().idDocumentKeys };
    expect(loadConfig({ ...env, REDIS_PREFIX: 'royal-production' }, overrides).redisPrefix).toBe(
      'royal-production:',
    );
    expect(loadConfig({ ...env, REDIS_PREFIX: 'royal:prod:' }, overrides).redisPrefix).toBe('royal:prod:');
    expect(() => loadConfig({ ...env, REDIS_PREFIX: 'royal production' }, overrides)).toThrow(ConfigError);
  });
});

// Two deployments on one Redis, each one instance: what one counts, the other does not see.
describe.skipIf(!redisUrl)("a deployment's Redis keys", () => {
  const prefixes = [`rc-test:${randomUUID()}:`, `rc-test:${randomUUID()}:`] as const;
  const redis = new Redis(redisUrl as string, { lazyConnect: true });
  let apps: Awaited<ReturnType<typeof startTestApp>>[] = [];

  beforeAll(async () => {
    apps = await Promise.all(
      prefixes.map((redisPrefix) =>
        startTestApp({
          redisUrl,
          redisPrefix,
          rateLimits: { ...testConfig().rateLimits, apiPerAddressPerMinute: 2 },
        }),
      ),
    );
  });

  afterAll(async () => {
    for (const prefix of prefixes) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    redis.disconnect();
    await Promise.all(apps.map((started) => started.dispose()));
  });

  it('carry its prefix: rate limits and sign-in counters are not shared with the other', async () => {
    const [a, b] = apps.map((started) => started.app) as [App, App];
    const statuses = async (app: App, times: number) => {
      const codes: number[] = [];
      for (let i = 0; i < times; i += 1) codes.push((await request(app, 'GET', '/api/me')).statusCode);
      return codes;
    };
    expect(await statuses(a, 3)).toEqual([401, 401, 429]);
    expect(await statuses(b, 1)).toEqual([401]);

    const account = `someone-${randomUUID()}@example.com`;
    await a.ctx.signInFailures.perAccount.add(account);
    expect(await a.ctx.signInFailures.perAccount.count(account)).toBe(1);
    expect(await b.ctx.signInFailures.perAccount.count(account)).toBe(0);

    const names = (await redis.keys(`${prefixes[0]}*`)).map((key) => key.slice(prefixes[0].length));
    expect(names).toEqual(
      expect.arrayContaining([expect.stringMatching(/^rc-rl:/), `rc-signin-fail-any:${account}`]),
    );
  });
});
