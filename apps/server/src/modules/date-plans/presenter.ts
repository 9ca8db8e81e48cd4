import { cancellationRuleText, checkInOpen, type DatePlan, isLateCancel, mapsSearchUrl } from '@royal/shared';
import {
  checkedInAt,
  checkInBandOf,
  depositOf,
  otherSide,
  type PlanRow,
  ratedAt,
  type Side,
  sideOf,
} from './plan-row';

/** The first word of a member's name: what the plan card (and a trusted contact) is told. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';

const sideView = (plan: PlanRow, side: Side) => ({
  deposit_cents: depositOf(plan, side),
  checked_in: checkedInAt(plan, side) !== null,
  check_in_band: checkInBandOf(plan, side),
});

/**
 * A plan as `viewerId` sees it: their side and the other member's (deposits and whether each has
 * checked in: a band, never a position), who is to answer, and the rules that apply now.
 */
export function presentDatePlan(
  plan: PlanRow,
  viewerId: string,
  { otherName, now }: { otherName: string; now: Date },
): DatePlan {
  const side = sideOf(plan, viewerId);
  const place = {
    name: plan.placeName,
    address: plan.placeAddress,
    city: plan.placeCity,
    state: plan.placeState,
  };
  return {
    id: plan.id,
    match_id: plan.matchId,
    status: plan.status,
    starts_at: plan.startsAt.toISOString(),
    place: {
      ...place,
      verified: plan.placeVerified,
      safe_location_id: plan.safeLocationId,
      maps_url: mapsSearchUrl({ ...place, city: place.city ?? '', state: place.state ?? '' }),
      can_check_in_by_location: plan.placeLat !== null && plan.placeLng !== null,
    },
    note: plan.note,
    treat: plan.treat,
    proposer_is_me: plan.termsBy === viewerId,
    awaiting_me: plan.status === 'proposed' && plan.termsBy !== viewerId,
    me: sideView(plan, side),
    them: { ...sideView(plan, otherSide(side)), first_name: firstNameOf(otherName) },
    cancellation_rule: cancellationRuleText(),
    late_cancel_now: plan.status === 'accepted' && isLateCancel(plan.startsAt, now),
    check_in_open: plan.status === 'accepted' && checkInOpen(plan.startsAt, now),
    my_rating_given: ratedAt(plan, side) !== null,
    created_at: plan.createdAt.toISOString(),
    updated_at: plan.updatedAt.toISOString(),
  };
}
