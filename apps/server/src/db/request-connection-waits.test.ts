import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyTestApp } from '../../test/app';
import { onPostgres, openTestDatabase } from '../../test/database';
import { createMember, signInAs } from '../../test/factories';
import type { App } from '../app';
import type { DisposableDatabase } from './scratch';

// A request's connection waits share one budget (connection-budget.ts, decision 063), through the
// real pool and a real route: the access check's read of the member, then the handler's statement.
// Only PostgreSQL has a pool to wait on.

const CONNECT_MS = 700;
const POOL_MAX = 10;
/** How long the request's first wait lasts: two whole waits would take this plus CONNECT_MS. */
const FIRST_WAIT_MS = 500;

describe.skipIf(!onPostgres)("a request's connection waits, on PostgreSQL", () => {
  let database: DisposableDatabase;
  let app: App;
  beforeAll(async () => {
    database = await openTestDatabase({
      timeouts: { connectMs: CONNECT_MS, statementMs: 5_000, idleInTransactionMs: 30_000 },
    });
    app = await readyTestApp(database, {}, {});
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('a second wait gets what the first left: the 503 comes at the budget, not after two waits', async () => {
    const member = await createMember(app);
    const { cookie } = await signInAs(app, member);
    // Its next request reads the member again (the access check), then its notifications.
    app.ctx.actors.forget([member.id]);
    if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
    const pool: pg.Pool = database.client;
    // Every connection taken, outside any request: the request's first wait begins at once.
    const held = await Promise.all(Array.from({ length: POOL_MAX }, () => pool.connect()));
    try {
      const startedAt = performance.now();
      const reply = app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } });
      await sleep(FIRST_WAIT_MS);
      // Queued behind the request's wait: the connection handed over now serves the member's read,
      // then comes back here, and the handler's statement finds none free.
      const reclaim = pool.connect();
      held.shift()?.release();
      held.push(await reclaim);
      const response = await reply;
      const tookMs = performance.now() - startedAt;
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('SERVICE_UNAVAILABLE');
      expect(response.headers['retry-after']).toBeDefined();
      // Two whole waits would answer after FIRST_WAIT_MS + CONNECT_MS (1,200 ms).
      expect(tookMs).toBeGreaterThanOrEqual(CONNECT_MS - 50);
      expect(tookMs).toBeLessThan(CONNECT_MS + 250);
    } finally {
      for (const client of held) client.release();
    }
    // The pool is whole again: the same request now succeeds.
    const after = await app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } });
    expect(after.statusCode).toBe(200);
  });
});
