import {
  type Actor,
  actorFromPlan,
  canSponsor,
  canUseGhostMode,
  type PlanFacts,
  type SponsorshipEndReason,
} from '@royal/shared';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, sponsorships } from '../../db/schema';
import type { Work } from '../../db/transaction';
import { closeSponsorships, type EndedSponsorship } from './sponsorship-end';

/** The profile columns the shared plan rules read, plus the Tier 4 feature that depends on them. */
const planColumns = {
  userId: profiles.userId,
  tierLevel: profiles.tierLevel,
  tierSubscriptionActive: profiles.tierSubscriptionActive,
  tierSubscriptionEndsAt: profiles.tierSubscriptionEndsAt,
  isSponsored: profiles.isSponsored,
  verified: profiles.verified,
  ghostMode: profiles.ghostMode,
};
type PlanRow = PlanFacts & { userId: string; ghostMode: boolean };

/** The plan facts a member's plan changes may touch. */
export type PlanValues = Partial<
  Pick<
    typeof profiles.$inferInsert,
    'tierLevel' | 'tierSubscriptionActive' | 'tierSubscriptionEndsAt' | 'isSponsored'
  >
>;

/** A profile's plan facts as the shared rules read them. No plan rule reads roles, so none are loaded. */
const planRules = (row: PlanRow): Actor => actorFromPlan(row, []);

/**
 * The member's plan facts as they are now, the profile row locked until the transaction ends. A
 * setting that needs the plan (Ghost Mode) decides on these rather than on the cached actor, so a
 * plan lapsing at the same moment waits for it (or it for the lapse) instead of being overwritten.
 * null when the member has no profile.
 */
export async function lockedPlanRules(tx: Db, userId: string): Promise<Actor | null> {
  const [row] = await tx.select(planColumns).from(profiles).where(eq(profiles.userId, userId)).for('update');
  return row ? planRules(row) : null;
}

/**
 * Sets the plan facts of the members `who` selects (one id, or a condition on profiles), turns off
 * the Ghost Mode of any who may no longer use it, ends the sponsorships given by any who may no
 * longer sponsor, and has every instance forget their cached actors. Every change of a member's
 * tier, subscription or sponsorship goes through here, so a member never keeps a Tier 4 feature past
 * the plan that granted it, nor a sponsorship past the sponsor's plan. Returns the members changed.
 */
export async function setMemberPlan(work: Work, who: string | SQL, values: PlanValues): Promise<string[]> {
  const where = typeof who === 'string' ? eq(profiles.userId, who) : who;
  const rows = await work.tx.update(profiles).set(values).where(where).returning(planColumns);
  const lostGhostMode = rows
    .filter((r) => r.ghostMode && !canUseGhostMode(planRules(r)))
    .map((r) => r.userId);
  if (lostGhostMode.length > 0) {
    await work.tx.update(profiles).set({ ghostMode: false }).where(inArray(profiles.userId, lostGhostMode));
  }
  // A sponsorship is paid for by the sponsor's own Vault Verified plan (decision 029): once the plan
  // lapses, is cancelled or is replaced by a lower one, everything its holder sponsors ends with it.
  const lostSponsoring = rows.filter((r) => !canSponsor(planRules(r))).map((r) => r.userId);
  if (lostSponsoring.length > 0) {
    await endSponsorships(work, inArray(sponsorships.sponsorId, lostSponsoring), 'sponsor_plan_ended');
  }
  const userIds = rows.map((r) => r.userId);
  if (userIds.length > 0) work.publish({ kind: 'actor.invalidate', userIds });
  return userIds;
}

/**
 * Ends the live sponsorships `which` selects (a condition on sponsorships): refunds, notices (both in
 * sponsorship-end.ts), and the sponsored members' access through setMemberPlan, so that a Ghost Mode
 * only the sponsorship granted goes off with it. `now` is the clock (the jobs' tests pass their own).
 */
export async function endSponsorships(
  work: Work,
  which: SQL,
  reason: SponsorshipEndReason,
  now = new Date(),
): Promise<EndedSponsorship[]> {
  const ended = await closeSponsorships(work, which, reason, now);
  if (ended.length > 0) {
    await setMemberPlan(
      work,
      inArray(
        profiles.userId,
        ended.map((s) => s.sponsoredId),
      ),
      { isSponsored: false },
    );
  }
  return ended;
}
