import {
  formatCents,
  SPONSORSHIP_PERIOD_DAYS,
  type SponsorshipEndReason,
  sponsorshipRefundCents,
  TIERS,
} from '@royal/shared';
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { profiles, sponsorships } from '../../db/schema';
import type { Work } from '../../db/transaction';
import { type NewNotification, notify } from '../notifications';
import { lockWallets, postEntry } from '../wallet';

// Ending sponsorships (decision 029), whatever ends them: the sponsor, the end of the paid period,
// the job once a sponsorship has stayed paused for a day because its sponsor's plan did not come back
// (setMemberPlan only pauses and resumes), or the sponsored member's own plan (setMemberPlan). Apart from member-plan.ts so that endSponsorships there
// can call it without an import cycle; everything else calls endSponsorships, which also takes the
// sponsored members' access away.

export type EndedSponsorship = {
  id: string;
  sponsorId: string;
  sponsoredId: string;
  refundedCents: number;
};

const sponsor = alias(profiles, 'sponsor');
const sponsored = alias(profiles, 'sponsored');

/**
 * Ends the live sponsorships `which` selects, in the caller's unit of work: marks them ended with the
 * reason, gives the sponsor back the unused share of what they paid (from the end, or from when it was
 * paused; to their wallet, through the ledger), and tells both members, once per sponsorship. Does
 * not touch the sponsored members' plan flags: the caller does (endSponsorships in member-plan.ts).
 */
export async function closeSponsorships(
  work: Work,
  which: SQL,
  reason: SponsorshipEndReason,
  now: Date,
): Promise<EndedSponsorship[]> {
  const rows = await work.tx
    .update(sponsorships)
    .set({ revokedAt: now, endReason: reason })
    .where(and(which, isNull(sponsorships.revokedAt)))
    .returning({
      id: sponsorships.id,
      sponsorId: sponsorships.sponsorId,
      sponsoredId: sponsorships.sponsoredId,
      paidUntil: sponsorships.paidUntil,
      priceCents: sponsorships.priceCents,
      suspendedAt: sponsorships.suspendedAt,
    });
  if (rows.length === 0) return [];
  const ended = rows.map((row) => ({
    id: row.id,
    sponsorId: row.sponsorId,
    sponsoredId: row.sponsoredId,
    // A paused sponsorship has given nothing since its sponsor's plan stopped: that time goes back too.
    refundedCents: sponsorshipRefundCents(row, row.suspendedAt ?? now),
  }));
  await refundUnusedTime(work, ended);
  await notify(work, await endNotices(work, ended, reason));
  return ended;
}

/** The unused share of each sponsorship back to its sponsor's wallet: platform revenue to the wallet. */
async function refundUnusedTime(work: Work, ended: readonly EndedSponsorship[]) {
  const refunds = ended.filter((s) => s.refundedCents > 0);
  if (refunds.length === 0) return;
  const wallets = await lockWallets(
    work.tx,
    refunds.map((s) => s.sponsorId),
  );
  for (const s of refunds) {
    await postEntry(work.tx, wallets, {
      type: 'refund',
      description: `sponsorship ${s.id} ended early`,
      legs: [
        { userId: s.sponsorId, account: 'wallet', amountCents: s.refundedCents },
        { platform: 'platform_revenue', amountCents: -s.refundedCents },
      ],
      history: {
        userId: s.sponsorId,
        amountCents: s.refundedCents,
        transactionType: 'refund',
        counterpartyId: s.sponsoredId,
      },
    });
  }
}

const ENDED_TITLE = 'Sponsorship Ended';

/** What each side is told, by why it ended. */
const endTexts: Record<
  SponsorshipEndReason,
  { toSponsored: (sponsor: string) => string; toSponsor: (sponsored: string) => string }
> = {
  revoked: {
    toSponsored: (sponsor) => `${sponsor} ended their sponsorship of your plan`,
    toSponsor: (name) => `You ended your sponsorship of ${name}`,
  },
  expired: {
    toSponsored: (sponsor) => `${sponsor}'s ${SPONSORSHIP_PERIOD_DAYS}-day sponsorship of your plan is over`,
    toSponsor: (name) => `Your ${SPONSORSHIP_PERIOD_DAYS}-day sponsorship of ${name} is over`,
  },
  sponsor_plan_ended: {
    toSponsored: (sponsor) => `${sponsor}'s sponsorship ended with their ${TIERS[4].name} plan`,
    toSponsor: (name) => `Your sponsorship of ${name} ended with your ${TIERS[4].name} plan`,
  },
  own_plan: {
    toSponsored: (sponsor) =>
      `${sponsor}'s sponsorship of your plan ended now that you pay for a plan of your own`,
    toSponsor: (name) => `Your sponsorship of ${name} ended now that they pay for a plan of their own`,
  },
};

async function endNotices(
  work: Work,
  ended: readonly EndedSponsorship[],
  reason: SponsorshipEndReason,
): Promise<NewNotification[]> {
  const names = await work.tx
    .select({ id: sponsorships.id, sponsorName: sponsor.name, sponsoredName: sponsored.name })
    .from(sponsorships)
    .innerJoin(sponsor, eq(sponsor.userId, sponsorships.sponsorId))
    .innerJoin(sponsored, eq(sponsored.userId, sponsorships.sponsoredId))
    .where(
      inArray(
        sponsorships.id,
        ended.map((s) => s.id),
      ),
    );
  const nameOf = new Map(names.map((n) => [n.id, n]));
  const texts = endTexts[reason];
  return ended.flatMap((s) => {
    const pair = nameOf.get(s.id);
    const refund = s.refundedCents > 0 ? `; ${formatCents(s.refundedCents)} went back to your wallet` : '';
    // One notice per side per sponsorship, whichever path ended it first.
    const dedupeKey = `sponsorship-ended:${s.id}`;
    return [
      {
        userId: s.sponsoredId,
        type: 'system' as const,
        title: ENDED_TITLE,
        message: texts.toSponsored(pair?.sponsorName ?? 'Your sponsor'),
        actorId: s.sponsorId,
        link: '/subscription',
        dedupeKey,
      },
      {
        userId: s.sponsorId,
        type: 'system' as const,
        title: ENDED_TITLE,
        message: `${texts.toSponsor(pair?.sponsoredName ?? 'a member')}${refund}`,
        actorId: s.sponsoredId,
        link: '/more?tab=tiers',
        dedupeKey,
      },
    ];
  });
}
