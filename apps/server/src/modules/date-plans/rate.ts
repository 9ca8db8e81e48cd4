import {
  AppError,
  DATE_RATING_FLAG_LABELS,
  DATE_RATING_FLAG_REPORT_REASONS,
  DATE_RATING_TEXT,
  type DatePlan,
  type DatePlanRating,
  type DateRatingFlag,
  dateRatingRefusal,
  ErrorCode,
  REPORT_DETAILS_MAX,
} from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { datePlanRatings, datePlans, profiles } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import { autoBlockIfSuspect, fileReport } from '../safety';
import { conflict } from './change-plan';
import { lockPlan } from './find-plan';
import { checkedInAt, memberOn, otherSide, type PlanRow, ratedAt, ratedColumns } from './plan-row';
import { presentDatePlan } from './presenter';

const alreadyRated = () => new AppError(ErrorCode.ALREADY_RATED, DATE_RATING_TEXT.alreadyRated);

/**
 * A private rating of a date that took place, once per member (dateRatingRefusal: the member
 * checked in and the plan is over). In one transaction, under the plan's lock: the rating, the
 * rated member's average, and a report per flag for the moderators with the plan as its context.
 * The rated member is told nothing, and the plan as they see it does not change.
 */
export function rateDatePlan(
  ctx: AppContext,
  {
    actor,
    planId,
    rating,
    now = new Date(),
  }: { actor: MemberActor; planId: string; rating: DatePlanRating; now?: Date },
): Promise<DatePlan> {
  return ctx.transact(async (work) => {
    const { tx } = work;
    const { plan, side, otherName } = await lockPlan(tx, actor, planId);
    const refusal = dateRatingRefusal({
      status: plan.status,
      checkedIn: checkedInAt(plan, side) !== null,
      rated: ratedAt(plan, side) !== null,
    });
    if (refusal === DATE_RATING_TEXT.alreadyRated) throw alreadyRated();
    if (refusal) throw conflict(refusal);
    const ratedId = memberOn(plan, otherSide(side));

    // The lock already orders two ratings sent at once; the unique key is the rule itself.
    const [saved] = await tx
      .insert(datePlanRatings)
      .values({
        datePlanId: plan.id,
        raterId: actor.id,
        ratedId,
        stars: rating.stars,
        flags: rating.flags,
        comment: rating.comment,
      })
      .onConflictDoNothing({ target: [datePlanRatings.datePlanId, datePlanRatings.raterId] })
      .returning({ id: datePlanRatings.id });
    if (!saved) throw alreadyRated();

    // One statement: concurrent ratings of the same member (from their other dates) queue on the
    // profile's row and each adds to what the previous left. The average is recomputed from the sum,
    // never averaged into the rounded average; shownRating hides it below RATING_MIN_COUNT.
    await tx
      .update(profiles)
      .set({
        ratingCount: sql`${profiles.ratingCount} + 1`,
        ratingSum: sql`${profiles.ratingSum} + ${rating.stars}`,
        ratingAvg: sql`round((${profiles.ratingSum} + ${rating.stars})::numeric / (${profiles.ratingCount} + 1), 1)`,
      })
      .where(eq(profiles.userId, ratedId));

    for (const flag of rating.flags) {
      await fileReport(work, {
        reporterId: actor.id,
        reportedId: ratedId,
        reason: DATE_RATING_FLAG_REPORT_REASONS[flag],
        details: reportDetails(plan, flag, rating.comment),
        datePlanId: plan.id,
      });
    }
    // A flag is a report like any other: it may make the member a suspect for Auto-block.
    if (rating.flags.length > 0) await autoBlockIfSuspect(work, ratedId);

    // updated_at stays: the other member's view of the plan must not move when it is rated.
    const [rated] = await tx
      .update(datePlans)
      .set({ ...ratedColumns(side, now), updatedAt: plan.updatedAt })
      .where(eq(datePlans.id, plan.id))
      .returning();
    if (!rated) throw new Error('date plan vanished under its lock');
    // Only the rater's own tabs read the plan again: the other member is not to learn when it was rated.
    work.publish({
      kind: 'deliver',
      userIds: [actor.id],
      event: {
        type: 'date_plan.changed',
        payload: { id: rated.id, match_id: rated.matchId, status: rated.status },
      },
    });
    return presentDatePlan(rated, actor.id, { otherName, now });
  });
}

/** What the moderators read of a flag: which one, the date it came from, and the rater's words. */
function reportDetails(plan: PlanRow, flag: DateRatingFlag, comment: string): string {
  const place = plan.placeAddress ? `${plan.placeName}, ${plan.placeAddress}` : plan.placeName;
  const text = `${DATE_RATING_FLAG_LABELS[flag]}: flagged in a rating after their date at ${place} on ${plan.startsAt.toISOString()}.${comment ? ` Comment: ${comment}` : ''}`;
  return text.slice(0, REPORT_DETAILS_MAX);
}
