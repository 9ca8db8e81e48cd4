import { AppError, ErrorCode, maxVisibleTier, SPONSORED_MEMBER_UNAVAILABLE_TEXT } from '@royal/shared';
import { and, eq, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { profiles, sponsorships } from '../../db/schema';
import type { MemberActor } from '../auth';
import { reachableBy } from '../members';
import { setMemberPlan } from './member-plan';

// Sponsorship (part 2 §6): a Vault Verified member whose profile has can_sponsor pays for another
// member's access; the sponsored member's is_sponsored flag grants paid access (shared rule
// hasPaidAccess). Shown on both sides; the sponsor may revoke it.

const sponsor = alias(profiles, 'sponsor');
const sponsored = alias(profiles, 'sponsored');

function present(row: {
  id: string;
  createdAt: Date;
  sponsorId: string;
  sponsorName: string;
  sponsoredId: string;
  sponsoredName: string;
}) {
  return {
    id: row.id,
    sponsor: { id: row.sponsorId, name: row.sponsorName },
    sponsored: { id: row.sponsoredId, name: row.sponsoredName },
    created_at: row.createdAt.toISOString(),
  };
}

export async function listSponsorships(ctx: AppContext, { actor }: { actor: MemberActor }) {
  const rows = await ctx.db
    .select({
      id: sponsorships.id,
      createdAt: sponsorships.createdAt,
      sponsorId: sponsorships.sponsorId,
      sponsorName: sponsor.name,
      sponsoredId: sponsorships.sponsoredId,
      sponsoredName: sponsored.name,
    })
    .from(sponsorships)
    .innerJoin(sponsor, eq(sponsor.userId, sponsorships.sponsorId))
    .innerJoin(sponsored, eq(sponsored.userId, sponsorships.sponsoredId))
    .where(
      and(
        isNull(sponsorships.revokedAt),
        or(eq(sponsorships.sponsorId, actor.id), eq(sponsorships.sponsoredId, actor.id)),
      ),
    );
  return {
    given: rows.filter((r) => r.sponsorId === actor.id).map(present),
    received: rows.filter((r) => r.sponsoredId === actor.id).map(present)[0] ?? null,
  };
}

export function sponsorMember(ctx: AppContext, { actor, userId }: { actor: MemberActor; userId: string }) {
  return ctx.transact(async (work) => {
    const { tx } = work;
    const [me] = await tx
      .select({ canSponsor: profiles.canSponsor })
      .from(profiles)
      .where(eq(profiles.userId, actor.id));
    if (!me?.canSponsor)
      throw new AppError(ErrorCode.FORBIDDEN, 'Sponsoring is not enabled for your account');
    if (userId === actor.id) throw new AppError(ErrorCode.VALIDATION_FAILED, 'You cannot sponsor yourself');
    // Someone the sponsor could meet in the app (the members' rule): sponsoring a hidden member by
    // id would put their name in the sponsor's list.
    const [target] = await tx
      .select({ id: profiles.userId })
      .from(profiles)
      .where(
        and(
          eq(profiles.userId, userId),
          reachableBy({ id: actor.id, tier: actor.tier, maxTier: maxVisibleTier(actor.rules) }),
        ),
      );
    if (!target) throw new AppError(ErrorCode.NOT_FOUND, SPONSORED_MEMBER_UNAVAILABLE_TEXT);
    try {
      await tx.transaction((sp) =>
        sp.insert(sponsorships).values({ sponsorId: actor.id, sponsoredId: userId }),
      );
    } catch (error) {
      if (isUniqueViolation(error, 'sponsorships_live_sponsored_key'))
        throw new AppError(ErrorCode.CONFLICT, 'This member is already sponsored');
      throw error;
    }
    await setMemberPlan(work, userId, { isSponsored: true });
    return { ok: true as const };
  });
}

export function revokeSponsorship(ctx: AppContext, { actor, id }: { actor: MemberActor; id: string }) {
  return ctx.transact(async (work) => {
    const [revoked] = await work.tx
      .update(sponsorships)
      .set({ revokedAt: new Date() })
      .where(
        and(eq(sponsorships.id, id), eq(sponsorships.sponsorId, actor.id), isNull(sponsorships.revokedAt)),
      )
      .returning({ sponsoredId: sponsorships.sponsoredId });
    if (!revoked) throw new AppError(ErrorCode.NOT_FOUND, 'Sponsorship not found');
    // The sponsored member's own plan may still grant what the sponsorship did; setMemberPlan decides.
    await setMemberPlan(work, revoked.sponsoredId, { isSponsored: false });
    return { ok: true as const };
  });
}
