import type { DatePlan } from '@royal/shared';
import type { AppContext } from '../../context';
import type { MemberActor } from '../../ports/auth';
import { findPlan } from './find-plan';
import { presentDatePlan } from './presenter';

/** One of the actor's plans. */
export async function getDatePlan(
  ctx: AppContext,
  { actor, planId, now = new Date() }: { actor: MemberActor; planId: string; now?: Date },
): Promise<DatePlan> {
  const { plan, otherName } = await findPlan(ctx.db, actor, planId);
  return presentDatePlan(plan, actor.id, { otherName, now });
}
