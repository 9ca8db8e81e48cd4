import { SPONSORSHIP_PERIOD_DAYS, SPONSORSHIP_PERIOD_MS, type SponsorshipQuote } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { escrowWallets } from '../../db/schema';
import type { MemberActor } from '../auth';
import { sponsorshipTerms } from './sponsorship-terms';

// The sponsor's dialog asks first (decision 029): the price, the period, their balance.

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
