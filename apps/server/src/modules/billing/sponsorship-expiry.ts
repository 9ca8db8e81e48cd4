import { SPONSORSHIP_RENEWAL_GRACE_MS } from '@royal/shared';
import { lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { sponsorships } from '../../db/schema';
import { endSponsorships } from './member-plan';

// The sponsorship job (decision 029): a sponsorship ends when its period is over, or when its
// sponsor's plan has not come back within a day of pausing it.

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
