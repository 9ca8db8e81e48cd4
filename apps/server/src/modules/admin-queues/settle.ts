import { type AdminQueue, AppError, ErrorCode } from '@royal/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminClaims } from '../../db/schema';

/**
 * For every decide verb of a queue, first thing in its transaction: refuses with CLAIMED_BY_OTHER
 * while another admin holds a live claim on the item, and otherwise deletes the item's claim (the
 * deciding admin's own, or an expired one), so the decision releases it. One statement; if the
 * decision fails afterwards, its rollback puts the claim back.
 */
export async function settleClaimForDecision(
  tx: Db,
  { queue, itemId, adminId }: { queue: AdminQueue; itemId: string; adminId: string },
): Promise<void> {
  const { rows } = await tx.execute<{ held: number }>(sql`
    with released as (
      delete from ${adminClaims}
      where ${adminClaims.queue} = ${queue} and ${adminClaims.itemId} = ${itemId}
        and (${adminClaims.adminId} = ${adminId} or ${adminClaims.expiresAt} <= now())
      returning 1)
    select 1 as held from ${adminClaims}
    where ${adminClaims.queue} = ${queue} and ${adminClaims.itemId} = ${itemId}
      and ${adminClaims.adminId} <> ${adminId} and ${adminClaims.expiresAt} > now()`);
  if (rows.length > 0) throw new AppError(ErrorCode.CLAIMED_BY_OTHER);
}
