import { AppError, ErrorCode } from '@royal/shared';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { datePlans, profiles } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import { matchFor } from '../messaging';
import { DATE_PLAN_NOT_FOUND_TEXT, type PlanRow, type Side, sideOf } from './plan-row';

export type LockedPlan = {
  plan: PlanRow;
  side: Side;
  otherId: string;
  otherName: string;
  otherTier: number;
  /** Whether the chat is still open (new terms need it; cancelling and checking in do not). */
  matchOpen: boolean;
};

/** The other member of a plan, from the actor's side, as SQL (for the name on the card). */
const otherOf = (actorId: string) =>
  sql`case when ${datePlans.member1Id} = ${actorId}::uuid then ${datePlans.member2Id} else ${datePlans.member1Id} end`;

/**
 * One of the actor's plans, locked for the rest of the transaction (every verb changes it, and two
 * taps of the same button must not both act), with the actor's side and the other member's name and
 * tier. A plan of someone else's, or across a block between the two, is 404 like one that does not
 * exist.
 */
export async function lockPlan(tx: Db, actor: MemberActor, planId: string): Promise<LockedPlan> {
  return findPlan(tx, actor, planId, { lock: true });
}

/** As lockPlan, for reading: no lock. */
export async function findPlan(
  db: Db,
  actor: MemberActor,
  planId: string,
  { lock }: { lock: boolean } = { lock: false },
): Promise<LockedPlan> {
  const query = db
    .select({ plan: datePlans, otherName: profiles.name })
    .from(datePlans)
    .leftJoin(profiles, eq(profiles.userId, otherOf(actor.id)))
    .where(
      and(eq(datePlans.id, planId), or(eq(datePlans.member1Id, actor.id), eq(datePlans.member2Id, actor.id))),
    );
  const [found] = lock ? await query.for('update', { of: datePlans }) : await query;
  if (!found) throw new AppError(ErrorCode.NOT_FOUND, DATE_PLAN_NOT_FOUND_TEXT);
  const match = await matchFor({ tx: db }, actor, found.plan.matchId);
  return {
    plan: found.plan,
    side: sideOf(found.plan, actor.id),
    otherId: match.otherId,
    otherName: found.otherName ?? '',
    otherTier: match.otherTier,
    matchOpen: match.open,
  };
}

/** A member's name as their profile has it ('' when the profile is gone). */
export async function memberName(tx: Db, userId: string): Promise<string> {
  const [row] = await tx.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, userId));
  return row?.name ?? '';
}
