import { ADMIN_QUEUES, type AdminQueue, type AdminQueueCounts } from '@royal/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { adminClaims } from '../../db/schema';
import { QUEUES } from './queues';

type Row = { queue: AdminQueue; open: number | string; claimed: number | string };

/**
 * Every queue's waiting items and how many of them a live claim holds, in one statement: a count per
 * queue over its "waiting" index, each item looked up in admin_claims by its primary key.
 */
export async function queueCounts(ctx: AppContext): Promise<AdminQueueCounts> {
  const parts = ADMIN_QUEUES.map((queue) => {
    const { table, id, open } = QUEUES[queue];
    return sql`select ${queue}::text as queue, count(*)::int as open, count(${adminClaims.itemId})::int as claimed
      from ${table}
      left join ${adminClaims} on ${adminClaims.queue} = ${queue} and ${adminClaims.itemId} = ${id}
        and ${adminClaims.expiresAt} > now()
      where ${open()}`;
  });
  const { rows } = await ctx.db.execute<Row>(sql.join(parts, sql` union all `));
  const byQueue = new Map(rows.map((row) => [row.queue, row]));
  return {
    queues: ADMIN_QUEUES.map((queue) => ({
      queue,
      open: Number(byQueue.get(queue)?.open ?? 0),
      claimed: Number(byQueue.get(queue)?.claimed ?? 0),
    })),
  };
}
