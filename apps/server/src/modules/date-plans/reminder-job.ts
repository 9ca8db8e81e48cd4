import {
  DATE_PLAN_REMINDER_MINUTES,
  DEFAULT_MEMBER_SETTINGS,
  dateReminderMessage,
  placeTimeZone,
} from '@royal/shared';
import { and, asc, eq, gt, inArray, isNull, lte, not, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { datePlans, safetySettings, users } from '../../db/schema';
import { notify } from '../notifications';
import { blockBetweenMembers } from './settle-job';

// The reminder an hour before a confirmed date (issue 39: safe meeting notifications), a sibling of
// the settlement job. Each plan is claimed by setting `reminded_at` with a conditional UPDATE in the
// transaction that writes its notices, so a second run, or a run on another instance at the same
// moment, finds it claimed and sends nothing; the notices' dedupe key says the same per member.

export const DATE_PLAN_REMIND_JOB = 'date-plan-remind';

/** What a reminder's dedupe key starts with (the plan's id follows): how a push knows it (modules/push). */
export const DATE_REMINDER_NOTICE_KEY = 'date-plan-reminder:';

/** Plans one run reminds at most; the next run, a minute later, takes the rest. */
const RUN_LIMIT = 200;

/**
 * Reminds each member of a confirmed date starting within DATE_PLAN_REMINDER_MINUTES, if their safe
 * meeting notifications are on (the default, for a member who never saved their safety settings),
 * of the place, the time and the safety tips. A date already begun is not reminded (the job was
 * down, or it was accepted later than that); nor one between members one of whom blocked the other
 * (the settlement job cancels it). `now` is injectable for tests. Returns the plans reminded.
 */
export async function remindDuePlans(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const due = and(
    eq(datePlans.status, 'accepted'),
    isNull(datePlans.remindedAt),
    gt(datePlans.startsAt, now),
    lte(datePlans.startsAt, new Date(now.getTime() + DATE_PLAN_REMINDER_MINUTES * 60_000)),
    not(blockBetweenMembers),
  );
  // date_plans_reminder_idx: accepted plans not yet reminded, by time.
  const plans = await ctx.db
    .select({ id: datePlans.id })
    .from(datePlans)
    .where(due)
    .orderBy(asc(datePlans.startsAt))
    .limit(RUN_LIMIT);
  let reminded = 0;
  for (const { id } of plans) {
    reminded += await ctx.transact(async (work) => {
      // updated_at stays: nothing members see of the plan changed.
      const [plan] = await work.tx
        .update(datePlans)
        .set({ remindedAt: now, updatedAt: sql`${datePlans.updatedAt}` })
        .where(and(eq(datePlans.id, id), due))
        .returning();
      if (!plan) return 0;
      const wanting = await work.tx
        .select({ id: users.id })
        .from(users)
        .leftJoin(safetySettings, eq(safetySettings.userId, users.id))
        .where(
          and(
            inArray(users.id, [plan.member1Id, plan.member2Id]),
            sql`coalesce(${safetySettings.safeMeetingNotifications}, ${DEFAULT_MEMBER_SETTINGS.safe_meeting_notifications})`,
          ),
        );
      const message = dateReminderMessage({
        place: { name: plan.placeName, address: plan.placeAddress },
        startsAt: plan.startsAt,
        timeZone: placeTimeZone(plan.placeCity, plan.placeState),
        now,
      });
      await notify(
        work,
        wanting.map(({ id: userId }) => ({
          userId,
          type: 'system' as const,
          title: 'Your date is coming up',
          message,
          link: `/messages/${plan.matchId}`,
          dedupeKey: `${DATE_REMINDER_NOTICE_KEY}${plan.id}`,
        })),
      );
      return 1;
    });
  }
  return reminded;
}
