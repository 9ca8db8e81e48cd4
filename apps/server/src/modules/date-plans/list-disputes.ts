import type { DatePlanDispute } from '@royal/shared';
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import { datePlans, profiles } from '../../db/schema';
import { checkedInAt, checkInBandOf, claimantSide, depositOf, type PlanRow, type Side } from './plan-row';

const member1 = alias(profiles, 'member1');
const member2 = alias(profiles, 'member2');

/** The disputed no-show claims, oldest dispute first: what the admins decide (decide-dispute.ts). */
export async function listDisputes(ctx: AppContext): Promise<{ items: DatePlanDispute[] }> {
  const rows = await ctx.db
    .select({ plan: datePlans, name1: member1.name, name2: member2.name })
    .from(datePlans)
    .leftJoin(member1, eq(member1.userId, datePlans.member1Id))
    .leftJoin(member2, eq(member2.userId, datePlans.member2Id))
    .where(eq(datePlans.status, 'disputed'))
    .orderBy(asc(datePlans.disputedAt))
    .limit(100);
  return {
    items: rows.map(({ plan, name1, name2 }) =>
      presentDispute(plan, { member1: name1 ?? '', member2: name2 ?? '' }),
    ),
  };
}

function presentDispute(plan: PlanRow, names: Record<Side, string>): DatePlanDispute {
  const claimant = claimantSide(plan);
  const disputer: Side = claimant === 'member1' ? 'member2' : 'member1';
  const side = (s: Side) => ({
    id: s === 'member1' ? plan.member1Id : plan.member2Id,
    name: names[s],
    deposit_cents: depositOf(plan, s),
    checked_in_at: checkedInAt(plan, s)?.toISOString() ?? null,
    check_in_band: checkInBandOf(plan, s),
  });
  return {
    id: plan.id,
    starts_at: plan.startsAt.toISOString(),
    place: { name: plan.placeName, address: plan.placeAddress, verified: plan.placeVerified },
    claimant: side(claimant),
    disputer: { ...side(disputer), statement: plan.disputeStatement ?? '' },
    claimed_at: (plan.claimedAt ?? plan.updatedAt).toISOString(),
    disputed_at: (plan.disputedAt ?? plan.updatedAt).toISOString(),
  };
}
