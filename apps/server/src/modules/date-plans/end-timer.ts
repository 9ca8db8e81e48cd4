import { AppError, CODE_WORD_MAX_TRIES, DATE_SAFETY_TEXT, type DateWatch, ErrorCode } from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { datePlanWatches } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import { conflict } from './change-plan';
import { codeWordMatches } from './code-word';
import { presentWatch } from './watch-presenter';
import { forgetLocation, lockExistingWatch } from './watch-row';
import { watchedPlan } from './watched-plan';

/**
 * "I'm safe": the member's code word ends the timer (before its question, while it asks, or after
 * an alert, when the status page then tells the contact they are safe). The code word and the
 * position kept for the alert are deleted with it. A wrong word is refused with WRONG_CODE_WORD and
 * nothing else (not whether the timer asked, nor whether anyone was alerted); it is counted, and
 * after CODE_WORD_MAX_TRIES the timer takes no more words and runs on to its alert.
 */
export async function endSafetyTimer(
  ctx: AppContext,
  {
    actor,
    planId,
    codeWord,
    now = new Date(),
  }: { actor: MemberActor; planId: string; codeWord: string; now?: Date },
): Promise<DateWatch> {
  const outcome = await ctx.transact(async ({ tx }) => {
    const plan = await watchedPlan(tx, actor, planId);
    const watch = await lockExistingWatch(tx, { planId: plan.id, userId: actor.id });
    if (!watch?.timerCodeHash || watch.timerEndedAt) throw conflict(DATE_SAFETY_TEXT.noTimer);
    if (watch.timerCodeFailures >= CODE_WORD_MAX_TRIES)
      throw new AppError(ErrorCode.RATE_LIMITED, DATE_SAFETY_TEXT.tooManyTries);
    if (!(await codeWordMatches(codeWord, watch.timerCodeHash))) {
      // Counted in this transaction, which commits: the refusal is thrown once it has.
      await tx
        .update(datePlanWatches)
        .set({ timerCodeFailures: sql`${datePlanWatches.timerCodeFailures} + 1` })
        .where(eq(datePlanWatches.id, watch.id));
      return { wrong: true as const };
    }
    const [ended] = await tx
      .update(datePlanWatches)
      .set({ timerEndedAt: now, timerCodeHash: null, ...forgetLocation })
      .where(eq(datePlanWatches.id, watch.id))
      .returning();
    return { wrong: false as const, view: presentWatch(ctx, ended ?? null) };
  });
  if (outcome.wrong) throw new AppError(ErrorCode.WRONG_CODE_WORD, DATE_SAFETY_TEXT.wrongCodeWord);
  return outcome.view;
}
