import { DATE_PLAN_STATEMENT_MAX, type DatePlan } from '@royal/shared';
import type { AppContext } from '../../context';
import type { MemberActor } from '../../ports/auth';
import { changePlan, conflict } from './change-plan';
import { DISPUTE_REFUSED_TEXT, disputeClosesAt } from './claim';

/** The member a claim names disputes it, with what happened in their words: the admins decide. */
export function disputeNoShow(
  ctx: AppContext,
  {
    actor,
    planId,
    statement,
    now = new Date(),
  }: {
    actor: MemberActor;
    planId: string;
    statement: string;
    now?: Date;
  },
): Promise<DatePlan> {
  return changePlan(ctx, { actor, planId, now }, async ({ plan }) => {
    if (plan.status === 'disputed' && plan.claimedBy !== actor.id) return null;
    const eligible =
      plan.status === 'claimed' &&
      plan.claimedBy !== actor.id &&
      plan.claimedAt !== null &&
      now.getTime() < disputeClosesAt(plan.claimedAt).getTime();
    if (!eligible) throw conflict(DISPUTE_REFUSED_TEXT);
    return {
      set: {
        status: 'disputed',
        disputedAt: now,
        disputeStatement: statement.slice(0, DATE_PLAN_STATEMENT_MAX),
      },
      change: 'disputed',
    };
  });
}
