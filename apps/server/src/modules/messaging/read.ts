import type { MarkReadReply } from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { messages } from '../../db/schema';
import type { MemberActor } from '../auth';
import { markNoticeRead } from '../notifications';
import { chatNoticeKey } from './chat-notice';
import { matchFor, readsShared } from './match-access';

// Read receipts: a chat marked read (POST /api/matches/:id/read).

/**
 * Marks the messages the actor received in this match as read (never the ones they sent) and tells
 * the sender which, after commit, unless either of them turned Read Receipts off (they are mutual:
 * readsShared): then only the actor's own other tabs hear of it (their unread counts). The chat's new-messages notice is read with them
 * (`notification.read` to the actor's tabs). Two statements, one transaction.
 */
export async function markMatchRead(
  ctx: AppContext,
  { actor, matchId }: { actor: MemberActor; matchId: string },
): Promise<MarkReadReply> {
  const match = await matchFor(ctx, actor, matchId);
  return ctx.transact(async (unit) => {
    // The notice first: its row stays locked until commit, so a send arriving meanwhile waits at its
    // notice and its message is not among those read here: it counts as new, and so does its notice.
    await markNoticeRead(unit, actor.id, chatNoticeKey(match.id));
    const read = await unit.tx
      .update(messages)
      .set({ readStatus: true })
      .where(
        and(
          eq(messages.matchId, match.id),
          eq(messages.receiverId, actor.id),
          eq(messages.readStatus, false),
        ),
      )
      .returning({ id: messages.id, createdAt: messages.createdAt });
    const ids = read.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((r) => r.id);
    if (ids.length > 0) {
      unit.publish({
        kind: 'deliver',
        userIds: readsShared(match) ? [match.otherId, actor.id] : [actor.id],
        event: { type: 'message.read', payload: { match_id: match.id, reader_id: actor.id, ids } },
      });
    }
    return { read_ids: ids };
  });
}
