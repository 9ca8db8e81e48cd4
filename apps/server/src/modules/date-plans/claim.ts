import {
  claimOpensAt,
  DATE_PLAN_DISPUTE_HOURS,
  DATE_PLAN_NO_SHOW_GRACE_MINUTES,
  type DatePlan,
} from '@royal/shared';
import type { AppContext } from '../../context';
import type { MemberActor } from '../../ports/auth';
import { changePlan, conflict } from './change-plan';
import { checkedInAt, otherSide } from './plan-row';

export const CLAIM_REFUSED_TEXT = `You can claim a no-show once you have checked in and they have not, ${DATE_PLAN_NO_SHOW_GRACE_MINUTES} minutes after the time`;
export const DISPUTE_REFUSED_TEXT = `A no-show claim can be disputed by the member it names, within ${DATE_PLAN_DISPUTE_HOURS} hours`;

/** Until when a claim may be disputed. */
export const disputeClosesAt = (claimedAt: Date) =>
  new Date(claimedAt.getTime() + DATE_PLAN_DISPUTE_HOURS * 3_600_000);

/**
 * A no-show claim: the actor checked in, the other did not, and the grace after the time has
 * passed. The deposits stay held: the other member has DATE_PLAN_DISPUTE_HOURS to dispute, and the
 * settlement job settles an undisputed claim (the claimant's deposit back, the other's to them).
 */
export function claimNoShow(
  ctx: AppContext,
  { actor, planId, now = new Date() }: { actor: MemberActor; planId: string; now?: Date },
): Promise<DatePlan> {
  return changePlan(ctx, { actor, planId, now }, async ({ plan, side }) => {
    if (plan.status === 'claimed' && plan.claimedBy === actor.id) return null;
    const eligible =
      plan.status === 'accepted' &&
      checkedInAt(plan, side) !== null &&
      checkedInAt(plan, otherSide(side)) === null &&
      now.getTime() >= claimOpensAt(plan.startsAt).getTime();
    if (!eligible) throw conflict(CLAIM_REFUSED_TEXT);
    return { set: { status: 'claimed', claimedBy: actor.id, claimedAt: now }, change: 'claimed' };
  });
}
