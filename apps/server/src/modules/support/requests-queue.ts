import type { SupportRequestsPage, SupportRequestsQuery } from '@royal/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { supportRequests, users } from '../../db/schema';
import { microsecondKey, timeAndIdCursor } from '../../lib/cursor';
import { presentQueuedSupportRequest } from './presenter';

const QUEUE_PAGE = 20;

/**
 * Members' support requests for the team, all or in one status, newest or oldest first (the open
 * ones as a queue: support_requests_open_idx; all of them: support_requests_created_idx).
 */
export async function supportRequestsQueue(
  ctx: AppContext,
  { query }: { query: SupportRequestsQuery },
): Promise<SupportRequestsPage> {
  const limit = query.limit ?? QUEUE_PAGE;
  const after = timeAndIdCursor.decode(query.cursor);
  const oldest = query.order === 'oldest';
  const rows = await ctx.db
    .select({
      id: supportRequests.id,
      topic: supportRequests.topic,
      message: supportRequests.message,
      status: supportRequests.status,
      createdAt: supportRequests.createdAt,
      memberId: users.id,
      memberName: users.name,
      key: microsecondKey(supportRequests.createdAt),
    })
    .from(supportRequests)
    .innerJoin(users, eq(users.id, supportRequests.userId))
    .where(
      and(
        query.status ? eq(supportRequests.status, query.status) : undefined,
        after
          ? sql`(${supportRequests.createdAt}, ${supportRequests.id}) ${sql.raw(oldest ? '>' : '<')} (${after.t}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(...[supportRequests.createdAt, supportRequests.id].map(oldest ? asc : desc))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(presentQueuedSupportRequest),
    next_cursor: rows.length > limit && last ? timeAndIdCursor.encode({ t: last.key, id: last.id }) : null,
  };
}
