import { SPONSORSHIP_RENEWAL_GRACE_MS } from '@royal/shared';
import { and, eq, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { sponsorships } from '../../db/schema';
import { endSponsorships } from './member-plan';

// The sponsorship job (decision 029): a sponsorship ends when its period is over, or when its
// sponsor's plan has not come back within a day of pausing it.

/**
 * The job: sponsorships whose paid period is over end, and so do those paused longer than the grace
 * (their sponsor's plan did not come back); the sponsored members' access goes with them. Each ends
 * on its own, in its own transaction: one that cannot (its refund fails) is logged and stays live for
 * the next run, and the others go on; the run then fails, so the job's failure shows too.
 */
export async function endDueSponsorships(ctx: AppContext, now = new Date()): Promise<number> {
  // A paused sponsorship's clock stands still (resuming adds the pause to its paid end): its period is
  // over only if it was over when it paused.
  const over = and(
    lte(sponsorships.paidUntil, now),
    or(isNull(sponsorships.suspendedAt), lte(sponsorships.paidUntil, sponsorships.suspendedAt)),
  ) as SQL;
  const notRenewed = lte(sponsorships.suspendedAt, new Date(now.getTime() - SPONSORSHIP_RENEWAL_GRACE_MS));
  const due = await ctx.db
    .select({ id: sponsorships.id })
    .from(sponsorships)
    .where(and(isNull(sponsorships.revokedAt), or(over, notRenewed)))
    .orderBy(sponsorships.paidUntil, sponsorships.id);
  let ended = 0;
  let failed = 0;
  for (const { id } of due) {
    const which = (condition: SQL) => and(eq(sponsorships.id, id), condition) as SQL;
    try {
      // Each condition asked again under the row's lock: another run, the sponsor or a renewal may
      // have ended or resumed it since it was read.
      ended += await ctx.transact(async (work) => {
        const expired = await endSponsorships(work, which(over), 'expired', now);
        if (expired.length > 0) return expired.length;
        return (await endSponsorships(work, which(notRenewed), 'sponsor_plan_ended', now)).length;
      });
    } catch (error) {
      failed += 1;
      ctx.log.error({ err: error, sponsorshipId: id }, 'sponsorship could not be ended; it stays live');
    }
  }
  if (failed > 0) {
    throw new Error(
      `${failed} due sponsorship(s) could not be ended (each logged with its id); ${ended} ended`,
    );
  }
  return ended;
}
