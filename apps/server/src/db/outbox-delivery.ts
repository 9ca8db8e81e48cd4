import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client';

/**
 * The delivery worker's pass over an outbox of outgoing messages (e-mail: modules/mail/delivery.ts,
 * SMS: modules/sms/delivery.ts; decision 034). The table has its delivery state from
 * `outboxDeliveryColumns` (db/schema/delivery-columns.ts); the module says how a row is handed to
 * its transport and how the log names it.
 */

/** The wait before the next try after `attempts` refusals: 1, 2, 4 … minutes, at most 6 hours. */
export const outboxRetryDelayMs = (attempts: number) => Math.min(2 ** (attempts - 1), 360) * 60_000;

/** An outbox table: a uuid id and the columns of `outboxDeliveryColumns`. */
export type DeliveryOutboxTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  error: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  createdAt: PgColumn;
  sentAt: PgColumn;
};

export type OutboxDeliveryDeps = {
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Runs after the hand-over, before the row's COMMIT (the restart tests' pause point). */
  beforeCommit?: () => Promise<void>;
};

export type DeliveryOutbox<T extends DeliveryOutboxTable> = {
  table: T;
  /** Hands one claimed row to the transport; resolves once it is accepted, throws when it is not. */
  handOver: (row: T['$inferSelect']) => Promise<void>;
  /** Refusals before a row is given up as failed. */
  maxAttempts: number;
  /** The log's words: the key its id goes under (`emailId`), and the lines for a refusal and the last. */
  log: { idKey: string; refused: string; givenUp: string };
};

type Outcome = 'none' | 'sent' | 'refused';
/** What every outbox row holds besides its message. */
type DeliveryRow = { id: string; attempts: number };

/**
 * One pass over an outbox. Each queued row that is due is claimed in its own transaction (FOR UPDATE
 * SKIP LOCKED: instances side by side never take the same one), handed over and marked sent in that
 * transaction; a process that dies before the COMMIT leaves it queued and unlocked, and it is handed
 * over again with the same id. A refusal is recorded and tried later (outboxRetryDelayMs), until
 * `maxAttempts`, when the row is marked failed. Returns how many were sent, at most `limit`.
 */
export async function deliverOutbox<T extends DeliveryOutboxTable>(
  deps: OutboxDeliveryDeps,
  outbox: DeliveryOutbox<T>,
  limit: number,
): Promise<number> {
  let sent = 0;
  for (let i = 0; i < limit; i += 1) {
    const outcome = await deps.db.transaction((tx) => deliverNext(deps, outbox, tx));
    if (outcome === 'none') break;
    if (outcome === 'sent') sent += 1;
  }
  return sent;
}

async function deliverNext<T extends DeliveryOutboxTable>(
  deps: OutboxDeliveryDeps,
  outbox: DeliveryOutbox<T>,
  tx: Db,
): Promise<Outcome> {
  const { table } = outbox;
  const [row] = (await tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.status, 'queued'), lte(table.nextAttemptAt, sql`now()`)))
    .orderBy(asc(table.createdAt))
    .limit(1)
    .for('update', { skipLocked: true })) as (T['$inferSelect'] & DeliveryRow)[];
  if (!row) return 'none';
  const mark = (values: Record<string, unknown>) =>
    tx
      .update(table)
      .set(values as PgUpdateSetSource<T>)
      .where(eq(table.id, row.id));
  try {
    await outbox.handOver(row);
  } catch (error) {
    const attempts = row.attempts + 1;
    const givenUp = attempts >= outbox.maxAttempts;
    const facts = { err: error, [outbox.log.idKey]: row.id, attempts };
    if (givenUp) deps.log.error(facts, outbox.log.givenUp);
    else deps.log.warn(facts, outbox.log.refused);
    await mark({
      attempts,
      error: error instanceof Error ? error.message : String(error),
      ...(givenUp
        ? { status: 'failed' }
        : { nextAttemptAt: sql`now() + ${outboxRetryDelayMs(attempts)}::int * interval '1 millisecond'` }),
    });
    return 'refused';
  }
  await mark({ status: 'sent', sentAt: sql`now()`, error: null });
  await deps.beforeCommit?.();
  return 'sent';
}
