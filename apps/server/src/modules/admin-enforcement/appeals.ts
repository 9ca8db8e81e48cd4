import type { EnforcementAppeals } from '@royal/shared';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import { adminClaims, enforcementActions, profiles, users } from '../../db/schema';
import { QUEUES } from '../admin-queues';
import type { MemberActor } from '../auth';
import { presentAction, selectActions } from './queries';

const APPEALS_MAX = 100;
const member = alias(profiles, 'member');
const holder = alias(profiles, 'holder');

/**
 * The appeals waiting for a decision, oldest first, each with its action, the member and who holds
 * it: one statement over enforcement_actions_open_appeals_idx (the admin-queues rule for
 * 'enforcement-appeals'), each claim looked up by its primary key.
 */
export async function openAppeals(ctx: AppContext, admin: MemberActor): Promise<EnforcementAppeals> {
  const rows = await selectActions(ctx.db, {
    memberName: member.name,
    memberEmail: users.email,
    holderId: adminClaims.adminId,
    holderName: holder.name,
  })
    .innerJoin(member, eq(member.userId, enforcementActions.memberId))
    .innerJoin(users, eq(users.id, enforcementActions.memberId))
    .leftJoin(
      adminClaims,
      and(
        eq(adminClaims.queue, 'enforcement-appeals'),
        eq(adminClaims.itemId, enforcementActions.id),
        gt(adminClaims.expiresAt, sql`now()`),
      ),
    )
    .leftJoin(holder, eq(holder.userId, adminClaims.adminId))
    .where(QUEUES['enforcement-appeals'].open())
    .orderBy(asc(enforcementActions.appealedAt))
    .limit(APPEALS_MAX);
  return {
    items: rows.map((row) => ({
      action: presentAction(row),
      member: { id: row.memberId, name: row.memberName, email: row.memberEmail },
      claimed_by: row.holderId ? (row.holderName ?? 'Another admin') : null,
      claimed_by_me: row.holderId === admin.id,
    })),
  };
}
