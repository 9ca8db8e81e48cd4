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
/**
 * The member a block or report names: never the actor (`verb`: "block" or "report"), and an account
 * that exists (404 otherwise). Read inside the caller's transaction.
 */
export async function otherMember(work: Work, actor: MemberActor, memberId: string, verb: string) {
  if (memberId === actor.id) {
    const message = `You cannot ${verb} yourself`;
    throw new AppError(ErrorCode.VALIDATION_FAILED, message, [{ path: 'member_id', message }]);
  }
  const [member] = await work.tx.select({ id: users.id }).from(users).where(eq(users.id, memberId));
  if (!member) throw new AppError(ErrorCode.NOT_FOUND, 'Member not found');
}

export async function blockMember(
  ctx: AppContext,
  { actor, memberId, reason }: { actor: MemberActor; memberId: string; reason?: string | undefined },
  join?: Work,
): Promise<{ id: string }> {
  return ctx.transact(async (work) => {
    await otherMember(work, actor, memberId, 'block');
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
