import {
  ALREADY_SPONSORED_TEXT,
  AppError,
  actorFromPlan,
  type EndSponsorshipReply,
  ErrorCode,
  maxVisibleTier,
  SPONSOR_OBSERVER_TEXT,
  SPONSOR_SELF_TEXT,
  SPONSORED_MEMBER_UNAVAILABLE_TEXT,
  SPONSORING_DISABLED_TEXT,
  SPONSORSHIP_FUNDS_TEXT,
  SPONSORSHIP_LIMIT,
  SPONSORSHIP_NOT_FOUND_TEXT,
  SPONSORSHIP_PERIOD_DAYS,
  SPONSORSHIP_PERIOD_MS,
  SPONSORSHIP_RENEWAL_GRACE_MS,
  type SponsorBody,
  type SponsorReply,
  type SponsorshipList,
  type SponsorshipQuote,
  sponsorBlock,
  sponsorshipPriceCents,
  sponsorshipPriceChangedMessage,
  type TierLevel,
  tierName,
} from '@royal/shared';
import { and, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { escrowWallets, profiles, sponsorships, walletTransactions } from '../../db/schema';
import type { MemberActor } from '../auth';
import { reachableBy } from '../members';
import { notify } from '../notifications';
import { type Keyed, lockWallets, postEntry, runIdempotent } from '../wallet';
import { endSponsorships, setMemberPlan } from './member-plan';

// Sponsorship (part 2 §2 and §6; decision 029): a Vault Verified member whose profile has can_sponsor
// pays, from their escrow wallet, one period of another member's own monthly plan; the sponsored
// member's is_sponsored flag grants paid access (shared rule hasPaidAccess) until the period ends,
// and only while the sponsor's own plan is in force (setMemberPlan pauses and resumes it; the job ends
// it when the plan is not back within a day). At most SPONSORSHIP_LIMIT at a time per sponsor. The
// sponsor may end one early; every early end gives back the unused share.

const sponsor = alias(profiles, 'sponsor');
const sponsored = alias(profiles, 'sponsored');

type SponsorshipRow = {
  id: string;
  createdAt: Date;
  paidUntil: Date;
  priceCents: number;
  sponsorId: string;
  sponsorName: string;
  sponsoredId: string;
  sponsoredName: string;
  suspendedAt: Date | null;
};

function present(row: SponsorshipRow) {
  return {
    id: row.id,
    sponsor: { id: row.sponsorId, name: row.sponsorName },
    sponsored: { id: row.sponsoredId, name: row.sponsoredName },
    created_at: row.createdAt.toISOString(),
    paid_until: row.paidUntil.toISOString(),
    price_cents: row.priceCents,
    paused: row.suspendedAt !== null,
  };
}

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
    given: rows.filter((r) => r.sponsorId === actor.id).map(present),
    received: rows.filter((r) => r.sponsoredId === actor.id).map(present)[0] ?? null,
  };
}

