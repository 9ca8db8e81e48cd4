import { AppError, type DatePlan, type DatePlanTerms, ErrorCode, MATCH_EXPIRED_TEXT } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { datePlans, matches, openPlanStatus } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import { matchFor } from '../messaging';
import { announcePlanChange } from './announce';
import { memberName } from './find-plan';
import { presentDatePlan } from './presenter';
import { termsColumns } from './terms';

export const OPEN_PLAN_TEXT = 'This chat already has a date plan. Answer or cancel it first.';

/**
 * Proposes a date in one of the actor's open matches. No money moves yet: deposits are held when
 * the other member accepts. A chat has at most one open plan; a second proposal, even one sent at
 * the same moment, is refused by the one-open-plan index (409).
 */
export async function proposeDatePlan(
  ctx: AppContext,
  {
    actor,
    matchId,
    terms,
    now = new Date(),
  }: {
    actor: MemberActor;
    matchId: string;
    terms: DatePlanTerms;
    now?: Date;
  },
): Promise<DatePlan> {
  return ctx.transact(async (work) => {
    const { tx } = work;
    const match = await matchFor({ tx }, actor, matchId);
    if (!match.open) throw new AppError(ErrorCode.MATCH_EXPIRED, MATCH_EXPIRED_TEXT);
    const [pair] = await tx
      .select({ member1Id: matches.user1Id, member2Id: matches.user2Id })
      .from(matches)
      .where(eq(matches.id, match.id));
    if (!pair) throw new AppError(ErrorCode.MATCH_EXPIRED, MATCH_EXPIRED_TEXT);
    const side = pair.member1Id === actor.id ? 'member1' : 'member2';
    const columns = await termsColumns(tx, { actor, side, otherTier: match.otherTier, terms, now });
    const [plan] = await tx
      .insert(datePlans)
      .values({ matchId: match.id, ...pair, ...columns })
      .onConflictDoNothing({
        target: datePlans.matchId,
        where: openPlanStatus(datePlans.status),
      })
      .returning();
    if (!plan) throw new AppError(ErrorCode.CONFLICT, OPEN_PLAN_TEXT);
    await announcePlanChange(work, plan, 'proposed', { actor, otherId: match.otherId });
    return presentDatePlan(plan, actor.id, { otherName: await memberName(tx, match.otherId), now });
  });
}
