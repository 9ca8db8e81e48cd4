import { AppError, ErrorCode } from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { userBlocks } from '../../db/schema';
import type { MemberActor } from '../auth';

/**
 * Lifts one of the actor's blocks ('User Unblocked'). Only the blocker may: someone else's block, or
 * none, is one answer (404), so a member cannot learn who blocked them. A match the block ended
 * stays ended.
 */
export async function unblockMember(
  ctx: AppContext,
  { actor, blockId }: { actor: MemberActor; blockId: string },
) {
  const removed = await ctx.db
    .delete(userBlocks)
    .where(and(eq(userBlocks.id, blockId), eq(userBlocks.blockerId, actor.id)))
    .returning({ id: userBlocks.id });
  if (removed.length === 0) throw new AppError(ErrorCode.NOT_FOUND, 'Block not found');
}
