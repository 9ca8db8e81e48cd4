import { DATE_SAFETY_TEXT, type DateWatch, type SafetyLocationBody } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { datePlanWatches } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import { conflict } from './change-plan';
import { presentWatch } from './watch-presenter';
import { lockExistingWatch, timerRunning } from './watch-row';
import { watchedPlan } from './watched-plan';

/**
 * A position the member chooses to share while their timer runs, kept only for its alert: the
 * last one replaces the one before, and it is deleted when the timer ends or an alert has carried
 * it. It is never shown to anyone but the contact an alert goes to (not on the status page).
 */
export async function shareSafetyLocation(
  ctx: AppContext,
  {
    actor,
    planId,
    position,
    now = new Date(),
  }: { actor: MemberActor; planId: string; position: SafetyLocationBody; now?: Date },
): Promise<DateWatch> {
  return ctx.transact(async ({ tx }) => {
    const plan = await watchedPlan(tx, actor, planId);
    const watch = await lockExistingWatch(tx, { planId: plan.id, userId: actor.id });
    if (!watch || !timerRunning(watch)) throw conflict(DATE_SAFETY_TEXT.noTimer);
    const [kept] = await tx
      .update(datePlanWatches)
      .set({ locationLat: position.lat, locationLng: position.lng, locationAt: now })
      .where(eq(datePlanWatches.id, watch.id))
      .returning();
    return presentWatch(ctx, kept ?? null);
  });
}
