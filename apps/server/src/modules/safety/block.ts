import { AppError, ErrorCode } from '@royal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { matches, userBlocks, users } from '../../db/schema';
import type { Work } from '../../db/transaction';
import type { MemberActor } from '../auth';

// Blocking a member: from then on neither sees the other anywhere (members/policy.ts notBlockedWith
// and the checks that use it), and an open match between them ends at once on both screens.

/**
 * Blocks `memberId` for the actor (again: a no-op that keeps the first reason), inside `join`'s
 * transaction when given (a report that also blocks). Returns the block's id.
 */
export async function blockMember(
  ctx: AppContext,
  { actor, memberId, reason }: { actor: MemberActor; memberId: string; reason?: string | undefined },
  join?: Work,
): Promise<{ id: string }> {
  if (memberId === actor.id) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, 'You cannot block yourself', [
      { path: 'member_id', message: 'You cannot block yourself' },
    ]);
  }
  return ctx.transact(async (work) => {
    const [member] = await work.tx.select({ id: users.id }).from(users).where(eq(users.id, memberId));
    if (!member) throw new AppError(ErrorCode.NOT_FOUND, 'Member not found');
    const [block] = await work.tx
      .insert(userBlocks)
      .values({ blockerId: actor.id, blockedId: memberId, reason: reason ?? null })
      .onConflictDoUpdate({
        target: [userBlocks.blockerId, userBlocks.blockedId],
        // Blocking again changes nothing but returns the block.
        set: { reason: sql`${userBlocks.reason}` },
      })
      .returning({ id: userBlocks.id });
    // The match ends: the chat closes on both sides (realtime-context refetches the matches, where a
    // blocked pair never appears). Its messages stay stored under the retention rule, unshown.
    const [low, high] = actor.id < memberId ? [actor.id, memberId] : [memberId, actor.id];
    const ended = await work.tx
      .update(matches)
      .set({ status: 'unmatched' })
      .where(and(eq(matches.user1Id, low), eq(matches.user2Id, high), eq(matches.status, 'active')))
      .returning({ id: matches.id });
    for (const match of ended) {
      work.publish({
        kind: 'deliver',
        userIds: [actor.id, memberId],
        event: { type: 'match.updated', payload: { id: match.id, status: 'unmatched' } },
      });
    }
    return { id: (block as { id: string }).id };
  }, join);
}
