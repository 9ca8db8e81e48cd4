import { AppError, type EnforcementAction, type EnforcementAppealDecision, ErrorCode } from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { enforcementActions } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { settleClaimForDecision } from '../admin-queues';
import type { MemberActor } from '../auth';
import { presentAction, selectActions, setSuspendedUntil } from './queries';

/**
 * An admin answers a member's appeal: upheld (the action stands) or lifted (it ends now and the
 * member may sign in). Refused while another admin holds the appeal's claim; the decision, its audit
 * row and the release of the claim commit together. Each appeal is decided once.
 */
export async function decideAppeal(
  ctx: AppContext,
  {
    admin,
    actionId,
    input,
    ip,
  }: { admin: MemberActor; actionId: string; input: EnforcementAppealDecision; ip: string | null },
): Promise<EnforcementAction> {
  await ctx.transact(async ({ tx }) => {
    await settleClaimForDecision(tx, { queue: 'enforcement-appeals', itemId: actionId, adminId: admin.id });
    const [action] = await tx
      .select({
        memberId: enforcementActions.memberId,
        kind: enforcementActions.kind,
        reasonCode: enforcementActions.reasonCode,
        appealedAt: enforcementActions.appealedAt,
        appealDecision: enforcementActions.appealDecision,
        liftedAt: enforcementActions.liftedAt,
      })
      .from(enforcementActions)
      .where(eq(enforcementActions.id, actionId))
      .for('update');
    if (!action?.appealedAt) throw new AppError(ErrorCode.NOT_FOUND, 'Appeal not found');
    if (action.appealDecision !== null || action.liftedAt !== null) {
      throw new AppError(ErrorCode.CONFLICT, 'This appeal was already decided');
    }
    const lifted = input.outcome === 'lifted';
    await tx
      .update(enforcementActions)
      .set({
        appealDecision: input.outcome,
        decidedBy: admin.id,
        decidedAt: sql`now()`,
        decisionNote: input.note,
        ...(lifted ? { liftedAt: sql`now()`, liftedBy: admin.id, liftNote: input.note } : {}),
      })
      .where(eq(enforcementActions.id, actionId));
    if (lifted) await setSuspendedUntil(tx, action.memberId, null);
    await writeAudit(tx, {
      actorId: admin.id,
      action: `enforcement.appeal_${input.outcome}`,
      reasonCode: action.reasonCode,
      targetType: 'user',
      targetId: action.memberId,
      data: {
        action_id: actionId,
        before: { kind: action.kind, appeal: 'open' },
        after: { appeal: input.outcome, restricted: !lifted },
        note: input.note,
      },
      ip,
    });
  });
  const [action] = await selectActions(ctx.db).where(eq(enforcementActions.id, actionId));
  return presentAction(action as NonNullable<typeof action>);
}