type Terms = {
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
async function sponsorshipTerms(
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

/** What sponsoring this member would cost and until when, before the sponsor agrees to pay. */
export async function quoteSponsorship(
  ctx: AppContext,
  { actor, userId }: { actor: MemberActor; userId: string },
): Promise<SponsorshipQuote> {
  const terms = await sponsorshipTerms(ctx.db, actor, userId, { lock: false });
  const [wallet] = await ctx.db
    .select({ balanceCents: escrowWallets.currentBalanceCents })
    .from(escrowWallets)
    .where(eq(escrowWallets.userId, actor.id));
  return {
    member: { id: terms.member.id, name: terms.member.name, tier_level: terms.member.tierLevel },
    price_cents: terms.priceCents,
    period_days: SPONSORSHIP_PERIOD_DAYS,
    paid_until: new Date(Date.now() + SPONSORSHIP_PERIOD_MS).toISOString(),
    balance_cents: wallet?.balanceCents ?? 0,
  };
}

/**
 * Sponsors a member for one period, paid from the sponsor's wallet at the price they were shown, once
 * per Idempotency-Key. One transaction: the payment, the sponsorship, the member's access, the notice.
 */
export function sponsorMember(ctx: AppContext, { actor, key, input }: Keyed<SponsorBody>) {
  return runIdempotent(
    ctx,
    { userId: actor.id, key, request: { operation: 'sponsorship', input } },
    async (work): Promise<SponsorReply> => {
      const { tx } = work;
      const terms = await sponsorshipTerms(tx, actor, input.user_id, { lock: true });
      const price = terms.priceCents;
      if (price !== input.price_cents) {
        throw new AppError(ErrorCode.CONFLICT, sponsorshipPriceChangedMessage(price));
      }
      const wallets = await lockWallets(tx, [actor.id]);
      const wallet = wallets.get(actor.id);
      if (!wallet || wallet.balanceCents < price) {
        throw new AppError(ErrorCode.INSUFFICIENT_FUNDS, SPONSORSHIP_FUNDS_TEXT);
      }
      const entryId = await postEntry(tx, wallets, {
        type: 'subscription',
        createdBy: actor.id,
        description: `sponsorship of ${input.user_id}`,
        legs: [
          { userId: actor.id, account: 'wallet', amountCents: -price },
          { platform: 'platform_revenue', amountCents: price },
        ],
      });
      const paidFrom = new Date();
      const values = {
        sponsorId: actor.id,
        sponsoredId: input.user_id,
        createdAt: paidFrom,
        paidUntil: new Date(paidFrom.getTime() + SPONSORSHIP_PERIOD_MS),
        priceCents: price,
        paymentEntryId: entryId,
      };
      let id: string;
      try {
        const [row] = await tx.transaction((sp) =>
          sp.insert(sponsorships).values(values).returning({ id: sponsorships.id }),
        );
        if (!row) throw new Error('sponsorship not written');
        id = row.id;
      } catch (error) {
        // The member's locked profile makes a second sponsor wait and then see the first; the index
        // is the database's own guard.
        if (isUniqueViolation(error, 'sponsorships_live_sponsored_key'))
          throw new AppError(ErrorCode.CONFLICT, ALREADY_SPONSORED_TEXT);
        throw error;
      }
      await tx.insert(walletTransactions).values({
        userId: actor.id,
        entryId,
        amountCents: -price,
        transactionType: 'subscription',
        transferType: 'sponsorship',
        counterpartyId: input.user_id,
      });
      await setMemberPlan(work, input.user_id, { isSponsored: true });
      await notify(work, [
        {
          userId: input.user_id,
          type: 'system',
          title: 'Sponsorship Started',
          message: `${terms.sponsorName} is sponsoring your ${tierName(terms.member.tierLevel)} plan for ${SPONSORSHIP_PERIOD_DAYS} days`,
          actorId: actor.id,
          link: '/subscription',
          dedupeKey: `sponsorship-started:${id}`,
        },
      ]);
      return {
        sponsorship: present({
          ...values,
          id,
          sponsorName: terms.sponsorName,
          sponsoredName: terms.member.name,
          suspendedAt: null,
        }),
        new_balance_cents: wallet.balanceCents - price,
      };
    },
  );
}

/** The sponsor ends one of their sponsorships now; the unused share of the period goes back to them. */
export function revokeSponsorship(
  ctx: AppContext,
  { actor, id }: { actor: MemberActor; id: string },
): Promise<EndSponsorshipReply> {
  return ctx.transact(async (work) => {
    const [ended] = await endSponsorships(
      work,
      and(eq(sponsorships.id, id), eq(sponsorships.sponsorId, actor.id)) as SQL,
      'revoked',
    );
    if (!ended) throw new AppError(ErrorCode.NOT_FOUND, SPONSORSHIP_NOT_FOUND_TEXT);
    const [wallet] = await work.tx
      .select({ balanceCents: escrowWallets.currentBalanceCents })
      .from(escrowWallets)
      .where(eq(escrowWallets.userId, actor.id));
    return { refunded_cents: ended.refundedCents, new_balance_cents: wallet?.balanceCents ?? 0 };
  });
}

/**
 * The job: sponsorships whose paid period is over end, and so do those paused longer than the grace
 * (their sponsor's plan did not come back); the sponsored members' access goes with them.
 */
export async function endDueSponsorships(ctx: AppContext, now = new Date()): Promise<number> {
  return ctx.transact(async (work) => {
    const expired = await endSponsorships(work, lte(sponsorships.paidUntil, now), 'expired', now);
    const graceOver = new Date(now.getTime() - SPONSORSHIP_RENEWAL_GRACE_MS);
    const notRenewed = await endSponsorships(
      work,
      lte(sponsorships.suspendedAt, graceOver),
      'sponsor_plan_ended',
      now,
    );
    return expired.length + notRenewed.length;
  });
}
