import type { CursorQuery, SupportRequestsPage } from '@royal/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { supportRequests, users } from '../../db/schema';
import { microsecondKey, timeAndIdCursor } from '../../lib/cursor';
import { presentQueuedSupportRequest } from './presenter';

const QUEUE_PAGE = 20;

/** Every member's support requests for the team, newest first (support_requests_created_idx). */
export async function supportRequestsQueue(
  ctx: AppContext,
  { query }: { query: CursorQuery },
): Promise<SupportRequestsPage> {
  const limit = query.limit ?? QUEUE_PAGE;
  const after = timeAndIdCursor.decode(query.cursor);
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
      after
        ? sql`(${supportRequests.createdAt}, ${supportRequests.id}) < (${after.t}::timestamptz, ${after.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(presentQueuedSupportRequest),
    next_cursor: rows.length > limit && last ? timeAndIdCursor.encode({ t: last.key, id: last.id }) : null,
  };
}
