import type { MessageListQuery, MessagePage } from '@royal/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { messages } from '../../db/schema';
import { microsecondKey, timeAndIdCursor } from '../../lib/cursor';
import type { MemberActor } from '../auth';
import { matchFor, presentFor } from './match-access';
import { messageColumns } from './message-rows';

// A chat's messages, a page at a time (GET /api/matches/:id/messages).

const MESSAGE_PAGE_SIZE = 50;

/**
 * One page of a chat, oldest first: the newest page by default, older ones by cursor. Readable by
 * the two members while no block stands between them, also after the match expired.
 */
export async function listMessages(
  ctx: AppContext,
  { actor, matchId, query }: { actor: MemberActor; matchId: string; query: MessageListQuery },
): Promise<MessagePage> {
  const match = await matchFor(ctx.db, actor, matchId);
  const limit = query.limit ?? MESSAGE_PAGE_SIZE;
  const before = timeAndIdCursor.decode(query.cursor);
  const rows = await ctx.db
    .select({ ...messageColumns, sortAt: microsecondKey(messages.createdAt) })
    .from(messages)
    .where(
      and(
        eq(messages.matchId, match.id),
        before
          ? sql`(${messages.createdAt}, ${messages.id}) < (${before.t}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const oldest = page.at(-1);
  return {
    items: page.reverse().map((row) => presentFor(ctx, match, actor, row)),
    older_cursor:
      rows.length > limit && oldest ? timeAndIdCursor.encode({ t: oldest.sortAt, id: oldest.id }) : null,
  };
}
