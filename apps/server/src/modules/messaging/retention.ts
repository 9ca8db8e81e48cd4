import { MESSAGE_RETENTION_YEARS } from '@royal/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { messages } from '../../db/schema';
import { retentionCutoff } from '../../lib/retention';

// Retention (spec part 2 §9, issue 34): messages are kept MESSAGE_RETENTION_YEARS (7) years, then
// deleted by the daily `message-retention` job (jobs/index.ts).

const BATCH = 5_000;

/**
 * Deletes messages older than MESSAGE_RETENTION_YEARS before `now` (injectable for tests), a batch
 * at a time so no statement holds many locks or a long transaction (messages_created_brin_idx finds
 * them). The matches, their notices and the ledger are not touched. Returns how many were deleted.
 */
export async function purgeExpiredMessages(
  ctx: Pick<AppContext, 'db'>,
  now: Date = new Date(),
): Promise<number> {
  const before = retentionCutoff(now, MESSAGE_RETENTION_YEARS);
  let deleted = 0;
  for (;;) {
    const batch = await ctx.db.execute(sql`
      delete from ${messages} where ${messages.id} in (
        select ${messages.id} from ${messages} where ${messages.createdAt} < ${before} limit ${BATCH})
      returning 1`);
    const count = batch.rows.length;
    deleted += count;
    if (count < BATCH) return deleted;
  }
}
