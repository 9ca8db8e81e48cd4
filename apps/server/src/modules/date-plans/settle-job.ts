import { DATE_PLAN_CHECK_IN_CLOSES_MINUTES, DATE_PLAN_DISPUTE_HOURS } from '@royal/shared';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { datePlans, userBlocks } from '../../db/schema';
import type { Work } from '../../db/transaction';
import { pausePoint } from '../../lib/pause-point';
import { announceSettlement } from './announce';
import { settleDeposits, settlementFrom } from './deposits';
import { claimantSide, type PlanRow } from './plan-row';

// The settlement job (decision 069), once a minute: confirmed dates whose check-in has closed,
// no-show claims nobody disputed in time, and open plans between members one of whom has blocked the other. Each plan is settled on its own, under its row lock, in
// one transaction with its ledger entries, so a run that dies before its commit leaves it for the
// next run, and a member's own action at the same moment waits for the lock and then sees the result.

export const DATE_PLAN_SETTLE_JOB = 'date-plan-settle';
/** Where a test stops the job (lib/pause-point.ts): a plan's entries written, its transaction not committed. */
export const SETTLE_BEFORE_COMMIT = 'date-plan.settle-before-commit';

/**
 * A block either way between a plan's members. Blocking is a safety action: an open plan between
 * them is cancelled by the next run with both deposits returned, whoever blocked and however late
 * (the plan is out of both members' reach from the block on: its routes answer 404 as the chat's do).
 */
export const blockBetweenMembers = sql`exists (select 1 from ${userBlocks}
  where (${userBlocks.blockerId} = ${datePlans.member1Id} and ${userBlocks.blockedId} = ${datePlans.member2Id})
     or (${userBlocks.blockerId} = ${datePlans.member2Id} and ${userBlocks.blockedId} = ${datePlans.member1Id}))`;
const PAGE = 200;

export type SettleOutcome = { lapsed: number; claimed: number; settled: number; blocked: number };

export async function settleDuePlans(ctx: AppContext, now = new Date()): Promise<SettleOutcome> {
  const outcome: SettleOutcome = { lapsed: 0, claimed: 0, settled: 0, blocked: 0 };
  const checkInClosedBefore = new Date(now.getTime() - DATE_PLAN_CHECK_IN_CLOSES_MINUTES * 60_000);
  // A claim made at or before this has had its dispute window.
  const claimsBefore = new Date(now.getTime() - DATE_PLAN_DISPUTE_HOURS * 3_600_000);
  const due = async () => [
    ...(await ctx.db
      .select({ id: datePlans.id })
      .from(datePlans)
      .where(and(eq(datePlans.status, 'accepted'), lte(datePlans.startsAt, checkInClosedBefore)))
      .orderBy(asc(datePlans.startsAt))
      .limit(PAGE)),
    ...(await ctx.db
      .select({ id: datePlans.id })
      .from(datePlans)
      .where(and(eq(datePlans.status, 'claimed'), lte(datePlans.claimedAt, claimsBefore)))
      .orderBy(asc(datePlans.claimedAt))
      .limit(PAGE)),
    ...(await ctx.db
      .select({ id: datePlans.id })
      .from(datePlans)
      .where(and(inArray(datePlans.status, ['proposed', 'accepted']), blockBetweenMembers))
      .limit(PAGE)),
  ];
  // Each pass settles what it read; a plan settled leaves both scans, so the loop ends.
  for (let ids = await due(); ids.length > 0; ids = await due()) {
    let progressed = false;
    for (const { id } of ids) {
      const done = await ctx.transact(async (work) => {
        const what = await settleOne(work, id, now, claimsBefore, checkInClosedBefore);
        if (what) await pausePoint(ctx.config, SETTLE_BEFORE_COMMIT);
        return what;
      });
      if (done) {
        outcome[done] += 1;
        progressed = true;
      }
    }
    if (!progressed) break;
  }
  return outcome;
}

async function settleOne(
  work: Work,
  id: string,
  now: Date,
  claimsBefore: Date,
  checkInClosedBefore: Date,
): Promise<keyof SettleOutcome | null> {
  const { tx } = work;
  const [plan] = await tx.select().from(datePlans).where(eq(datePlans.id, id)).for('update');
  if (!plan) return null;
  const write = async (set: Partial<PlanRow>, what: keyof SettleOutcome) => {
    const [changed] = await tx.update(datePlans).set(set).where(eq(datePlans.id, id)).returning();
    if (changed) await announceSettlement(work, changed, what);
    return what;
  };

  if (plan.status === 'proposed' || plan.status === 'accepted') {
    const [blocked] = await tx
      .select({ id: datePlans.id })
      .from(datePlans)
      .where(and(eq(datePlans.id, id), blockBetweenMembers));
    if (blocked) {
      await settleDeposits(tx, plan, { member1: 'return', member2: 'return' }, { by: null });
      return write({ status: 'cancelled', closedAt: now }, 'blocked');
    }
  }
  if (plan.status === 'accepted' && plan.startsAt.getTime() <= checkInClosedBefore.getTime()) {
    const in1 = plan.member1CheckedInAt !== null;
    const in2 = plan.member2CheckedInAt !== null;
    if (!in1 && !in2) {
      await settleDeposits(tx, plan, { member1: 'return', member2: 'return' }, { by: null });
      return write({ status: 'settled', closedAt: now }, 'lapsed');
    }
    if (in1 !== in2) {
      // The member who came has claimed by coming; the other may dispute.
      return write(
        { status: 'claimed', claimedBy: in1 ? plan.member1Id : plan.member2Id, claimedAt: now },
        'claimed',
      );
    }
    return null;
  }
  if (plan.status === 'claimed' && plan.claimedAt && plan.claimedAt.getTime() <= claimsBefore.getTime()) {
    await settleDeposits(tx, plan, settlementFrom(claimantSide(plan), 'return', 'to_other'), { by: null });
    return write({ status: 'settled', closedAt: now }, 'settled');
  }
  return null;
}
