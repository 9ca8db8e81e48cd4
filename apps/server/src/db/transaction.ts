import type { FastifyBaseLogger } from 'fastify';
import type { BusMessage, EventBus } from '../adapters/bus';
import type { Db } from './client';
import { type OutboxCleaner, type RecordedAt, recordMessages, withEventId } from './outbox';

/**
 * One unit of work: the transaction a service writes in, and the events it raises. Events wait until
 * COMMIT, so nobody is told of a match, a message or a transfer that was rolled back. They are
 * written in the same transaction, in one outbox row, so a process that dies between COMMIT and
 * publish loses none: the delivery worker publishes what it left (decision 034). Every kind must
 * survive: realtime deliveries, and `actor.invalidate`, which besides the 10 s actor cache is what
 * closes a signed-out member's sockets and re-reads a changed member's rights on other instances.
 */
export type Work = {
  /** The transaction to write in (or, for a single-statement unit, the database itself). */
  readonly tx: Db;
  /** Queues a bus message; it is published once the outermost transaction has committed. */
  publish(message: BusMessage): void;
};

/**
 * The work of a unit that is one statement of its own. With no transaction to add a row to, its
 * statement writes its events' outbox row itself (outbox.ts `outboxInsert`), and the unit hands
 * the events it built over with `recorded`. Absent when the unit joined a caller's: the caller's
 * row holds them, through `publish`.
 */
export type StatementWork = Work & {
  readonly recorded?: (outboxId: number, messages: readonly BusMessage[]) => void;
};

/** Where the restart tests stop the server: a unit that recorded events has committed and not published them. */
export const UNIT_AFTER_COMMIT = 'unit.after-commit';

export type TransactionDeps = {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  /** Deletes published outbox rows in batches. */
  outbox: OutboxCleaner;
  /**
   * Called at once after commit for `actor.invalidate`, so this instance never serves a stale actor,
   * whenever the bus brings the message back.
   */
  forgetLocally: (message: Extract<BusMessage, { kind: 'actor.invalidate' }>) => void;
  /** Runs after COMMIT, before a unit's events go out (the restart tests' pause). */
  afterCommit?: () => Promise<void>;
  /** Logs durable events in their recipients' streams before they go out (decision 064); absent, none are. */
  positions?: EventPositions;
};

/**
 * Gives each durable event (one with an id) a position in each recipient's realtime stream, logged
 * so that a client that lost its socket can ask for what it missed (modules/realtime/positions.ts,
 * decision 064). `relayedIn`: the relay's claiming transaction; the events may have been logged
 * before, and keep their positions.
 */
export type EventPositions = {
  stamp(messages: readonly BusMessage[], options?: { relayedIn?: Db }): Promise<BusMessage[]>;
};

/**
 * The messages with their positions. A log that fails (the database just went away) does not hold
 * the live delivery back: the messages go out without positions, and `logged: false` tells the unit
 * to leave its outbox rows to the worker, which logs them (and publishes them again) later.
 */
async function positioned(
  deps: Pick<TransactionDeps, 'log' | 'positions'>,
  messages: readonly BusMessage[],
): Promise<{ messages: readonly BusMessage[]; logged: boolean }> {
  if (!deps.positions) return { messages, logged: true };
  try {
    return { messages: await deps.positions.stamp(messages), logged: true };
  } catch (error) {
    deps.log.error({ err: error }, 'realtime events not logged: their outbox rows are left to the worker');
    return { messages, logged: false };
  }
}

/**
 * Runs `body` in a transaction and publishes its events after commit (none on rollback). With
 * `join`, the body runs inside the caller's transaction instead and its events are published with
 * the caller's, so a transfer, its message, its notification and its e-mail commit together.
 */
export async function inTransaction<T>(
  deps: TransactionDeps,
  body: (work: Work) => Promise<T>,
  join?: Work,
): Promise<T> {
  if (join) return body(join);
  const events = new UnitEvents();
  const result = await deps.db.transaction(async (tx) => {
    const value = await body({ tx, publish: (message) => events.add(message) });
    await events.recordOwn(tx);
    return value;
  });
  await events.publish(deps);
  return result;
}

/**
 * A unit of work whose writes are one SQL statement (a statement is its own transaction): no
 * BEGIN/COMMIT round trips, and its events are published once the body — and so the statement —
 * has finished. Its statement records its events (StatementWork). With `join` it runs inside the
 * caller's transaction like inTransaction.
 */
