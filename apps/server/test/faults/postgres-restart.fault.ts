import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../src/adapters/bus/memory';
import { createMemoryStorage } from '../../src/adapters/storage/memory';
import { type App, buildApp } from '../../src/app';
import { createJobs } from '../../src/jobs/queue';
import { request, type Session, testConfig } from '../app';
import { createMember, signInAs } from '../factories';
import { startPrivatePostgres } from '../private-postgres';

// PostgreSQL restarted under a running app (issue 38, decision 063): requests during the gap answer
// 503 with Retry-After within 2 s instead of hanging; the pool recovers by itself; pg-boss survives
// and records a run that ended during the gap once, so it does not run again.

let server: Awaited<ReturnType<typeof startPrivatePostgres>>;
let app: App;
let session: Session;

beforeAll(async () => {
  server = await startPrivatePostgres();
  app = await buildApp(testConfig({ databaseUrl: server.url, databaseInMemory: false }), {
    storage: createMemoryStorage(),
    bus: createMemoryBus(),
    logger: false,
    jobs: false,
  });
  await app.ready();
  session = await signInAs(app, await createMember(app));
});

afterAll(async () => {
  await app?.close();
  await server?.dispose();
});

/** Repeats `probe` until it says yes, for at most `ms`; how long it took. */
async function until(probe: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(100);
  }
  return Date.now() - started;
}

describe('PostgreSQL restarting', () => {
  it('answers 503 with Retry-After within 2 s during the gap, and serves again without a restart', async () => {
    expect((await request(app, 'GET', '/api/me', { session })).statusCode).toBe(200);
    await server.stop();

    const counted = { requests: 0, unavailable: 0, slowest: 0 };
    for (const [method, url, body] of [
      ['GET', '/api/me', undefined],
      ['GET', '/api/notifications', undefined],
      ['PATCH', '/api/me/settings', { dark_mode: false }],
      ['GET', '/api/me', undefined],
    ] as const) {
      const started = Date.now();
      const res = await request(app, method, url, { session, body });
      counted.slowest = Math.max(counted.slowest, Date.now() - started);
      counted.requests += 1;
      if (res.statusCode === 503 && res.headers['retry-after'] === '2') counted.unavailable += 1;
      expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
    }
    const ready = await request(app, 'GET', '/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().failed).toContain('database');
    console.info(`during the gap: ${JSON.stringify(counted)}`);
    expect(counted.unavailable).toBe(counted.requests);
    expect(counted.slowest).toBeLessThan(2_000);

    await server.start();
    const recovered = await until(
      async () => (await request(app, 'GET', '/api/me', { session })).statusCode === 200,
      10_000,
    );
    console.info(`serving again ${recovered} ms after PostgreSQL was back`);
    expect((await request(app, 'GET', '/api/health/ready')).statusCode).toBe(200);
  });

  it('keeps pg-boss working, and records a run that ended during the gap once', async () => {
    const log = pino({ level: 'silent' });
    const jobs = createJobs(app.ctx.database, log);
    let runs = 0;
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    await jobs.start([
      {
        name: 'fault-probe',
        run: async () => {
          runs += 1;
          started();
          if (runs === 1) await finished;
        },
      },
    ]);
    try {
      await jobs.send('fault-probe');
      await running;
      // The run ends while the database is away: pg-boss cannot record it yet.
      await server.stop();
      finish();
      await sleep(3_000);
      await server.start();

      const pool = app.ctx.database.kind === 'postgres' ? app.ctx.database.client : undefined;
      const states = async () =>
        (
          await pool?.query<{ state: string }>("select state from pgboss.job where name = 'fault-probe'")
        )?.rows.map((row) => row.state) ?? [];
      await until(async () => (await states()).join() === 'completed', 15_000);
      // The workers poll again: a job sent now runs too; the first never ran a second time.
      await jobs.send('fault-probe');
      await until(async () => (await states()).join() === 'completed,completed', 15_000);
      console.info(`pg-boss: ${runs} runs for 2 jobs`);
      expect(runs).toBe(2);
    } finally {
      await jobs.stop();
    }
  });

  it('ends requests held by a slow statement with SERVICE_TIMEOUT, and the pool is not exhausted', async () => {
    const slowApp = await buildApp(
      testConfig({
        databaseUrl: server.url,
        databaseInMemory: false,
        databaseTimeouts: { connectMs: 1_000, statementMs: 300, idleInTransactionMs: 30_000 },
      }),
      { storage: createMemoryStorage(), bus: createMemoryBus(), logger: false, jobs: false },
    );
    const pool = app.ctx.database.kind === 'postgres' ? app.ctx.database.client : undefined;
    const locker = await pool?.connect();
    try {
      // Every statement reading profiles now waits, as behind a long migration or a stuck writer.
      await locker?.query('begin');
      await locker?.query('lock table profiles in access exclusive mode');
      const started = Date.now();
      // More requests than the pool has connections (10).
      const replies = await Promise.all(
        Array.from({ length: 15 }, () => request(slowApp, 'GET', '/api/me', { session })),
      );
      const took = Date.now() - started;
      const codes = replies.map((res) => `${res.statusCode} ${res.json().error?.code}`);
      console.info(`15 requests behind a lock: ${took} ms, ${JSON.stringify([...new Set(codes)])}`);
      expect(new Set(codes)).toEqual(new Set(['503 SERVICE_TIMEOUT']));
      expect(took).toBeLessThan(3_000);
    } finally {
      await locker?.query('rollback');
      locker?.release();
    }
    // Every connection came back: the next request is served at once.
    const after = Date.now();
    expect((await request(slowApp, 'GET', '/api/me', { session })).statusCode).toBe(200);
    expect(Date.now() - after).toBeLessThan(1_000);
    await slowApp.close();
  });
});
