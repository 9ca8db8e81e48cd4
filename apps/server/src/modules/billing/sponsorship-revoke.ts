import { AppError, type EndSponsorshipReply, ErrorCode, SPONSORSHIP_NOT_FOUND_TEXT } from '@royal/shared';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { escrowWallets, sponsorships } from '../../db/schema';
import type { MemberActor } from '../auth';
import { endSponsorships } from './member-plan';

// The sponsor ends a sponsorship early (decision 029). The refund of the unused share and both
// notices come from sponsorship-end.ts, as for every end.

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
