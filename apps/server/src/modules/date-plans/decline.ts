import type { DatePlan } from '@royal/shared';
import type { AppContext } from '../../context';
import { type AnswerArgs, NOT_PROPOSED_TEXT, OWN_TERMS_TEXT } from './answer-rules';
import { changePlan, conflict } from './change-plan';

/** Declines the terms: the plan ends; the chat may get a new one. */
export function declineDatePlan(
  ctx: AppContext,
  { actor, planId, now = new Date() }: AnswerArgs,
): Promise<DatePlan> {
  return changePlan(ctx, { actor, planId, now }, async (locked) => {
    const { plan } = locked;
    if (plan.status === 'declined' && plan.closedBy === actor.id) return null;
    if (plan.status !== 'proposed') throw conflict(NOT_PROPOSED_TEXT);
    if (plan.termsBy === actor.id) throw conflict(OWN_TERMS_TEXT);
    return { set: { status: 'declined', closedBy: actor.id, closedAt: now }, change: 'declined' };
  });
}
