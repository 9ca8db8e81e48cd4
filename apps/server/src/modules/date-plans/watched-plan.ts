import { AppError, ErrorCode } from '@royal/shared';
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { datePlans } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import { DATE_PLAN_NOT_FOUND_TEXT, type PlanRow } from './plan-row';

/**
 * One of the actor's plans, for the safety verbs (share, timer, SOS). Unlike the plan's other verbs
 * (find-plan.ts) a block between the two does not hide it: a block may be the very moment a member
 * needs to raise the alarm or end their timer, and these verbs tell the other member nothing. A plan
 * that is not the actor's is 404 like one that does not exist.
 */
export async function watchedPlan(db: Db, actor: MemberActor, planId: string): Promise<PlanRow> {
  const [plan] = await db
    .select()
    .from(datePlans)
    .where(
      and(eq(datePlans.id, planId), or(eq(datePlans.member1Id, actor.id), eq(datePlans.member2Id, actor.id))),
    );
  if (!plan) throw new AppError(ErrorCode.NOT_FOUND, DATE_PLAN_NOT_FOUND_TEXT);
  return plan;
}
