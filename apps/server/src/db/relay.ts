import type { BusMessage } from '../adapters/bus';
import {
  claimStrandedRows,
  countFailedRebuilds,
  deleteRows,
  type EventRecipes,
  STORED_MESSAGES,
  withEventId,
} from './outbox';
import { collectingWork, publishMessage, type TransactionDeps } from './transaction';

/**
 * How old an outbox row must be before the worker takes it: the committing instance publishes and
 * deletes its rows within milliseconds, so a row this old was left by a process that died between
 * COMMIT and publish (or whose bus was down).
 */
export const STRANDED_AFTER_MS = 5_000;
const ROWS_PER_PASS = 100;
/**
 * Failed rebuilds after which a row is set aside: kept, for someone to look at, and never claimed
 * again. Each try waits twice as long as the one before (5, 10, 20 … s after the row was written), so
 * the last comes about ten minutes after the first: a database hiccup passes, a recipe that cannot
 * work stops holding a place in every pass.
 */
export const RELAY_MAX_ATTEMPTS = 8;

export type RelayDeps = Pick<TransactionDeps, 'db' | 'bus' | 'log' | 'forgetLocally' | 'positions'> & {
  recipes: EventRecipes;
};

/**
 * One pass of the delivery worker over the events outbox: claims the stranded rows (FOR UPDATE SKIP
 * LOCKED, so instances side by side take different rows), publishes their events with the ids their
 * own instance would have given them, and deletes them in the same transaction. Delivery is at
 * least once: a worker that dies after publishing and before its COMMIT leaves the rows to the next
 * pass, and clients drop the ids they have seen. A row whose recipe fails is tried again later and
 * set aside after RELAY_MAX_ATTEMPTS (the claim passes over it), so it never keeps the rows behind it
 * waiting. While the bus cannot reach the other instances (Redis down) it does nothing: the rows
 * wait, and the first pass after Redis is back publishes them to everyone (decision 064). Events
 * are logged in their recipients' streams as the pass publishes them, keeping the positions an
 * earlier try gave them. Returns how many rows it published.
 */
export async function relayStrandedEvents(
  deps: RelayDeps,
  { olderThanMs = STRANDED_AFTER_MS, limit = ROWS_PER_PASS } = {},
): Promise<number> {
  if (!deps.bus.isUp()) return 0;
  return deps.db.transaction(async (tx) => {
    const rows = await claimStrandedRows(tx, { olderThanMs, limit, maxAttempts: RELAY_MAX_ATTEMPTS });
    const published: number[] = [];
    const failed = new Map<number, unknown>();
    const outgoing: BusMessage[] = [];
    for (const row of rows) {
      let messages: readonly BusMessage[];
      try {
        messages = await messagesOf(deps, tx, row);
      } catch (error) {
        failed.set(row.id, error);
        continue;
      }
      for (const [index, message] of messages.entries())
        outgoing.push(withEventId(message, { id: row.id, index }));
      published.push(row.id);
    }
    const stamped = deps.positions ? await deps.positions.stamp(outgoing, { relayedIn: tx }) : outgoing;
    for (const message of stamped) {
      // A bus that is down fails the pass: its rows stay (and its log rows are rolled back), and the
      // next pass tries again.
      if (!(await publishMessage(deps, message)))
        throw new Error('bus unavailable: stranded events left for the next pass');
    }
    await deleteRows(tx, published);
    for (const { id, recipe, attempts } of await countFailedRebuilds(tx, [...failed.keys()])) {
      const facts = { err: failed.get(id), outboxId: id, recipe, attempts };
      if (attempts >= RELAY_MAX_ATTEMPTS)
        deps.log.error(facts, 'outbox row set aside: its events could not be rebuilt');
      else deps.log.warn(facts, 'outbox row could not be rebuilt; tried again later');
    }
    return published.length;
  });
}

/**
 * A row's messages: stored as they were, or rebuilt by the recipe of the module that recorded them, in
 * a savepoint, so that a statement of it that fails leaves the pass's transaction usable.
 */
async function messagesOf(
  deps: RelayDeps,
  tx: TransactionDeps['db'],
  row: { recipe: string; body: unknown },
): Promise<readonly BusMessage[]> {
  if (row.recipe === STORED_MESSAGES) return row.body as BusMessage[];
  const recipe = deps.recipes[row.recipe];
  if (!recipe) throw new Error(`no outbox recipe named ${row.recipe}`);
  return tx.transaction(async (savepoint) => {
    const work = collectingWork(savepoint);
    await recipe(row.body, work);
    return work.messages;
  });
}
