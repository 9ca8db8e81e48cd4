import type { DatePlan, DatePlanTerms } from '@royal/shared';
import type { AppContext } from '../../context';
import { type AnswerArgs, mustAnswer } from './answer-rules';
import { changePlan } from './change-plan';
import { termsColumns } from './terms';

/** Suggests another time, place or deposits: the plan stays proposed, now to the other member. */
export function counterDatePlan(
  ctx: AppContext,
  { actor, planId, terms, now = new Date() }: AnswerArgs & { terms: DatePlanTerms },
): Promise<DatePlan> {
  return changePlan(ctx, { actor, planId, now }, async (locked, tx) => {
    mustAnswer(locked, actor);
    const columns = await termsColumns(tx, {
      actor,
      side: locked.side,
      otherTier: locked.otherTier,
      terms,
      now,
    });
    return { set: columns, change: 'countered' };
  });
}
