import { type AdminQueue, AppError, ErrorCode } from '@royal/shared';
import { and, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { adminClaims } from '../../db/schema';
import type { MemberActor } from '../auth';

/**
 * Gives up `actor`'s claim on an item. Releasing an item nobody holds (or whose claim expired)
 * changes nothing; one another admin holds is refused with CLAIMED_BY_OTHER.
 */
export async function releaseClaim(
  ctx: AppContext,
  { actor, queue, itemId }: { actor: MemberActor; queue: AdminQueue; itemId: string },
): Promise<void> {
  const item = and(eq(adminClaims.queue, queue), eq(adminClaims.itemId, itemId));
  const released = await ctx.db
    .delete(adminClaims)
    .where(and(item, eq(adminClaims.adminId, actor.id)))
    .returning({ itemId: adminClaims.itemId });
  if (released.length > 0) return;
  const [held] = await ctx.db
    .select({ adminId: adminClaims.adminId })
    .from(adminClaims)
    .where(and(item, gt(adminClaims.expiresAt, new Date())));
  if (held) throw new AppError(ErrorCode.CLAIMED_BY_OTHER);
}
