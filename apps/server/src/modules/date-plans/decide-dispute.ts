import { AppError, type DatePlanDecisionBody, ErrorCode } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { datePlans } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { MemberActor } from '../../ports/auth';
import { announceSettlement } from './announce';
import { settleDeposits, settlementFrom } from './deposits';
import { claimantSide } from './plan-row';

export const NOT_DISPUTED_TEXT = 'This date plan has no open dispute';

/**
 * An admin decides a disputed no-show claim, and the deposits settle in the same transaction as the
 * decision and its audit row: upheld, the claimant's deposit returns and the other's goes to them
 * (as an undisputed claim would); rejected, both return. Both members are told.
 */
export async function decideDispute(
  ctx: AppContext,
  {
    actor,
    planId,
    input,
    ip,
    now = new Date(),
  }: {
    actor: MemberActor;
    planId: string;
    input: DatePlanDecisionBody;
    ip: string | null;
    now?: Date;
  },
): Promise<{ id: string; status: 'settled'; outcome: DatePlanDecisionBody['outcome'] }> {
  return ctx.transact(async (work) => {
    const { tx } = work;
    const [plan] = await tx.select().from(datePlans).where(eq(datePlans.id, planId)).for('update');
    if (!plan) throw new AppError(ErrorCode.NOT_FOUND, 'Date plan not found');
    if (plan.status !== 'disputed' || !plan.claimedBy)
      throw new AppError(ErrorCode.CONFLICT, NOT_DISPUTED_TEXT);
    const claimant = claimantSide(plan);
    const upheld = input.outcome === 'uphold';
    await settleDeposits(tx, plan, settlementFrom(claimant, 'return', upheld ? 'to_other' : 'return'), {
      by: actor.id,
    });
    const [settled] = await tx
      .update(datePlans)
      .set({ status: 'settled', closedAt: now })
      .where(eq(datePlans.id, planId))
      .returning();
    if (!settled) throw new Error('date plan vanished under its lock');
    const named = claimant === 'member1' ? plan.member2Id : plan.member1Id;
    await writeAudit(tx, {
      actorId: actor.id,
      action: upheld ? 'date_plan.claim_upheld' : 'date_plan.claim_rejected',
      reasonCode: upheld ? 'date_plan_claim_upheld' : 'date_plan_claim_rejected',
      targetType: 'date_plan',
      targetId: planId,
      memberId: named,
      data: {
        claimant_id: plan.claimedBy,
        member1_deposit_cents: plan.member1DepositCents,
        member2_deposit_cents: plan.member2DepositCents,
        ...(input.note ? { note: input.note } : {}),
      },
      ip,
    });
    await announceSettlement(work, settled, 'decided');
    return { id: planId, status: 'settled' as const, outcome: input.outcome };
  });
}
