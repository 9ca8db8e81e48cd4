import {
  ALREADY_SPONSORED_TEXT,
  AppError,
  ErrorCode,
  SPONSORSHIP_FUNDS_TEXT,
  SPONSORSHIP_PERIOD_DAYS,
  SPONSORSHIP_PERIOD_MS,
  type SponsorBody,
  type SponsorReply,
  sponsorshipPriceChangedMessage,
  tierName,
} from '@royal/shared';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { sponsorships } from '../../db/schema';
import { notify } from '../notifications';
import { type Keyed, lockWallets, postEntry, runIdempotent } from '../wallet';
import { setMemberPlan } from './member-plan';
import { presentSponsorship } from './sponsorship-presenter';
import { sponsorshipTerms } from './sponsorship-terms';

// Sponsorship (part 2 §2 and §6; decision 029): a Vault Verified member whose profile has can_sponsor
// pays, from their escrow wallet, one period of another member's own monthly plan; the sponsored
// member's is_sponsored flag grants paid access (shared rule hasPaidAccess) until the period ends,
// and only while the sponsor's own plan is in force (setMemberPlan pauses and resumes it; the job ends
// it when the plan is not back within a day). At most SPONSORSHIP_LIMIT at a time per sponsor. The
// sponsor may end one early; every early end gives back the unused share.
// Here the sponsor pays; sponsorship-quote.ts shows the terms first, sponsorship-revoke.ts and
// sponsorship-expiry.ts end it (through sponsorship-end.ts).

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
        history: {
          userId: actor.id,
          amountCents: -price,
          transactionType: 'subscription',
          transferType: 'sponsorship',
          counterpartyId: input.user_id,
        },
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
        sponsorship: presentSponsorship({
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
