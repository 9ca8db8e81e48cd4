import { AppError, type DatePlan, ErrorCode } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { datePlans } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import { announcePlanChange, type PlanChange } from './announce';
import { type LockedPlan, lockPlan } from './find-plan';
import type { PlanRow } from './plan-row';
import { presentDatePlan } from './presenter';

/** What a verb decided: the columns to write and the change to announce; null when nothing changes (a repeat). */
export type PlanDecision = { set: Partial<PlanRow>; change: PlanChange } | null;

export const conflict = (message: string) => new AppError(ErrorCode.CONFLICT, message);

/**
 * Runs one verb on one of the actor's plans, in one transaction: the plan is locked, `decide` reads
 * it (and may move money in the same transaction), the plan is written and the change announced
 * after commit. The actor gets the plan as they now see it; a repeat of a verb that already took
 * effect changes nothing and gets the same answer.
 */
export function changePlan(
  ctx: AppContext,
  { actor, planId, now }: { actor: MemberActor; planId: string; now: Date },
  decide: (locked: LockedPlan, tx: Db) => Promise<PlanDecision>,
): Promise<DatePlan> {
  return ctx.transact(async (work) => {
    const locked = await lockPlan(work.tx, actor, planId);
    const decision = await decide(locked, work.tx);
    let plan = locked.plan;
    if (decision) {
      const [changed] = await work.tx
        .update(datePlans)
        .set(decision.set)
        .where(eq(datePlans.id, plan.id))
        .returning();
      if (!changed) throw new Error('date plan vanished under its lock');
      plan = changed;
      await announcePlanChange(work, plan, decision.change, { actor, otherId: locked.otherId });
    }
    return presentDatePlan(plan, actor.id, { otherName: locked.otherName, now });
  });
}
