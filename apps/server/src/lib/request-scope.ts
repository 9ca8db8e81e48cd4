import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the code running now works for: a request, or a job run under the id of the request that
 * queued it. One store for the process, entered once per request (modules/metrics/request-id.ts), so
 * the request id and the database's connection budget ride the same context.
 */
export type RequestScope = {
  /** None for a write made for several requests at once (db/batcher.ts): it has no one id. */
  reqId?: string;
  job: boolean;
  /**
   * A request's connection waits share one budget (decision 063): how much of it they have spent,
   * `Infinity` once a wait ran it out (db/connection-budget.ts). A job's runs have none: no client
   * is waiting on them.
   */
  connectionWaitSpentMs?: number;
  /**
   * Set once the reply has gone: work the request left behind (a cleanup on a timer, a refresh in
   * the background) waits with the pool's own bound, not what is left of an answered request's.
   */
  answered?: boolean;
};

export const requestScope = new AsyncLocalStorage<RequestScope>();
