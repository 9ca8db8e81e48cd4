import { AppError, type DatePlan, depositRefusal, ErrorCode } from '@royal/shared';
import type { AppContext } from '../../context';
import { type AnswerArgs, mustAnswer, TIME_PASSED_TEXT } from './answer-rules';
import { changePlan, conflict } from './change-plan';
import { holdDeposits } from './deposits';
import { depositOf } from './plan-row';

/** Accepts the terms: both deposits move from wallet to hold, in the same transaction. */
export function acceptDatePlan(
  ctx: AppContext,
  { actor, planId, now = new Date() }: AnswerArgs,
): Promise<DatePlan> {
  return changePlan(ctx, { actor, planId, now }, async (locked, tx) => {
    const { plan, side } = locked;
    // A repeat of this member's own accept (a double tap, a retry after a lost reply).
    if (plan.status === 'accepted' && plan.termsBy !== actor.id) return null;
    mustAnswer(locked, actor);
    if (plan.startsAt.getTime() <= now.getTime()) throw conflict(TIME_PASSED_TEXT);
    // The member's plan may have changed since the proposal: their deposit must still fit it.
    const refusal = depositRefusal(actor.tier, depositOf(plan, side));
    if (refusal) throw new AppError(ErrorCode.VALIDATION_FAILED, refusal);
    const held = await holdDeposits(tx, plan, side);
    return { set: { status: 'accepted', acceptedAt: now, ...held }, change: 'accepted' };
  });
}
