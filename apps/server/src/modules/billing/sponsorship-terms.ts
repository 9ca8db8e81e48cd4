import {
  ALREADY_SPONSORED_TEXT,
  AppError,
  ErrorCode,
  isSubscriptionActive,
  maxVisibleTier,
  SPONSOR_OBSERVER_TEXT,
  SPONSOR_SELF_TEXT,
  SPONSORED_MEMBER_UNAVAILABLE_TEXT,
  SPONSORING_DISABLED_TEXT,
  SPONSORSHIP_LIMIT,
  sponsorBlock,
  sponsorshipPriceCents,
  type TierLevel,
} from '@royal/shared';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, sponsorships } from '../../db/schema';
import { type MemberActor, planRulesOf } from '../auth';
import { reachableBy } from '../members';

// Shared by the quote (sponsorship-quote.ts) and the payment (sponsorship-start.ts): the sponsor is
// shown the refusals and the price that paying would meet.

export type Terms = {
  sponsorName: string;
  member: { id: string; name: string; tierLevel: TierLevel };
  priceCents: number;
};

/**
 * Whether the actor may sponsor this member now, and at what price; refuses with the reason
 * otherwise. `lock` (when paying) locks both profile rows in id order for the rest of the
 * transaction: the sponsor's, so that a plan lapsing at the same moment either comes first (and is
 * seen here) or ends this sponsorship too, and so that one sponsor's requests are counted against the
 * limit one after the other; the member's, so that two sponsors of one member queue.
 */
export async function sponsorshipTerms(
  tx: Db,
  actor: MemberActor,
  memberId: string,
  { lock }: { lock: boolean },
): Promise<Terms> {
  if (memberId === actor.id) throw new AppError(ErrorCode.VALIDATION_FAILED, SPONSOR_SELF_TEXT);
  const plans = await planRulesOf(tx, [actor.id, memberId], { lock });
  const [me] = await tx
    .select({ name: profiles.name, sponsoringEnabled: profiles.canSponsor })
    .from(profiles)
    .where(eq(profiles.userId, actor.id));
  if (!me?.sponsoringEnabled) throw new AppError(ErrorCode.FORBIDDEN, SPONSORING_DISABLED_TEXT);
  // The access hook read the cached actor; the plan as it is now decides.
  const block = sponsorBlock(plans.get(actor.id) ?? null);
  if (block) throw new AppError(ErrorCode[block.code], block.message);

  // Someone the sponsor could meet in the app (the members' rule): sponsoring a hidden member by id
  // would put their name in the sponsor's list.
  const [reachable] = await tx
    .select({ name: profiles.name })
    .from(profiles)
    .where(
      and(
        eq(profiles.userId, memberId),
        reachableBy({ id: actor.id, tier: actor.tier, maxTier: maxVisibleTier(actor.rules) }),
      ),
    );
  const member = plans.get(memberId);
  if (!reachable || !member) throw new AppError(ErrorCode.NOT_FOUND, SPONSORED_MEMBER_UNAVAILABLE_TEXT);
  const tierLevel = member.tier_level;
  const priceCents = sponsorshipPriceCents(tierLevel);
  if (priceCents === null) throw new AppError(ErrorCode.CONFLICT, SPONSOR_OBSERVER_TEXT);
  // A member whose own plan is in force pays for their access; a sponsorship would pay for it again,
  // and could outlast a higher plan bought for a month (setMemberPlan ends one such a plan meets).
  if (isSubscriptionActive(member)) throw new AppError(ErrorCode.MEMBER_HAS_PLAN);

  const [live] = await tx
    .select({
      given: sql`count(*) filter (where ${sponsorships.sponsorId} = ${actor.id})`.mapWith(Number),
      received: sql`count(*) filter (where ${sponsorships.sponsoredId} = ${memberId})`.mapWith(Number),
    })
    .from(sponsorships)
    .where(
      and(
        isNull(sponsorships.revokedAt),
        or(eq(sponsorships.sponsorId, actor.id), eq(sponsorships.sponsoredId, memberId)),
      ),
    );
  if ((live?.received ?? 0) > 0) throw new AppError(ErrorCode.CONFLICT, ALREADY_SPONSORED_TEXT);
  if ((live?.given ?? 0) >= SPONSORSHIP_LIMIT) throw new AppError(ErrorCode.SPONSORSHIP_LIMIT);
  return { sponsorName: me.name, member: { id: memberId, name: reachable.name, tierLevel }, priceCents };
}
