import { inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BusMessage } from '../adapters/bus';
import type { Db } from './client';
import { outboxEvents } from './schema';

/**
 * The events outbox (decision 034): a committed unit's events are in `outbox_events` until they are
 * published, so a process that dies between COMMIT and publish loses none. This file is the table's
 * SQL; `transaction.ts` writes and clears rows around each unit, `relay.ts` publishes what a dead
 * process left.
 */

/** A row's recipe when its body is the bus messages themselves. */
export const STORED_MESSAGES = 'messages';

/**
 * A module's rebuild of the events a statement of its own recorded by reference (the message sent,
 * the swipe's match and notices): it publishes them on `work`, as its unit did after commit.
 */
export type EventRecipe = (
  body: unknown,
  work: { tx: Db; publish(message: BusMessage): void },
) => Promise<void>;
export type EventRecipes = Readonly<Record<string, EventRecipe>>;

/** Where an event was recorded: the row, and its place among the row's events. */
export type RecordedAt = { id: number; index: number };

/**
 * The event with its id, the same whichever instance publishes it (the committing one, or the
 * worker after a crash): delivery is at least once, and the web client drops an id it has seen.
 */
export function withEventId(message: BusMessage, at: RecordedAt): BusMessage {
  if (message.kind !== 'deliver' || message.event.type === 'typing') return message;
  return { ...message, event: { ...message.event, id: `${at.id}.${at.index}` } };
}

/** Writes one row holding the unit's messages, in its transaction; its id. */
export async function recordMessages(tx: Db, messages: readonly BusMessage[]): Promise<number> {
  const [row] = await tx
    .insert(outboxEvents)
    .values({ recipe: STORED_MESSAGES, body: messages })
    .returning({ id: outboxEvents.id });
  if (!row) throw new Error('outbox row not written');
  return row.id;
}

/**
 * For a statement that writes its own events' row (a unit that is one statement has no transaction
 * to add it to): the INSERT of one row per row of `from` that `where` keeps, its body built from it.
 * Used as a data-modifying CTE, `outboxed as (${outboxInsert(…)})`, returning `id` and `returning`.
 */
export function outboxInsert(row: {
  recipe: string;
  body: SQL;
  from: SQL;
  where?: SQL;
  returning?: SQL;
}): SQL {
  return sql`insert into ${outboxEvents} (recipe, body) select ${row.recipe}::text, ${row.body}
    from ${row.from} where ${row.where ?? sql`true`}
    returning id${row.returning ? sql`, ${row.returning}` : sql``}`;
}

/**
 * Rows older than `olderThanMs`, oldest first, locked for this transaction; others' locked rows
 * skipped. A row whose rebuild failed `attempts` times waits `olderThanMs` × 2^attempts, and one that
 * failed `maxAttempts` times is passed over for good.
 */
export async function claimStrandedRows(
  tx: Db,
  { olderThanMs, limit, maxAttempts }: { olderThanMs: number; limit: number; maxAttempts: number },
): Promise<Array<{ id: number; recipe: string; body: unknown }>> {
  const { rows } = await tx.execute<{ id: string | number; recipe: string; body: unknown }>(sql`
    select id, recipe, body from ${outboxEvents}
    where attempts < ${maxAttempts}::int
      and created_at < now() - ${olderThanMs}::int * power(2, attempts) * interval '1 millisecond'
    order by id limit ${limit}::int
    for update skip locked`);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** Counts one more failed rebuild of each of these rows; each row's count after it. */
export async function countFailedRebuilds(
  tx: Db,
  ids: readonly number[],
): Promise<Array<{ id: number; recipe: string; attempts: number }>> {
  if (ids.length === 0) return [];
  return tx
    .update(outboxEvents)
    .set({ attempts: sql`${outboxEvents.attempts} + 1` })
    .where(inArray(outboxEvents.id, [...ids]))
    .returning({ id: outboxEvents.id, recipe: outboxEvents.recipe, attempts: outboxEvents.attempts });
}

/** One statement text for any number of rows (an array parameter), so PostgreSQL parses it once. */
export async function deleteRows(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0)
    await db.delete(outboxEvents).where(sql`${outboxEvents.id} = any(${sql.param([...ids])}::bigint[])`);
}

export type OutboxCleaner = {
  /** Deletes a published row soon, with the others published meanwhile (one statement). */
  forget(id: number): void;
  /** Deletes the rows handed to `forget` so far now, and resolves once they are deleted (or failed). */
  settled(): Promise<void>;
};

/** How long published rows wait to be deleted together: at 200 sends a second, twenty a statement. */
const FORGET_AFTER_MS = 100;
const FORGET_AT_MOST = 1000;

/**
 * Published rows are deleted in batches, after the reply: every FORGET_AFTER_MS, one statement for
 * all the rows published meanwhile (a row waiting here is far younger than the worker's
 * STRANDED_AFTER_MS). A delete that fails leaves its rows to the worker, which publishes them again:
 * the event ids make that harmless.
 */
export function createOutboxCleaner(db: Db, log: Pick<FastifyBaseLogger, 'warn'>): OutboxCleaner {
  let waiting: number[] = [];
  let timer: NodeJS.Timeout | undefined;
  const deleting = new Set<Promise<void>>();
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (waiting.length === 0) return;
    const ids = waiting;
    waiting = [];
    const done = deleteRows(db, ids).catch((error) => log.warn({ err: error }, 'outbox rows not deleted'));
    deleting.add(done);
    void done.finally(() => deleting.delete(done));
  };
  return {
    forget(id) {
      waiting.push(id);
      if (waiting.length >= FORGET_AT_MOST) flush();
      else if (!timer) {
        timer = setTimeout(flush, FORGET_AFTER_MS);
        timer.unref();
      }
    },
    async settled() {
      flush();
      await Promise.all([...deleting]);
    },
  };
}
