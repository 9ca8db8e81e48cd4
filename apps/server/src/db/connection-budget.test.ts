import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { requestScope } from '../lib/request-scope';
import { CONNECTION_WAIT_EXCEEDED, shareConnectionBudget } from './connection-budget';
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
      expect(requestScope.getStore()?.connectionWaitLeftMs).toBeGreaterThan(LIMIT_MS - 20);
    });
  });

  it('waits outside a request, in a job run and after the reply keep the pool’s own bound', async () => {
    const { pool, waiting, give } = fakePool();
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const job = requestScope.run({ reqId: 'j', job: true, connectionWaitLeftMs: 0 }, () => pool.connect());
    const outside = pool.connect();
    const leftBehind = requestScope.run(
      { reqId: 'r', job: false, connectionWaitLeftMs: 0, answered: true },
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
      expect(requestScope.getStore()?.connectionWaitLeftMs).toBeGreaterThan(LIMIT_MS - 20);
    });
  });
});
