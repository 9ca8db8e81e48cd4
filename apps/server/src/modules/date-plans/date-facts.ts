import { datePlanTimeZone, formatInstantIn } from '@royal/shared';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { checkedInAt, otherSide, type PlanRow, sideOf } from './plan-row';
import { firstNameOf } from './presenter';

/**
 * What a member's emergency contact may know of a date, from the member's side: first names, the
 * other member's verified badge, the place, the time in the place's zone, and who has checked in.
 * Never an e-mail, a position, a deposit or an id (the status page and every message to the
 * contact are built from this alone).
 */
export type DateFacts = {
  memberFirstName: string;
  otherFirstName: string;
  otherVerified: boolean;
  place: { name: string; address: string; verified: boolean };
  startsAt: Date;
  /** The place's city's zone, or UTC when the place is not in a launch city (a typed-in place). */
  timeZone: string;
  /** The time in that zone, with the zone's name: "Sat, Jun 14 · 8:00 PM PDT". */
  local: string;
  memberCheckedIn: boolean;
  otherCheckedIn: boolean;
};

export async function dateFactsOf(db: Db, plan: PlanRow, memberId: string): Promise<DateFacts> {
  const side = sideOf(plan, memberId);
  const other = otherSide(side);
  const otherId = side === 'member1' ? plan.member2Id : plan.member1Id;
  const people = await db
    .select({ id: profiles.userId, name: profiles.name, verified: profiles.verified })
    .from(profiles)
    .where(inArray(profiles.userId, [memberId, otherId]));
  const member = people.find((p) => p.id === memberId);
  const them = people.find((p) => p.id === otherId);
  const timeZone = datePlanTimeZone({ city: plan.placeCity, state: plan.placeState });
  return {
    memberFirstName: firstNameOf(member?.name ?? ''),
    otherFirstName: firstNameOf(them?.name ?? ''),
    otherVerified: them?.verified ?? false,
    place: { name: plan.placeName, address: plan.placeAddress, verified: plan.placeVerified },
    startsAt: plan.startsAt,
    timeZone,
    local: formatInstantIn(plan.startsAt, timeZone),
    memberCheckedIn: checkedInAt(plan, side) !== null,
    otherCheckedIn: checkedInAt(plan, other) !== null,
  };
}
