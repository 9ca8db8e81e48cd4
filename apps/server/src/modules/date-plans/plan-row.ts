import { AppError, ErrorCode } from '@royal/shared';
import type { datePlans } from '../../db/schema';

// A plan's two members sit in fixed columns (the match's user1 and user2): these helpers read a
// plan from one member's side, so the verbs never spell out "member1 or member2".

export type PlanRow = typeof datePlans.$inferSelect;
export type Side = 'member1' | 'member2';

export const DATE_PLAN_NOT_FOUND_TEXT = 'Date plan not found';

/** The member's side of the plan; a member who is not on it gets the same 404 as a plan that does not exist. */
export function sideOf(plan: PlanRow, userId: string): Side {
  if (plan.member1Id === userId) return 'member1';
  if (plan.member2Id === userId) return 'member2';
  throw new AppError(ErrorCode.NOT_FOUND, DATE_PLAN_NOT_FOUND_TEXT);
}

/** The side of whoever made the accepted terms (the one a treat is paid by). */
export const proposerSide = (plan: PlanRow): Side => sideOf(plan, plan.termsBy);

/** The side of a no-show claim's claimant. */
export function claimantSide(plan: PlanRow): Side {
  if (!plan.claimedBy) throw new Error(`date plan ${plan.id} has no claim`);
  return sideOf(plan, plan.claimedBy);
}

export const otherSide = (side: Side): Side => (side === 'member1' ? 'member2' : 'member1');

export const memberOn = (plan: PlanRow, side: Side): string =>
  side === 'member1' ? plan.member1Id : plan.member2Id;

export const depositOf = (plan: PlanRow, side: Side): number =>
  side === 'member1' ? plan.member1DepositCents : plan.member2DepositCents;

export const holdEntryOf = (plan: PlanRow, side: Side): string | null =>
  side === 'member1' ? plan.member1HoldEntryId : plan.member2HoldEntryId;

export const checkedInAt = (plan: PlanRow, side: Side): Date | null =>
  side === 'member1' ? plan.member1CheckedInAt : plan.member2CheckedInAt;

export const ratedAt = (plan: PlanRow, side: Side): Date | null =>
  side === 'member1' ? plan.member1RatedAt : plan.member2RatedAt;

/** The column recording that one side has rated the plan, to write. */
export const ratedColumns = (side: Side, at: Date) =>
  side === 'member1' ? { member1RatedAt: at } : { member2RatedAt: at };

export const checkInBandOf = (plan: PlanRow, side: Side) =>
  side === 'member1' ? plan.member1CheckInBand : plan.member2CheckInBand;

/** The columns of one side's check-in, to write. */
export const checkInColumns = (side: Side, at: Date, band: NonNullable<PlanRow['member1CheckInBand']>) =>
  side === 'member1'
    ? { member1CheckedInAt: at, member1CheckInBand: band }
    : { member2CheckedInAt: at, member2CheckInBand: band };
