import type { DateWatch } from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { datePlanWatches } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import { presentWatch } from './watch-presenter';
import { watchedPlan } from './watched-plan';

/** The actor's watch over one of their plans (nothing shared, no timer, when they have not begun one). */
export async function getDateWatch(
  ctx: AppContext,
  { actor, planId }: { actor: MemberActor; planId: string },
): Promise<DateWatch> {
  const plan = await watchedPlan(ctx.db, actor, planId);
  const [row] = await ctx.db
    .select()
    .from(datePlanWatches)
    .where(and(eq(datePlanWatches.planId, plan.id), eq(datePlanWatches.userId, actor.id)));
  return presentWatch(ctx, row ?? null);
}
