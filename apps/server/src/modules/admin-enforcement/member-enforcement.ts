import { AppError, ErrorCode, type MemberEnforcement } from '@royal/shared';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { enforcementActions, profiles } from '../../db/schema';
import { presentAction, selectActions } from './queries';

export const MEMBER_NOT_FOUND_TEXT = 'Member not found';
const HISTORY_MAX = 50;

/** A member's action in force and their history, newest first (enforcement_actions_member_idx). */
export async function memberEnforcement(ctx: AppContext, memberId: string): Promise<MemberEnforcement> {
  const [member] = await ctx.db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(eq(profiles.userId, memberId));
  if (!member) throw new AppError(ErrorCode.NOT_FOUND, MEMBER_NOT_FOUND_TEXT);
  const rows = await selectActions(ctx.db)
    .where(eq(enforcementActions.memberId, memberId))
    .orderBy(desc(enforcementActions.createdAt))
    .limit(HISTORY_MAX);
  const history = rows.map(presentAction);
  return { live: history.find((action) => action.live) ?? null, history };
}
