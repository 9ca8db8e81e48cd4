import type pg from 'pg';
import { type RequestScope, requestScope } from '../lib/request-scope';

/**
 * One budget for all of a request's connection waits (decision 063). The pool bounds each wait at
 * `limitMs`, but a request may wait more than once (its actor, then its statement; a statement, then
 * another): while PostgreSQL goes down, one that got its first connection slowly could wait the
 * whole limit again for the next, and answer its 503 long after the 2 s an outage's answer is
 * promised in. So a request's waits draw on one budget of `limitMs`: a later wait gets what the
 * earlier ones left, and none is tried once it is spent. Waits outside a request (jobs, start-up)
 * and after its reply keep the pool's own bound. A write made for several requests at once
 * (db/batcher.ts) waits within what the most spent of them has left, and each is charged its wait.
 */

type Release = (error?: Error | boolean) => void;
type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  release?: Release,
) => void;
type Connect = {
  (): Promise<pg.PoolClient>;
  (callback: ConnectCallback): void;
};

/** What pg-pool says when its own wait runs out: isDatabaseUnavailable reads it as a 503. */
export const CONNECTION_WAIT_EXCEEDED = 'timeout exceeded when trying to connect';

const noRelease: Release = () => {};

/** Makes `pool.connect` (which pool.query and transactions go through) draw on the request's budget. */
export function shareConnectionBudget(pool: pg.Pool, limitMs: number): void {
  const connectWithin = pool.connect.bind(pool) as Connect;
  function budgeted(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const scope = requestScope.getStore();
    if (!scope || scope.job || scope.answered) {
      if (!callback) return connectWithin();
      connectWithin(callback);
      return undefined;
    }
    if (!callback) {
      return new Promise((resolve, reject) =>
        budgeted((error, client) => (error || !client ? reject(error) : resolve(client))),
      );
    }
    waitWithin(connectWithin, scope, limitMs, callback);
    return undefined;
  }
  pool.connect = budgeted as Connect;
}

/** One wait for a connection, bounded by what the request's budget has left. */
function waitWithin(connectWithin: Connect, scope: RequestScope, limitMs: number, callback: ConnectCallback) {
  const spentMs = scope.connectionWaitSpentMs ?? 0;
  const leftMs = limitMs - spentMs;
  if (leftMs <= 0) return callback(new Error(CONNECTION_WAIT_EXCEEDED), undefined, noRelease);
  const startedAt = performance.now();
  let settled = false;
  // Set when the budget's timer ends the wait: spent, though a timer may fire a hair early by the clock.
  let spentAll = false;
  // The pool bounds the wait at limitMs itself; what is left of a spent budget needs a timer.
  const timer =
    leftMs < limitMs
      ? setTimeout(() => {
          spentAll = true;
          settle(new Error(CONNECTION_WAIT_EXCEEDED), undefined, noRelease);
        }, leftMs)
      : undefined;
  function settle(error: Error | undefined, client: pg.PoolClient | undefined, release = noRelease) {
    // A connection given after the request gave up on it goes straight back to the pool.
    if (settled) return client ? release() : undefined;
    settled = true;
    clearTimeout(timer);
    scope.connectionWaitSpentMs = spentAll
      ? Number.POSITIVE_INFINITY
      : spentMs + (performance.now() - startedAt);
    callback(error, client, release);
  }
  connectWithin(settle);
}

/** A request still waiting for its answer: its connection waits draw on its budget. */
const isWaitingRequest = (scope: RequestScope | undefined): scope is RequestScope =>
  scope !== undefined && !scope.job && !scope.answered;

/**
 * Runs a write made for several requests (a batch) in a scope of its own. Its connection waits are
 * bounded by what the most spent of those requests has left, so none of them answers later than its
 * budget allows (an outage's 503 within 2 s); what the write waited is charged to each of them. With
 * no request waiting on it (jobs only, or answered), it keeps the pool's own bound.
 */
export async function withinRequestsBudget<T>(
  scopes: ReadonlyArray<RequestScope | undefined>,
  write: () => Promise<T>,
): Promise<T> {
  const waiting = scopes.filter(isWaitingRequest);
  if (waiting.length === 0) return requestScope.exit(write);
  const spentBefore = Math.max(...waiting.map((scope) => scope.connectionWaitSpentMs ?? 0));
  const batch: RequestScope = { job: false, connectionWaitSpentMs: spentBefore };
  try {
    return await requestScope.run(batch, write);
  } finally {
    const waitedMs = (batch.connectionWaitSpentMs ?? spentBefore) - spentBefore;
    for (const scope of waiting) scope.connectionWaitSpentMs = (scope.connectionWaitSpentMs ?? 0) + waitedMs;
  }
}
