import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { request, useTestApp } from '../../../test/app';
import type { DatabaseHandle } from '../../db/client';
import { startDraining, stopDraining } from '../../lib/lifecycle';
import { migrationsCheck, readiness, shippedMigrationTime } from './readiness';

const t = useTestApp();

describe('GET /api/health/ready', () => {
  afterEach(() => stopDraining());

  it('is 200 when the database answers and its migrations are this build’s', async () => {
    const res = await request(t.app, 'GET', '/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ready: true, failed: [], degraded: [] });
  });

  it('is 503 naming draining once the instance is shutting down', async () => {
    startDraining();
    const res = await request(t.app, 'GET', '/api/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ready: false, failed: ['draining'], degraded: [] });
  });
});

describe('readiness checks', () => {
  const hanging = () => new Promise<never>(() => {});

  it('answers within its bound when the database and Redis hang', async () => {
    const database = { ping: hanging } as unknown as DatabaseHandle;
    const redis = { ping: hanging } as unknown as Redis;
    const started = Date.now();
    const state = await readiness({ database, redis, migrationsCurrent: hanging }, 100);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(state).toEqual({ ready: false, failed: ['database', 'migrations'], degraded: ['redis'] });
  });

  it('finds the migrations current when the latest applied is at least the latest shipped, and remembers it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'rc-journal-'));
    mkdirSync(join(folder, 'meta'));
    writeFileSync(
      join(folder, 'meta', '_journal.json'),
      JSON.stringify({ entries: [{ when: 100 }, { when: 300 }, { when: 200 }] }),
    );
    expect(shippedMigrationTime(folder)).toBe(300);

    let latest = '200';
    let reads = 0;
    const database = {
      queryPrepared: async () => {
        reads += 1;
        return [{ latest }];
      },
    } as unknown as DatabaseHandle;
    const current = migrationsCheck(database, 300);
    expect(await current()).toBe(false);
    latest = '300';
    expect(await current()).toBe(true);
    expect(await current()).toBe(true);
    expect(reads).toBe(2);
  });

  it('ships the journal this database was migrated with', async () => {
    const current = migrationsCheck(t.app.ctx.database, shippedMigrationTime());
    expect(await current()).toBe(true);
  });
});
