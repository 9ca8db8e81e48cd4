import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { requestScope } from '../lib/request-scope';
import { CONNECTION_WAIT_EXCEEDED, shareConnectionBudget, withinRequestsBudget } from './connection-budget';
import { isDatabaseUnavailable } from './errors';

const LIMIT_MS = 200;

type Callback = (error: Error | undefined, client?: pg.PoolClient, release?: () => void) => void;

/** A pool whose connections are handed out by the test, each with its own release. */
function fakePool() {
  const waiting: Callback[] = [];
  const released: string[] = [];
  const pool = {
    connect(callback?: Callback) {
      if (!callback)
        return new Promise((resolve, reject) => pool.connect((e, c) => (e ? reject(e) : resolve(c))));
      waiting.push(callback);
      return undefined;
    },
  };
  const give = (name: string) => {
    const client = { name, release: () => released.push(name) } as unknown as pg.PoolClient;
    waiting.shift()?.(undefined, client, () => released.push(name));
  };
  shareConnectionBudget(pool as unknown as pg.Pool, LIMIT_MS);
  return { pool: pool as unknown as pg.Pool, waiting, released, give };
}

const inRequest = <T>(body: () => Promise<T>) => requestScope.run({ reqId: 'r', job: false }, body);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a request's connection waits share one budget", () => {
  it('a later wait gets what the earlier ones left, then fails as pg-pool does (a 503)', async () => {
    const { pool, waiting, released, give } = fakePool();
    await inRequest(async () => {
      const first = pool.connect();
      await sleep(120);
      give('first');
      (await first).release();

      const startedAt = performance.now();
      const second = pool.connect();
      expect(waiting).toHaveLength(1);
      const error = await second.then(
        () => null,
        (e: Error) => e,
      );
      const waitedMs = performance.now() - startedAt;
      expect(error?.message).toBe(CONNECTION_WAIT_EXCEEDED);
      expect(isDatabaseUnavailable(error)).toBe(true);
      // About the 80 ms left of 200, not the pool's whole 200 again.
      expect(waitedMs).toBeGreaterThanOrEqual(60);
      expect(waitedMs).toBeLessThan(LIMIT_MS - 40);

      // The connection the pool hands over after the request gave up goes straight back.
      give('late');
      expect(released).toEqual(['first', 'late']);

      // Nothing left: the next wait is not even begun.
      const third = await new Promise<Error | undefined>((resolve) => pool.connect((e) => resolve(e)));
      expect(third?.message).toBe(CONNECTION_WAIT_EXCEEDED);
      expect(waiting).toHaveLength(0);
    });
  });

  it('waits that take nothing leave the budget whole', async () => {
    const { pool, give } = fakePool();
    await inRequest(async () => {
      for (let i = 0; i < 5; i++) {
        const next = pool.connect();
        give(`c${i}`);
        (await next).release();
      }
      expect(requestScope.getStore()?.connectionWaitSpentMs).toBeLessThan(20);
    });
  });

  it('waits outside a request, in a job run and after the reply keep the pool’s own bound', async () => {
    const { pool, waiting, give } = fakePool();
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const job = requestScope.run({ reqId: 'j', job: true, connectionWaitSpentMs: Infinity }, () =>
      pool.connect(),
    );
    const outside = pool.connect();
    const leftBehind = requestScope.run(
      { reqId: 'r', job: false, connectionWaitSpentMs: Infinity, answered: true },
      () => pool.connect(),
    );
    expect(waiting).toHaveLength(3);
    expect(timers).not.toHaveBeenCalled();
    timers.mockRestore();
    give('job');
    give('outside');
    give('left behind');
    await expect(job).resolves.toMatchObject({ name: 'job' });
    await expect(outside).resolves.toMatchObject({ name: 'outside' });
    await expect(leftBehind).resolves.toMatchObject({ name: 'left behind' });
  });

  it('a failed connect is passed on as it came and spends only its own wait', async () => {
    const { pool, waiting } = fakePool();
    await inRequest(async () => {
      const refused = new Promise<Error | undefined>((resolve) => pool.connect((e) => resolve(e)));
      waiting.shift()?.(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
      expect(await refused).toMatchObject({ code: 'ECONNREFUSED' });
      expect(requestScope.getStore()?.connectionWaitSpentMs).toBeLessThan(20);
    });
  });
});

describe('a write made for several requests (a batch)', () => {
  const request = (reqId: string, spentMs?: number) => ({
    reqId,
    job: false,
    connectionWaitSpentMs: spentMs,
  });

  it('waits within what the most spent of them has left, and charges each of them its wait', async () => {
    const { pool, waiting } = fakePool();
    const hurried = request('hurried', 150);
    const fresh = request('fresh');
    const job = { reqId: 'job', job: true };
    const startedAt = performance.now();
    const error = await withinRequestsBudget([fresh, hurried, job], async () => {
      // Its own scope, not one of theirs: none's log lines or jobs are filed under another's id.
      expect(requestScope.getStore()?.reqId).toBeUndefined();
      return pool.connect();
    }).then(
      () => null,
      (e: Error) => e,
    );
    const waitedMs = performance.now() - startedAt;
    expect(error?.message).toBe(CONNECTION_WAIT_EXCEEDED);
    expect(waiting).toHaveLength(1);
    // The 50 ms the hurried request had left, not the fresh one's 200.
    expect(waitedMs).toBeGreaterThanOrEqual(40);
    expect(waitedMs).toBeLessThan(LIMIT_MS - 60);
    // The hurried one ran out; the fresh one is charged what the batch waited; the job has no budget.
    expect(hurried.connectionWaitSpentMs).toBe(Infinity);
    expect(fresh.connectionWaitSpentMs).toBe(Infinity);
    expect(job).toEqual({ reqId: 'job', job: true });
  });

  it('a wait that ends in time is charged to each request as long as it took', async () => {
    const { pool, give } = fakePool();
    const some = request('some', 30);
    const none = request('none');
    const connected = withinRequestsBudget([some, none], () => pool.connect());
    await sleep(50);
    give('batch');
    (await connected).release();
    expect(some.connectionWaitSpentMs).toBeGreaterThanOrEqual(30 + 45);
    expect(none.connectionWaitSpentMs).toBeGreaterThanOrEqual(45);
    expect((some.connectionWaitSpentMs ?? 0) - (none.connectionWaitSpentMs ?? 0)).toBeCloseTo(30, 5);
  });

  it('with no request waiting on it (jobs, answered requests, none) keeps the pool’s own bound', async () => {
    const { pool, waiting, give } = fakePool();
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const answered = { reqId: 'r', job: false, connectionWaitSpentMs: Infinity, answered: true };
    const connected = withinRequestsBudget([undefined, { reqId: 'j', job: true }, answered], async () => {
      expect(requestScope.getStore()).toBeUndefined();
      return pool.connect();
    });
    expect(waiting).toHaveLength(1);
    expect(timers).not.toHaveBeenCalled();
    timers.mockRestore();
    give('batch');
    await expect(connected).resolves.toMatchObject({ name: 'batch' });
  });
});
