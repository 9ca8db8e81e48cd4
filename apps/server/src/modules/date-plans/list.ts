import type { DatePlanList } from '@royal/shared';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { datePlans } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import { matchFor } from '../messaging';
import { memberName } from './find-plan';
import { presentDatePlan } from './presenter';

/** A chat shows at most this many of its plans (the open one and the latest past ones). */
const LIST_LIMIT = 20;

/** A chat's plans, newest first, as the actor sees them (404 across a block, as the chat itself). */
export async function listDatePlans(
  ctx: AppContext,
  { actor, matchId, now = new Date() }: { actor: MemberActor; matchId: string; now?: Date },
): Promise<DatePlanList> {
  const match = await matchFor(ctx, actor, matchId);
  const [rows, otherName] = await Promise.all([
    ctx.db
      .select()
      .from(datePlans)
      .where(eq(datePlans.matchId, match.id))
      .orderBy(desc(datePlans.createdAt))
      .limit(LIST_LIMIT),
    memberName(ctx.db, match.otherId),
  ]);
  return { items: rows.map((plan) => presentDatePlan(plan, actor.id, { otherName, now })) };
}
