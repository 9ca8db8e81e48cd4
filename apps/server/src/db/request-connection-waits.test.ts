import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyTestApp, TEST_ORIGIN } from '../../test/app';
import { onPostgres, openTestDatabase } from '../../test/database';
import { createMember, signInAs } from '../../test/factories';
import type { App } from '../app';
import type { DisposableDatabase } from './scratch';

// A request's connection waits share one budget (connection-budget.ts, decision 063), through the
// real pool and a real route: the access check's read of the member, then the handler's statement,
// or a swipe's batch, written for several requests (batcher.ts). Only PostgreSQL has a pool to wait on.

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

  /**
   * Sends a request while every connection is held outside any request: its first wait (the access
   * check's read of the member) is served after FIRST_WAIT_MS, and the connection then goes straight
   * back to the holder, so what the request waits for next finds none free. How long it took.
   */
  async function answerWhileHeld(
    send: (member: { cookie: string; targetId: string }) => Promise<LightMyRequestResponse>,
  ) {
    const member = await createMember(app, { userType: 'men' });
    const target = await createMember(app, { userType: 'women' });
    const { cookie } = await signInAs(app, member);
    // Its next request reads the member again (the access check), then does its own work.
    app.ctx.actors.forget([member.id]);
    if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
    const pool: pg.Pool = database.client;
    const held = await Promise.all(Array.from({ length: POOL_MAX }, () => pool.connect()));
    try {
      const startedAt = performance.now();
      const reply = send({ cookie, targetId: target.id });
      await sleep(FIRST_WAIT_MS);
      // Queued behind the request's wait: the connection handed over now serves the member's read,
      // then comes back here.
      const reclaim = pool.connect();
      held.shift()?.release();
      held.push(await reclaim);
      const response = await reply;
      return { response, tookMs: performance.now() - startedAt, cookie, targetId: target.id };
    } finally {
      for (const client of held) client.release();
    }
  }

  function expectOutageAtBudget({ response, tookMs }: { response: LightMyRequestResponse; tookMs: number }) {
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('SERVICE_UNAVAILABLE');
    expect(response.headers['retry-after']).toBeDefined();
    // Two whole waits would answer after FIRST_WAIT_MS + CONNECT_MS (1,200 ms).
    expect(tookMs).toBeGreaterThanOrEqual(CONNECT_MS - 50);
    expect(tookMs).toBeLessThan(CONNECT_MS + 250);
  }

  it('a second wait gets what the first left: the 503 comes at the budget, not after two waits', async () => {
    const held = await answerWhileHeld(({ cookie }) =>
      app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } }),
    );
    expectOutageAtBudget(held);
    // The pool is whole again: the same request now succeeds.
    const after = await app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: held.cookie },
    });
    expect(after.statusCode).toBe(200);
  });

  it("a swipe's batch waits within what its request has left, not the pool's whole bound", async () => {
    const swipe = ({ cookie, targetId }: { cookie: string; targetId: string }) =>
      app.inject({
        method: 'POST',
        url: '/api/swipes',
        headers: { cookie, origin: TEST_ORIGIN },
        payload: { target_id: targetId, direction: 'left' },
      });
    const held = await answerWhileHeld(swipe);
    expectOutageAtBudget(held);
    // Nothing was written: the same swipe now goes through.
    const after = await swipe(held);
    expect(after.statusCode, after.body).toBe(200);
  });
});
