import type { FastifyBaseLogger } from 'fastify';
import type { BusMessage, EventBus } from '../adapters/bus';
import type { Db } from './client';

/**
 * One unit of work: the transaction a service writes in, and the events it raises. Events wait in
 * `pending` and go onto the bus only after COMMIT, so nobody is told of a match, a message or a
 * transfer that was rolled back.
 */
export type Work = {
  /** The transaction to write in (or, for a single-statement unit, the database itself). */
  readonly tx: Db;
  /** Queues a bus message; it is published once the outermost transaction has committed. */
  publish(message: BusMessage): void;
};

export type TransactionDeps = {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  /**
   * Called at once after commit for `actor.invalidate` and `member.view.invalidate`, so this
   * instance never serves a stale actor or member view, whenever the bus brings the message back.
   */
  forgetLocally: (
    message: Extract<BusMessage, { kind: 'actor.invalidate' | 'member.view.invalidate' }>,
  ) => void;
};

/**
 * Runs `body` in a transaction and publishes its events after commit (none on rollback). With
 * `join`, the body runs inside the caller's transaction instead and its events are published with
 * the caller's, so a transfer, its message, its notification and its e-mail commit together.
 */
export function inTransaction<T>(deps: TransactionDeps, body: (work: Work) => Promise<T>, join?: Work) {
  return runUnit(deps, (work) => deps.db.transaction((tx) => work(tx)), body, join);
}

/**
 * A unit of work whose writes are one SQL statement (a statement is its own transaction): no
 * BEGIN/COMMIT round trips, and its events are published once the body — and so the statement —
 * has finished. With `join` it runs inside the caller's transaction like inTransaction.
 */
export function inSingleStatement<T>(deps: TransactionDeps, body: (work: Work) => Promise<T>, join?: Work) {
  return runUnit(deps, (work) => work(deps.db), body, join);
}

/** Runs `body` on the executor `open` provides (or the caller's unit), then publishes its events. */
async function runUnit<T>(
  deps: TransactionDeps,
  open: (work: (tx: Db) => Promise<T>) => Promise<T>,
  body: (work: Work) => Promise<T>,
  join: Work | undefined,
): Promise<T> {
  if (join) return body(join);
  const pending: BusMessage[] = [];
  const result = await open((tx) => body({ tx, publish: (message) => pending.push(message) }));
  await publishAll(deps, pending);
  return result;
}

export async function publishAll(deps: TransactionDeps, messages: readonly BusMessage[]) {
  for (const message of messages) {
    if (message.kind === 'actor.invalidate' || message.kind === 'member.view.invalidate')
      deps.forgetLocally(message);
    try {
      await deps.bus.publish(message);
    } catch (error) {
      // The data is committed; a lost realtime event is recovered by the client's refetch.
      deps.log.error({ err: error, kind: message.kind }, 'bus publish failed after commit');
    }
  }
}
