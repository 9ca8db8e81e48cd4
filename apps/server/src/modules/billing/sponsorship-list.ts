import type { SponsorshipList } from '@royal/shared';
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { profiles, sponsorships } from '../../db/schema';
import type { MemberActor } from '../auth';
import { presentSponsorship } from './sponsorship-presenter';

// The member's live sponsorships (decision 029): those they give, and the one they receive.

const sponsor = alias(profiles, 'sponsor');
const sponsored = alias(profiles, 'sponsored');

function selectSponsorships(db: Db, where: SQL) {
  return db
    .select({
      id: sponsorships.id,
      createdAt: sponsorships.createdAt,
      paidUntil: sponsorships.paidUntil,
      priceCents: sponsorships.priceCents,
      sponsorId: sponsorships.sponsorId,
      sponsorName: sponsor.name,
      sponsoredId: sponsorships.sponsoredId,
      sponsoredName: sponsored.name,
      suspendedAt: sponsorships.suspendedAt,
    })
    .from(sponsorships)
    .innerJoin(sponsor, eq(sponsor.userId, sponsorships.sponsorId))
    .innerJoin(sponsored, eq(sponsored.userId, sponsorships.sponsoredId))
    .where(and(isNull(sponsorships.revokedAt), where))
    .orderBy(sponsorships.createdAt);
}

export async function listSponsorships(
  ctx: AppContext,
  { actor }: { actor: MemberActor },
): Promise<SponsorshipList> {
  const rows = await selectSponsorships(
    ctx.db,
    or(eq(sponsorships.sponsorId, actor.id), eq(sponsorships.sponsoredId, actor.id)) as SQL,
  );
  return {
    given: rows.filter((r) => r.sponsorId === actor.id).map(presentSponsorship),
    received: rows.filter((r) => r.sponsoredId === actor.id).map(presentSponsorship)[0] ?? null,
  };
}
