import { DATE_SAFETY_TEXT, SAFETY_TIMER_ANSWER_MINUTES } from '@royal/shared';
import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { datePlans, datePlanWatches } from '../../db/schema';
import type { Work } from '../../db/transaction';
import { notify } from '../notifications';
import { alertContact } from './alert';

// The watch job (issue 39), once a minute: safety timers whose time has come ask their member "Are
// you OK?" (a notification, live on their open tabs), and timers asked SAFETY_TIMER_ANSWER_MINUTES
// ago with no code word since alert the emergency contact. Each timer moves on its own, under its
// watch's lock, in one transaction with its notice or its queued alert, and only from the state the
// scan found it in: two runs at once, or a run that dies and is run again, ask once and alert once.

export const DATE_PLAN_WATCH_JOB = 'date-plan-watch';

/**
 * What the "Are you OK?" question's dedupe key starts with: a push of it is sent even in the
 * member's quiet hours, since an unanswered one alerts their emergency contact (modules/push).
 */
export const TIMER_QUESTION_NOTICE_KEY = 'date-timer-ask:';

const PAGE = 200;
const { timerCheckAt, timerAskedAt, timerEndedAt, alertedAt } = datePlanWatches;
/** A timer not ended with its code word and not alerted (the two partial indexes' common part). */
const open = and(isNull(timerEndedAt), isNull(alertedAt));

export type WatchOutcome = { asked: number; alerted: number };

export async function watchOverDates(ctx: AppContext, now = new Date()): Promise<WatchOutcome> {
  const outcome: WatchOutcome = { asked: 0, alerted: 0 };
  // Asked at or before this, with no answer: the alert is due.
  const askedBefore = new Date(now.getTime() - SAFETY_TIMER_ANSWER_MINUTES * 60_000);
  const dueToAsk = () =>
    ctx.db
      .select({ id: datePlanWatches.id })
      .from(datePlanWatches)
      .where(and(isNotNull(timerCheckAt), isNull(timerAskedAt), open, lte(timerCheckAt, now)))
      .orderBy(asc(timerCheckAt))
      .limit(PAGE);
  const dueToAlert = () =>
    ctx.db
      .select({ id: datePlanWatches.id })
      .from(datePlanWatches)
      .where(and(isNotNull(timerAskedAt), open, lte(timerAskedAt, askedBefore)))
      .orderBy(asc(timerAskedAt))
      .limit(PAGE);
  // Alerts first, the more urgent; a timer asked in this run waits its full answer time anyway.
  outcome.alerted += await eachDue(ctx, dueToAlert, (work, id) => alertOne(ctx, work, id, now, askedBefore));
  outcome.asked += await eachDue(ctx, dueToAsk, (work, id) => askOne(work, id, now));
  return outcome;
}

/** Acts on each due watch, one transaction each, until a scan finds none (or none moves). */
async function eachDue(
  ctx: AppContext,
  due: () => Promise<Array<{ id: string }>>,
  act: (work: Work, id: string) => Promise<boolean>,
): Promise<number> {
  let done = 0;
  // Each pass acts on what it read; a timer acted on leaves its scan, so the loop ends.
  for (let ids = await due(); ids.length > 0; ids = await due()) {
    let progressed = false;
    for (const { id } of ids) {
      if (await ctx.transact((work) => act(work, id))) {
        done += 1;
        progressed = true;
      }
    }
    if (!progressed) break;
  }
  return done;
}

/** The watch, locked, with its plan's match (for the notice's link). */
async function lockedWatch(work: Work, id: string) {
  const [found] = await work.tx
    .select({ watch: datePlanWatches, plan: datePlans })
    .from(datePlanWatches)
    .innerJoin(datePlans, eq(datePlans.id, datePlanWatches.planId))
    .where(eq(datePlanWatches.id, id))
    .for('update', { of: datePlanWatches });
  return found ?? null;
}

async function askOne(work: Work, id: string, now: Date): Promise<boolean> {
  const found = await lockedWatch(work, id);
  const watch = found?.watch;
  if (!found || !watch?.timerCheckAt || watch.timerAskedAt || watch.timerEndedAt || watch.alertedAt)
    return false;
  if (watch.timerCheckAt.getTime() > now.getTime()) return false;
  await work.tx.update(datePlanWatches).set({ timerAskedAt: now }).where(eq(datePlanWatches.id, id));
  await notify(work, [
    {
      userId: watch.userId,
      type: 'system',
      title: DATE_SAFETY_TEXT.areYouOkTitle,
      message: DATE_SAFETY_TEXT.areYouOk,
      link: `/messages/${found.plan.matchId}`,
      // One question per timer, even from a run that repeats after its commit was lost.
      dedupeKey: `${TIMER_QUESTION_NOTICE_KEY}${watch.id}:${watch.timerCheckAt.getTime()}`,
    },
  ]);
  return true;
}

async function alertOne(
  ctx: AppContext,
  work: Work,
  id: string,
  now: Date,
  askedBefore: Date,
): Promise<boolean> {
  const found = await lockedWatch(work, id);
  const watch = found?.watch;
  if (!found || !watch?.timerAskedAt || watch.timerEndedAt || watch.alertedAt) return false;
  if (watch.timerAskedAt.getTime() > askedBefore.getTime()) return false;
  await alertContact(ctx, work.tx, { plan: found.plan, watch, reason: 'timer', now });
  return true;
}
