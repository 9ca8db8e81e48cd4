import type { BlockedList } from '@royal/shared';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { profiles, userBlocks, users } from '../../db/schema';
import type { MemberActor } from '../auth';

/** The members the actor blocked, newest first, by name (user_blocks_pair_key serves blocker_id). */
export async function listBlocked(ctx: AppContext, { actor }: { actor: MemberActor }): Promise<BlockedList> {
  const rows = await ctx.db
    .select({
      id: userBlocks.id,
      memberId: userBlocks.blockedId,
      name: profiles.name,
      accountName: users.name,
      reason: userBlocks.reason,
      createdAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .leftJoin(profiles, eq(profiles.userId, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, actor.id))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.id));
  return {
    items: rows.map((row) => ({
      id: row.id,
      member_id: row.memberId,
      name: row.name ?? row.accountName,
      reason: row.reason,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
