import {
  AppError,
  type DatePlanTerms,
  depositRefusal,
  ErrorCode,
  startRefusal,
  type TierLevel,
} from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { safeLocations } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import type { PlanRow, Side } from './plan-row';

export const THEIR_DEPOSIT_TEXT = 'Their plan does not allow a deposit of that amount';
export const SAFE_LOCATION_NOT_FOUND_TEXT = 'Choose one of the safe locations, or type another place';

/** The columns a proposal or a counter writes: the time, the place, the deposits, the treat, the note. */
export type TermsColumns = Pick<
  PlanRow,
  | 'startsAt'
  | 'safeLocationId'
  | 'placeName'
  | 'placeAddress'
  | 'placeCity'
  | 'placeState'
  | 'placeVerified'
  | 'placeLat'
  | 'placeLng'
  | 'member1DepositCents'
  | 'member2DepositCents'
  | 'treat'
  | 'note'
  | 'termsBy'
>;

const invalid = (message: string) => new AppError(ErrorCode.VALIDATION_FAILED, message);

/**
 * Checks a proposal's terms against the rules (shared date-plans.ts) and the two members' tiers,
 * and resolves its place: a verified safe location (its name, address and position copied, so the
 * plan reads the same if the directory changes), or a place the member typed, kept unverified.
 */
export async function termsColumns(
  tx: Db,
  {
    actor,
    side,
    otherTier,
    terms,
    now,
  }: {
    actor: MemberActor;
    side: Side;
    otherTier: number;
    terms: DatePlanTerms;
    now: Date;
  },
): Promise<TermsColumns> {
  const startsAt = new Date(terms.starts_at);
  const late = startRefusal(startsAt, now);
  if (late) throw invalid(late);
  const mine = depositRefusal(actor.tier, terms.my_deposit_cents);
  if (mine) throw invalid(mine);
  if (depositRefusal(otherTier as TierLevel, terms.their_deposit_cents)) throw invalid(THEIR_DEPOSIT_TEXT);

  const place = await placeColumns(tx, terms.place);
  const [member1DepositCents, member2DepositCents] =
    side === 'member1'
      ? [terms.my_deposit_cents, terms.their_deposit_cents]
      : [terms.their_deposit_cents, terms.my_deposit_cents];
  return {
    startsAt,
    ...place,
    member1DepositCents,
    member2DepositCents,
    treat: terms.treat,
    note: terms.note,
    termsBy: actor.id,
  };
}

async function placeColumns(tx: Db, place: DatePlanTerms['place']) {
  if ('safe_location_id' in place) {
    const [found] = await tx
      .select()
      .from(safeLocations)
      .where(and(eq(safeLocations.id, place.safe_location_id), eq(safeLocations.verified, true)));
    if (!found) throw invalid(SAFE_LOCATION_NOT_FOUND_TEXT);
    return {
      safeLocationId: found.id,
      placeName: found.name,
      placeAddress: found.address,
      placeCity: found.city,
      placeState: found.state,
      placeVerified: true,
      placeLat: found.lat,
      placeLng: found.lng,
    };
  }
  return {
    safeLocationId: null,
    placeName: place.name,
    placeAddress: place.address,
    placeCity: null,
    placeState: null,
    placeVerified: false,
    placeLat: null,
    placeLng: null,
  };
}
