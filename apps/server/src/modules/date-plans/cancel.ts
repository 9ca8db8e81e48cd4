import { type DatePlan, isLateCancel } from '@royal/shared';
import type { AppContext } from '../../context';
import type { MemberActor } from '../../ports/auth';
import { changePlan, conflict } from './change-plan';
import { settleDeposits, settlementFrom } from './deposits';

export const NOT_CANCELLABLE_TEXT = 'This date plan can no longer be cancelled';

/**
 * Either member cancels. A proposal ends with no money moved. An accepted plan settles its deposits
 * by the rule both saw before accepting (shared cancellationRuleText): 24 hours or more before the
 * time, both return; later, the canceller's deposit goes to the other member and theirs returns.
 * Once either has checked in, or a no-show is claimed, it is too late to cancel.
 */
export function cancelDatePlan(
  ctx: AppContext,
  { actor, planId, now = new Date() }: { actor: MemberActor; planId: string; now?: Date },
): Promise<DatePlan> {
  return changePlan(ctx, { actor, planId, now }, async ({ plan, side }, tx) => {
    if (plan.status === 'cancelled' && plan.closedBy === actor.id) return null;
    const closed = { status: 'cancelled' as const, closedBy: actor.id, closedAt: now };
    if (plan.status === 'proposed') return { set: closed, change: 'cancelled' };
    const checkedIn = plan.member1CheckedInAt !== null || plan.member2CheckedInAt !== null;
    if (plan.status !== 'accepted' || checkedIn) throw conflict(NOT_CANCELLABLE_TEXT);
    const late = isLateCancel(plan.startsAt, now);
    await settleDeposits(tx, plan, settlementFrom(side, late ? 'to_other' : 'return', 'return'), {
      by: actor.id,
    });
    return { set: closed, change: 'cancelled' };
  });
}
