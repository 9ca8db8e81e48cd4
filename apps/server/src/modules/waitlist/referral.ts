import { REFERRAL_USES_PER_MONTH, type Referral } from '@royal/shared';
import { and, count, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { profiles } from '../../db/schema';
import type { MemberActor } from '../auth';
import { newReferralCode } from './codes';
import { inviteLink } from './decide';

/** The first instant of this calendar month, UTC (the referral count starts over then). */
export const monthStart = sql`date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`;

/** Sign-ups this month that came with the member's referral code (profiles_invited_by_idx). */
export async function referralsThisMonth(tx: Db, inviterId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(profiles)
    .where(
      and(
        eq(profiles.invitedBy, inviterId),
        isNotNull(profiles.invitedBy),
        gte(profiles.createdAt, monthStart),
      ),
    );
  return row?.n ?? 0;
}

/** The member's referral code, made on first ask (a fresh random one if two asks race). */
async function ownCode(ctx: AppContext, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await ctx.db
      .select({ code: profiles.inviteCode })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    if (row?.code) return row.code;
    try {
      const [made] = await ctx.db
        .update(profiles)
        .set({ inviteCode: newReferralCode() })
        .where(and(eq(profiles.userId, userId), isNull(profiles.inviteCode)))
        .returning({ code: profiles.inviteCode });
      if (made?.code) return made.code;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('could not make a referral code');
}

/** GET /api/me/referral: the member's code, its uses left this month and the link to share. */
export async function myReferral(ctx: AppContext, actor: MemberActor): Promise<Referral> {
  const code = await ownCode(ctx, actor.id);
  const used = await referralsThisMonth(ctx.db, actor.id);
  return {
    code,
    uses_left: Math.max(0, REFERRAL_USES_PER_MONTH - used),
    uses_per_month: REFERRAL_USES_PER_MONTH,
    share_url: inviteLink(ctx, code),
  };
}
