import {
  AppError,
  type CheckInBand,
  checkInBand,
  checkInOpen,
  DATE_PLAN_TEXT,
  type DatePlan,
  type DatePlanCheckIn,
  distanceMeters,
  ErrorCode,
} from '@royal/shared';
import type { AppContext } from '../../context';
import type { MemberActor } from '../../ports/auth';
import type { PlanChange } from './announce';
import { changePlan, conflict } from './change-plan';
import { checkInCodeMatches } from './check-in-code';
import { settleDeposits, settlementFrom } from './deposits';
import { checkedInAt, checkInColumns, otherSide, type PlanRow, proposerSide, type Side } from './plan-row';

export const NOT_ACCEPTED_TEXT = 'Only a confirmed date can be checked in to';
export const CODE_INVALID_TEXT = 'That code is not their current check-in code. Ask them to show it again.';

/**
 * "I'm here". By position: accepted within 300 m of a safe location's position; only the band is
 * stored (CHECK_IN_BAND_LABELS), the position itself is used once and dropped. By the other
 * member's code (QR): both are at the same place, so both are checked in. Once both are, the
 * deposits are released as the plan said (each back, or the proposer's to the other as a treat).
 */
export function checkInToDatePlan(
  ctx: AppContext,
  {
    actor,
    planId,
    input,
    now = new Date(),
  }: {
    actor: MemberActor;
    planId: string;
    input: DatePlanCheckIn;
    now?: Date;
  },
): Promise<DatePlan> {
  return changePlan(ctx, { actor, planId, now }, async ({ plan, side, otherId }, tx) => {
    if (plan.status !== 'accepted') throw conflict(NOT_ACCEPTED_TEXT);
    if (!checkInOpen(plan.startsAt, now)) throw conflict(DATE_PLAN_TEXT.checkInClosed);

    let set: Partial<PlanRow>;
    if ('code' in input) {
      if (!checkInCodeMatches(ctx.secrets.datePlanCheckIns, input.code, { planId, userId: otherId }, now))
        throw new AppError(ErrorCode.VALIDATION_FAILED, CODE_INVALID_TEXT);
      set = { ...bandIfNew(plan, side, now, 'qr'), ...bandIfNew(plan, otherSide(side), now, 'qr') };
    } else {
      if (plan.placeLat === null || plan.placeLng === null) throw conflict(DATE_PLAN_TEXT.noPlaceCoordinates);
      const band = checkInBand(distanceMeters(input, { lat: plan.placeLat, lng: plan.placeLng }));
      if (!band) throw new AppError(ErrorCode.VALIDATION_FAILED, DATE_PLAN_TEXT.tooFar);
      set = bandIfNew(plan, side, now, band);
    }
    const after = { ...plan, ...set };
    const bothIn = after.member1CheckedInAt !== null && after.member2CheckedInAt !== null;
    if (!bothIn) {
      // A repeat of the same check-in changes nothing.
      return checkedInAt(plan, side) ? null : { set, change: 'checkedIn' satisfies PlanChange };
    }
    await settleDeposits(
      tx,
      plan,
      settlementFrom(proposerSide(plan), plan.treat ? 'to_other' : 'return', 'return'),
      {
        by: actor.id,
      },
    );
    return { set: { ...set, status: 'completed' }, change: 'completed' };
  });
}

/** A side's check-in columns, unless that side has checked in already (the first check-in stands). */
function bandIfNew(plan: PlanRow, side: Side, now: Date, band: CheckInBand) {
  return checkedInAt(plan, side) ? {} : checkInColumns(side, now, band);
}
