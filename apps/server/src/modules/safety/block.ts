import { AppError, ErrorCode } from '@royal/shared';
import { and, eq, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { matches, userBlocks, users } from '../../db/schema';
import type { Work } from '../../db/transaction';
import type { MemberActor } from '../auth';

// Blocking a member: from then on neither sees the other anywhere (members/policy.ts notBlockedWith
// and the checks that use it), and an open match between them ends at once on both screens.

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

/**
 * Blocks `memberId` for the actor (again: a no-op that keeps the first reason), inside `join`'s
 * transaction when given (a report that also blocks). Returns the block's id.
 */
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
    await endMatchesOnBlock(work, [[actor.id, memberId]]);
    return { id: (block as { id: string }).id };
  }, join);
}

/**
 * Ends the open match of each newly blocked pair: the chat closes on both sides (realtime-context
 * refetches the matches, where a blocked pair never appears). Its messages stay stored under the
 * retention rule, unshown. One statement for any number of pairs.
 */
export async function endMatchesOnBlock(work: Work, pairs: readonly (readonly [string, string])[]) {
  if (pairs.length === 0) return;
  const ordered = pairs.map(([a, b]): [string, string] => (a < b ? [a, b] : [b, a]));
  const ended = await work.tx
    .update(matches)
    .set({ status: 'unmatched' })
    .where(
      and(
        eq(matches.status, 'active'),
        or(...ordered.map(([low, high]) => and(eq(matches.user1Id, low), eq(matches.user2Id, high)))),
      ),
    )
    .returning({ id: matches.id, user1Id: matches.user1Id, user2Id: matches.user2Id });
  for (const match of ended) {
    work.publish({
      kind: 'deliver',
      userIds: [match.user1Id, match.user2Id],
      event: { type: 'match.updated', payload: { id: match.id, status: 'unmatched' } },
    });
  }
}
