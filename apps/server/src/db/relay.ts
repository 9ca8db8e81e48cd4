import type { BusMessage } from '../adapters/bus';
import { claimStrandedRows, deleteRows, type EventRecipes, STORED_MESSAGES, withEventId } from './outbox';
import { collectingWork, publishMessage, type TransactionDeps } from './transaction';

/**
 * How old an outbox row must be before the worker takes it: the committing instance publishes and
 * deletes its rows within milliseconds, so a row this old was left by a process that died between
 * COMMIT and publish (or whose bus was down).
 */
export const STRANDED_AFTER_MS = 5_000;
const ROWS_PER_PASS = 100;

export type RelayDeps = Pick<TransactionDeps, 'db' | 'bus' | 'log' | 'forgetLocally'> & {
  recipes: EventRecipes;
};

/**
 * One pass of the delivery worker over the events outbox: claims the stranded rows (FOR UPDATE SKIP
 * LOCKED, so instances side by side take different rows), publishes their events with the ids their
 * own instance would have given them, and deletes them in the same transaction. Delivery is at
 * least once: a worker that dies after publishing and before its COMMIT leaves the rows to the next
 * pass, and clients drop the ids they have seen. Returns how many rows it published.
 */
export async function relayStrandedEvents(
  deps: RelayDeps,
  { olderThanMs = STRANDED_AFTER_MS, limit = ROWS_PER_PASS } = {},
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const rows = await claimStrandedRows(tx, { olderThanMs, limit });
    const published: number[] = [];
    for (const row of rows) {
      let messages: readonly BusMessage[];
      try {
        messages = await messagesOf(deps, tx, row);
      } catch (error) {
        // Left for the next pass (a database hiccup), and said loudly (a rebuild that cannot work).
        deps.log.error(
          { err: error, outboxId: row.id, recipe: row.recipe },
          'outbox row could not be rebuilt',
        );
        continue;
      }
      for (const [index, message] of messages.entries()) {
        // A bus that is down fails the pass: its rows stay, and the next pass tries again.
        if (!(await publishMessage(deps, withEventId(message, { id: row.id, index }))))
          throw new Error('bus unavailable: stranded events left for the next pass');
      }
      published.push(row.id);
    }
    await deleteRows(tx, published);
    return published.length;
  });
}

/** A row's messages: stored as they were, or rebuilt by the recipe of the module that recorded them. */
async function messagesOf(
  deps: RelayDeps,
  tx: TransactionDeps['db'],
  row: { recipe: string; body: unknown },
): Promise<readonly BusMessage[]> {
  if (row.recipe === STORED_MESSAGES) return row.body as BusMessage[];
  const recipe = deps.recipes[row.recipe];
  if (!recipe) throw new Error(`no outbox recipe named ${row.recipe}`);
  const work = collectingWork(tx);
  await recipe(row.body, work);
  return work.messages;
}
