import { ADMIN_CLAIM_TTL_MS, type AdminClaim, type AdminQueue, AppError, ErrorCode } from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { adminClaims } from '../../db/schema';
import type { MemberActor } from '../auth';
import { QUEUES } from './queues';

/** 404 for an unknown item, 409 for one already decided (nothing left to claim). */
async function assertWaiting(ctx: AppContext, queue: AdminQueue, itemId: string) {
  const { table, id, open } = QUEUES[queue];
  const [item] = await ctx.db
    .select({ waiting: sql<boolean>`${open()}` })
    .from(table)
    .where(eq(id, itemId));
  if (!item) throw new AppError(ErrorCode.NOT_FOUND, 'This item is no longer in the queue');
  if (!item.waiting) throw new AppError(ErrorCode.CONFLICT, 'This item was already decided');
}

/**
 * Claims a waiting item for `actor` for ADMIN_CLAIM_TTL_MS, or renews their own claim. One statement
 * decides between admins: the insert meets the item's row (primary key (queue, item_id)) and takes it
 * over only where the held claim has expired or is the same admin's, so of two admins racing for an
 * item exactly one gets a row back; the other is told CLAIMED_BY_OTHER (naming nobody).
 */
export async function claimItem(
  ctx: AppContext,
  { actor, queue, itemId }: { actor: MemberActor; queue: AdminQueue; itemId: string },
): Promise<AdminClaim> {
  await assertWaiting(ctx, queue, itemId);
  const expiresAt = sql`now() + make_interval(secs => ${ADMIN_CLAIM_TTL_MS / 1000})`;
  const [claim] = await ctx.db
    .insert(adminClaims)
    .values({ queue, itemId, adminId: actor.id, expiresAt })
    .onConflictDoUpdate({
      target: [adminClaims.queue, adminClaims.itemId],
      set: {
        adminId: sql`excluded.admin_id`,
        claimedAt: sql`now()`,
        expiresAt: sql`excluded.expires_at`,
      },
      setWhere: sql`${adminClaims.expiresAt} <= now() or ${adminClaims.adminId} = excluded.admin_id`,
    })
    .returning({ expiresAt: adminClaims.expiresAt });
  if (!claim) throw new AppError(ErrorCode.CLAIMED_BY_OTHER);
  return { queue, item_id: itemId, expires_at: claim.expiresAt.toISOString() };
}
