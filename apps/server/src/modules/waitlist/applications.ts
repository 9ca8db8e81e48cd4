import type { WaitlistPage, WaitlistQuery } from '@royal/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { waitlist } from '../../db/schema';
import { microsecondKey, timeAndIdCursor } from '../../lib/cursor';
import { presentApplication, waitlistColumns } from './presenter';

const PAGE = 20;

/**
 * Waitlist applications for the admins, newest or oldest first (the queue), all or in one status
 * (waitlist_created_idx, waitlist_status_created_idx, read either way).
 */
export async function waitlistApplications(ctx: AppContext, query: WaitlistQuery): Promise<WaitlistPage> {
  const limit = query.limit ?? PAGE;
  const after = timeAndIdCursor.decode(query.cursor);
  const oldest = query.order === 'oldest';
  const rows = await ctx.db
    .select({ ...waitlistColumns(waitlist), key: microsecondKey(waitlist.createdAt) })
    .from(waitlist)
    .where(
      and(
        query.status ? eq(waitlist.status, query.status) : undefined,
        after
          ? sql`(${waitlist.createdAt}, ${waitlist.id}) ${sql.raw(oldest ? '>' : '<')} (${after.t}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(...[waitlist.createdAt, waitlist.id].map(oldest ? asc : desc))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(presentApplication),
    next_cursor: rows.length > limit && last ? timeAndIdCursor.encode({ t: last.key, id: last.id }) : null,
  };
}
