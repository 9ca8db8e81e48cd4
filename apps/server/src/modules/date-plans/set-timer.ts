import {
  AppError,
  DATE_SAFETY_TEXT,
  type DateWatch,
  dateWatchRefusal,
  ErrorCode,
  type SafetyTimerBody,
  safetyTimerRefusal,
} from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { datePlanWatches } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import { conflict } from './change-plan';
import { hashCodeWord } from './code-word';
import { requireEmergencyContact } from './contact';
import { presentWatch } from './watch-presenter';
import { forgetLocation, lockWatch, timerRunning } from './watch-row';
import { watchedPlan } from './watched-plan';

/**
 * "Check in with me at 23:00": at `check_at` the watch job asks the member "Are you OK?"; the code
 * word ends the timer; no answer within SAFETY_TIMER_ANSWER_MINUTES alerts the emergency contact.
 * A running timer is not replaced: only its code word ends it, so someone holding the member's
 * phone cannot push the alert back by setting another.
 */
export async function setSafetyTimer(
  ctx: AppContext,
  {
    actor,
    planId,
    input,
    now = new Date(),
  }: { actor: MemberActor; planId: string; input: SafetyTimerBody; now?: Date },
): Promise<DateWatch> {
  return ctx.transact(async ({ tx }) => {
    const plan = await watchedPlan(tx, actor, planId);
    const checkAt = new Date(input.check_at);
    const refusal = dateWatchRefusal(plan.status, plan.startsAt, now);
    if (refusal) throw conflict(refusal);
    const invalid = safetyTimerRefusal(checkAt, plan.startsAt, now);
    if (invalid)
      throw new AppError(ErrorCode.VALIDATION_FAILED, invalid, [{ path: 'check_at', message: invalid }]);
    await requireEmergencyContact(tx, actor.id);
    const watch = await lockWatch(tx, ctx, { planId: plan.id, userId: actor.id });
    if (timerRunning(watch)) throw conflict(DATE_SAFETY_TEXT.timerRunning);
    const [set] = await tx
      .update(datePlanWatches)
      .set({
        timerCheckAt: checkAt,
        timerCodeHash: await hashCodeWord(input.code_word),
        timerCodeFailures: 0,
        timerAskedAt: null,
        timerEndedAt: null,
        // A new timer is a new watch: the last alert (already sent) no longer stands for it.
        alertedAt: null,
        alertReason: null,
        ...forgetLocation,
      })
      .where(eq(datePlanWatches.id, watch.id))
      .returning();
    return presentWatch(ctx, set ?? null);
  });
}
