import {
  ALREADY_SPONSORED_TEXT,
  AppError,
  actorFromPlan,
  ErrorCode,
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
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, sponsorships } from '../../db/schema';
import type { MemberActor } from '../auth';
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
  const read = tx
    .select({
      userId: profiles.userId,
      name: profiles.name,
      tierLevel: profiles.tierLevel,
      tierSubscriptionActive: profiles.tierSubscriptionActive,
      tierSubscriptionEndsAt: profiles.tierSubscriptionEndsAt,
      isSponsored: profiles.isSponsored,
      verified: profiles.verified,
      sponsoringEnabled: profiles.canSponsor,
    })
    .from(profiles)
    .where(inArray(profiles.userId, [actor.id, memberId]))
    .orderBy(profiles.userId);
  const rows = lock ? await read.for('update') : await read;
  const me = rows.find((r) => r.userId === actor.id);
  if (!me?.sponsoringEnabled) throw new AppError(ErrorCode.FORBIDDEN, SPONSORING_DISABLED_TEXT);
  // The access hook read the cached actor; the plan as it is now decides.
  const block = sponsorBlock(actorFromPlan(me, []));
  if (block) throw new AppError(ErrorCode[block.code], block.message);

  // Someone the sponsor could meet in the app (the members' rule): sponsoring a hidden member by id
  // would put their name in the sponsor's list.
  const [reachable] = await tx
    .select({ id: profiles.userId })
    .from(profiles)
    .where(
      and(
        eq(profiles.userId, memberId),
        reachableBy({ id: actor.id, tier: actor.tier, maxTier: maxVisibleTier(actor.rules) }),
      ),
    );
  const member = rows.find((r) => r.userId === memberId);
  if (!reachable || !member) throw new AppError(ErrorCode.NOT_FOUND, SPONSORED_MEMBER_UNAVAILABLE_TEXT);
  const tierLevel = member.tierLevel as TierLevel;
  const priceCents = sponsorshipPriceCents(tierLevel);
  if (priceCents === null) throw new AppError(ErrorCode.CONFLICT, SPONSOR_OBSERVER_TEXT);

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
  return { sponsorName: me.name, member: { id: memberId, name: member.name, tierLevel }, priceCents };
}
