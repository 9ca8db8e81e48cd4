import {
  type Actor,
  actorFromPlan,
  canSponsor,
  canUseGhostMode,
  isSubscriptionActive,
  type PlanFacts,
  type SponsorshipEndReason,
} from '@royal/shared';
import { and, eq, gt, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, sponsorships } from '../../db/schema';
import type { Work } from '../../db/transaction';
import { planColumns, planRulesOf } from '../auth';
import { closeSponsorships, type EndedSponsorship } from './sponsorship-end';

/** What setMemberPlan reads back of each member it changed: the plan rules' columns, and Ghost Mode. */
const changedColumns = { userId: profiles.userId, ...planColumns, ghostMode: profiles.ghostMode };
type PlanRow = PlanFacts & { userId: string; ghostMode: boolean };

/** The plan facts a member's plan changes may touch. */
export type PlanValues = Partial<
  Pick<
    typeof profiles.$inferInsert,
    'tierLevel' | 'tierSubscriptionActive' | 'tierSubscriptionEndsAt' | 'isSponsored'
  >
>;

/** A changed profile's plan facts as the shared rules read them (no plan rule reads roles). */
const planRules = (row: PlanRow): Actor => actorFromPlan(row, []);

/**
 * The member's plan facts as they are now, the profile row locked until the transaction ends. A
 * setting that needs the plan (Ghost Mode) decides on these rather than on the cached actor, so a
 * plan lapsing at the same moment waits for it (or it for the lapse) instead of being overwritten.
 * null when the member has no profile.
 */
export async function lockedPlanRules(tx: Db, userId: string): Promise<Actor | null> {
  return (await planRulesOf(tx, [userId], { lock: true })).get(userId) ?? null;
}

/**
 * Sets the plan facts of the members `who` selects (one id, or a condition on profiles), turns off
 * the Ghost Mode of any who may no longer use it, ends the sponsorship received by any whose own plan
 * it puts in force, pauses the sponsorships given by any who may no longer sponsor (and resumes those
 * of any who may again), and has every instance forget their cached actors. Every change of a
 * member's tier, subscription or sponsorship goes through here, so a member never keeps a Tier 4
 * feature past the plan that granted it, a sponsorship never pays for a tier it was not bought for,
 * and none gives access while the sponsor's plan is not in force. Returns the members changed.
 */
export async function setMemberPlan(work: Work, who: string | SQL, values: PlanValues): Promise<string[]> {
  const where = typeof who === 'string' ? eq(profiles.userId, who) : who;
  const rows = await work.tx.update(profiles).set(values).where(where).returning(changedColumns);
  const lostGhostMode = rows
    .filter((r) => r.ghostMode && !canUseGhostMode(planRules(r)))
    .map((r) => r.userId);
  if (lostGhostMode.length > 0) {
    await work.tx.update(profiles).set({ ghostMode: false }).where(inArray(profiles.userId, lostGhostMode));
  }
  if (values.tierSubscriptionActive === true) await endSponsorshipsOfPayingMembers(work, rows);
  await followSponsorPlans(work, rows);
  const userIds = rows.map((r) => r.userId);
  if (userIds.length > 0) work.publish({ kind: 'actor.invalidate', userIds });
  return userIds;
}

/**
 * A sponsorship pays for a member without a plan of their own in force, at their tier's price
 * (decision 029), so the tier they hold while sponsored is the one it was bought for. A member whose
 * own plan comes into force (bought, renewed, or back from a failed renewal) pays for their access
 * from then on: the sponsorship they receive, live or paused, ends as an early end does (the
 * sponsor's unused share back, both told). Otherwise a member sponsored at Tier 1 who bought one
 * month of Tier 3 would keep Tier 3 on the sponsor's money once that month lapsed.
 */
async function endSponsorshipsOfPayingMembers(work: Work, rows: readonly PlanRow[]) {
  const paying = rows.filter((r) => isSubscriptionActive(planRules(r))).map((r) => r.userId);
  if (paying.length > 0) await endSponsorships(work, inArray(sponsorships.sponsoredId, paying), 'own_plan');
}

/**
 * A sponsorship is paid for by the sponsor's own Vault Verified plan (decision 029). Once the plan
 * lapses, is cancelled or is replaced by a lower one, the members its holder sponsors lose the access
 * at once (their sponsorships pause; the job ends them if the plan is not back within
 * SPONSORSHIP_RENEWAL_GRACE_HOURS); when it is back in force, those still paid for have it again.
 * A pause stops the sponsorship's clock: the member had none of the paid time while it lasted, so
 * resuming moves the paid end later by the pause's length, in the same statement.
 */
async function followSponsorPlans(work: Work, rows: readonly PlanRow[]) {
  const now = new Date();
  const lapsed = rows.filter((r) => !canSponsor(planRules(r))).map((r) => r.userId);
  const inForce = rows.filter((r) => canSponsor(planRules(r))).map((r) => r.userId);
  if (lapsed.length > 0) {
    const running = and(inArray(sponsorships.sponsorId, lapsed), isNull(sponsorships.suspendedAt)) as SQL;
    await lockSponsoredMembers(work, running);
    const paused = await work.tx
      .update(sponsorships)
      .set({ suspendedAt: now })
      .where(and(running, isNull(sponsorships.revokedAt)))
      .returning({ sponsoredId: sponsorships.sponsoredId });
    await setSponsored(work, paused, false);
  }
  if (inForce.length > 0) {
    const resumable = and(
      inArray(sponsorships.sponsorId, inForce),
      isNotNull(sponsorships.suspendedAt),
      // Paid time was left when it paused (one paused after its end is the job's to end).
      gt(sponsorships.paidUntil, sponsorships.suspendedAt),
    ) as SQL;
    await lockSponsoredMembers(work, resumable);
    const resumed = await work.tx
      .update(sponsorships)
      .set({
        suspendedAt: null,
        paidUntil: sql`${sponsorships.paidUntil} + (${now.toISOString()}::timestamptz - ${sponsorships.suspendedAt})`,
      })
      .where(and(resumable, isNull(sponsorships.revokedAt)))
      .returning({ sponsoredId: sponsorships.sponsoredId });
    await setSponsored(work, resumed, true);
  }
}

/**
 * Locks the profiles of the members whom the live sponsorships `which` selects sponsor, in id order,
 * before those sponsorships change. Whatever pauses, resumes or ends a sponsorship then takes the
 * member's profile first and the sponsorship row second, as a payment of the member's own plan must
 * (it locks their profile to decide, then ends the sponsorship): the other way round, the two would
 * deadlock.
 */
async function lockSponsoredMembers(work: Work, which: SQL) {
  const sponsored = work.tx
    .select({ id: sponsorships.sponsoredId })
    .from(sponsorships)
    .where(and(which, isNull(sponsorships.revokedAt)));
  await work.tx
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(inArray(profiles.userId, sponsored))
    .orderBy(profiles.userId)
    .for('update');
}

async function setSponsored(work: Work, members: readonly { sponsoredId: string }[], isSponsored: boolean) {
  if (members.length === 0) return;
  await setMemberPlan(
    work,
    inArray(
      profiles.userId,
      members.map((m) => m.sponsoredId),
    ),
    { isSponsored },
  );
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
  await lockSponsoredMembers(work, which);
  const ended = await closeSponsorships(work, which, reason, now);
  await setSponsored(work, ended, false);
  return ended;
}
