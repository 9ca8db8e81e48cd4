import type { MessageListQuery, MessagePage } from '@royal/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { preparedStatement } from '../../db/prepared';
import { messages } from '../../db/schema';
import { microsecondKey, timeAndIdCursor } from '../../lib/cursor';
import type { MemberActor } from '../auth';
import { selectList } from '../members';
import { matchFor, presentFor } from './match-access';
import { messageColumns } from './message-rows';
import type { MessageRow } from './presenter';

/** Above every id: the first page's cursor. */
const LAST_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

// A chat's messages, a page at a time (GET /api/matches/:id/messages).

const MESSAGE_PAGE_SIZE = 50;

type PageValues = { matchId: string; beforeAt: string | null; beforeId: string | null; limit: number };

/**
 * A page of a chat, newest first, before the cursor (no cursor: before the end of time): a named
 * statement, a walk of the chat's (match, time) index, so reading a chat is not parsed and planned
 * afresh each time.
 */
const pageStatement = preparedStatement<MessageRow & { sortAt: string }, PageValues>(
  'chat_page',
  (v) => sql`select ${selectList({ ...messageColumns, sortAt: microsecondKey(messages.createdAt) })}
    from ${messages}
    where ${messages.matchId} = ${v.matchId}::uuid
      and (${messages.createdAt}, ${messages.id})
        < (coalesce(${v.beforeAt}::timestamptz, 'infinity'), coalesce(${v.beforeId}::uuid, '${sql.raw(LAST_UUID)}'))
    order by ${messages.createdAt} desc, ${messages.id} desc
    limit ${v.limit}`,
);

/**
 * One page of a chat, oldest first: the newest page by default, older ones by cursor. Readable by
 * the two members while no block stands between them, also after the match expired.
 */
export async function listMessages(
  ctx: AppContext,
  { actor, matchId, query }: { actor: MemberActor; matchId: string; query: MessageListQuery },
): Promise<MessagePage> {
  const match = await matchFor(ctx, actor, matchId);
  const limit = query.limit ?? MESSAGE_PAGE_SIZE;
  const before = timeAndIdCursor.decode(query.cursor);
  const rows = await pageStatement.run(ctx.database, {
    matchId: match.id,
    beforeAt: before?.t ?? null,
    beforeId: before?.id ?? null,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const oldest = page.at(-1);
  return {
    items: page.reverse().map((row) => presentFor(ctx, match, actor, row)),
    older_cursor:
      rows.length > limit && oldest ? timeAndIdCursor.encode({ t: oldest.sortAt, id: oldest.id }) : null,
  };
}
