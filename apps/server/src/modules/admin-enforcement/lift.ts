import {
  AppError,
  type EnforcementAction,
  ErrorCode,
  type LiftBody,
  NOT_RESTRICTED_TEXT,
} from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { enforcementActions } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { liveActionOf, type MemberActor } from '../auth';
import { MEMBER_NOT_FOUND_TEXT } from './member-enforcement';
import { lockedTarget, presentAction, selectActions, setSuspendedUntil } from './queries';

/**
 * Ends the member's action in force early, with an audit row; they may sign in again at once. An
 * appeal still waiting on it leaves the queue with it.
 */
export async function liftAction(
  ctx: AppContext,
  {
    admin,
    memberId,
    input,
    ip,
  }: { admin: MemberActor; memberId: string; input: LiftBody; ip: string | null },
): Promise<EnforcementAction> {
  const id = await ctx.transact(async ({ tx }) => {
    if (!(await lockedTarget(tx, memberId))) throw new AppError(ErrorCode.NOT_FOUND, MEMBER_NOT_FOUND_TEXT);
    const [lifted] = await tx
      .update(enforcementActions)
      .set({ liftedAt: sql`now()`, liftedBy: admin.id, liftNote: input.note })
      .where(liveActionOf(memberId))
      .returning({
        id: enforcementActions.id,
        kind: enforcementActions.kind,
        reasonCode: enforcementActions.reasonCode,
        until: enforcementActions.until,
      });
    if (!lifted) throw new AppError(ErrorCode.CONFLICT, NOT_RESTRICTED_TEXT);
    await setSuspendedUntil(tx, memberId, null);
    await writeAudit(tx, {
      actorId: admin.id,
      action: 'member.lift',
      reasonCode: lifted.reasonCode,
      targetType: 'user',
      targetId: memberId,
      data: {
        action_id: lifted.id,
        before: { kind: lifted.kind, until: lifted.until ? lifted.until.toISOString() : null },
        after: { restricted: false },
        note: input.note,
      },
      ip,
    });
    return lifted.id;
  });
  const [action] = await selectActions(ctx.db).where(eq(enforcementActions.id, id));
  return presentAction(action as NonNullable<typeof action>);
}