export async function inSingleStatement<T>(
  deps: TransactionDeps,
  body: (work: StatementWork) => Promise<T>,
  join?: Work,
): Promise<T> {
  if (join) return body(join);
  const events = new UnitEvents();
  const result = await body({
    tx: deps.db,
    publish: (message) => events.add(message),
    recorded: (outboxId, messages) => events.addRecorded(outboxId, messages),
  });
  events.noteUnrecorded(deps.log);
  await events.publish(deps);
  return result;
}

/**
 * For a change no unit of work can hold, made by a library in a transaction of its own (Better
 * Auth's sign-out): the messages are recorded first, in a row of their own, then `change` runs, then
 * they are published (whether it succeeded or not) and the row deleted. A process that dies after the
 * change leaves the row to the worker; one that dies before it leaves messages that change nothing
 * (an `actor.invalidate` for a session still valid only reads it again).
 */
export async function publishAround<T>(
  deps: TransactionDeps,
  messages: readonly BusMessage[],
  change: () => Promise<T>,
): Promise<T> {
  const events = new UnitEvents();
  events.addRecorded(await recordMessages(deps.db, messages), messages);
  try {
    return await change();
  } finally {
    await events.publish(deps);
  }
}

/**
 * Hands a statement unit's events over: as recorded in `outboxId`, the row its statement wrote; or,
 * joined to a caller's unit (whose row will hold them), one by one to its publish.
 */
export function publishRecorded(
  work: StatementWork,
  outboxId: number | null,
  messages: readonly BusMessage[],
) {
  if (work.recorded && outboxId !== null) work.recorded(outboxId, messages);
  else for (const message of messages) work.publish(message);
}

/** A Work whose publish collects the messages (a rebuild, a statement unit building its events). */
export function collectingWork(tx: Db): Work & { messages: BusMessage[] } {
  const messages: BusMessage[] = [];
  return { tx, messages, publish: (message) => messages.push(message) };
}

/** The events of one unit, in the order raised, each with the outbox row that holds it (if any). */
class UnitEvents {
  /** `own`: the event's place in the unit's own row (inTransaction), whose id comes once it is written. */
  private readonly outgoing: Array<{ message: BusMessage; own?: number; at?: RecordedAt }> = [];
  private readonly own: BusMessage[] = [];
  private readonly rows: number[] = [];

  add(message: BusMessage) {
    this.outgoing.push({ message, own: this.own.push(message) - 1 });
  }

  addRecorded(id: number, messages: readonly BusMessage[]) {
    this.rows.push(id);
    for (const [index, message] of messages.entries()) this.outgoing.push({ message, at: { id, index } });
  }

  /** One row for all the unit's events, in its transaction: one INSERT, none if it has none. */
  async recordOwn(tx: Db) {
    if (this.own.length === 0) return;
    const id = await recordMessages(tx, this.own);
    this.rows.push(id);
    for (const entry of this.outgoing) if (entry.own !== undefined) entry.at = { id, index: entry.own };
  }

  /** A statement unit's events raised with `publish` had no row to go in: a bug, said loudly. */
  noteUnrecorded(log: FastifyBaseLogger) {
    for (const message of this.own)
      log.error(
        { kind: message.kind },
        'a single-statement unit published an event its statement did not record',
      );
  }

  /**
   * Publishes every event (stamped with its id when recorded, and its recipients' positions), then
   * deletes the rows whose events all reached the bus and the log; a row whose publish failed stays
   * for the worker to publish again.
   */
  async publish(deps: TransactionDeps) {
    if (this.outgoing.length === 0) return;
    await deps.afterCommit?.();
    const failed = new Set<number>();
    const { messages, logged } = await positioned(
      deps,
      this.outgoing.map(({ message, at }) => (at ? withEventId(message, at) : message)),
    );
    // Sent together, not one reply after another: each publish is written to the bus's one
    // connection as it is called, so they still arrive in the order raised.
    const published = await Promise.all(messages.map((message) => publishMessage(deps, message)));
    for (const [index, went] of published.entries()) {
      const { at } = this.outgoing[index] as { at?: RecordedAt };
      if ((!went || !logged) && at) failed.add(at.id);
    }
    for (const id of this.rows) if (!failed.has(id)) deps.outbox.forget(id);
  }
}

/** Publishes one message (forgetting this instance's cached actors at once); whether it went out. */
export async function publishMessage(
  deps: Pick<TransactionDeps, 'bus' | 'log' | 'forgetLocally'>,
  message: BusMessage,
): Promise<boolean> {
  if (message.kind === 'actor.invalidate') deps.forgetLocally(message);
  try {
    await deps.bus.publish(message);
    return true;
  } catch (error) {
    // The data is committed; a recorded event's row stays for the worker, and a client that missed
    // an event refetches when it joins again.
    deps.log.error({ err: error, kind: message.kind }, 'bus publish failed after commit');
    return false;
  }
}
