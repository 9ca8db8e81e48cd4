import {
  type AccountUpdated,
  type AdminMemberDetail,
  type AdminMemberPatch,
  AppError,
  ErrorCode,
} from '@royal/shared';
import type { AppContext } from '../../context';
import { writeAudit } from '../../lib/audit';
import type { MemberActor } from '../../ports/auth';
import { type PlanValues, setMemberPlan } from '../billing';
import { MEMBER_NOT_FOUND_TEXT, memberDetail } from './detail';
import { lockedMemberFacts, setVerified } from './queries';

/**
 * A tier an admin grants runs this long when the member holds no plan in force: a subscription is
 * active only while it has an end date in the future (shared isSubscriptionActive), and the spec's
 * dropdown sets "active when the tier is above 0". A plan already in force keeps its own end.
 */
export const ADMIN_GRANTED_PLAN_DAYS = 30;
const DAY_MS = 86_400_000;

type Facts = NonNullable<Awaited<ReturnType<typeof lockedMemberFacts>>>;

const planOf = (f: Pick<Facts, 'tierLevel' | 'tierSubscriptionActive' | 'tierSubscriptionEndsAt'>) => ({
  tier_level: f.tierLevel,
  tier_subscription_active: f.tierSubscriptionActive,
  tier_subscription_ends_at: f.tierSubscriptionEndsAt ? f.tierSubscriptionEndsAt.toISOString() : null,
});

/** The plan the dropdown's tier sets (spec part 2 §4, "Admin tier change"). */
function planFor(tier: number, facts: Facts, now: Date): Required<Omit<PlanValues, 'isSponsored'>> {
  if (tier === 0)
    return {
      tierLevel: 0,
      tierSubscriptionActive: false,
      tierSubscriptionEndsAt: facts.tierSubscriptionEndsAt,
    };
  const inForce = facts.tierSubscriptionEndsAt !== null && facts.tierSubscriptionEndsAt > now;
  return {
    tierLevel: tier,
    tierSubscriptionActive: true,
    tierSubscriptionEndsAt: inForce
      ? facts.tierSubscriptionEndsAt
      : new Date(now.getTime() + ADMIN_GRANTED_PLAN_DAYS * DAY_MS),
  };
}

/**
 * The Users tab's tier dropdown and verify toggle: one transaction with an audit row per change
 * (before → after, from which address). Afterwards every instance forgets the member's cached actor
 * and their open tabs are told (`account.updated`, through the outbox) to read /api/me again.
 * A value that is already the member's changes nothing and records nothing.
 */
export async function updateMember(
  ctx: AppContext,
  {
    admin,
    memberId,
    patch,
    ip,
  }: { admin: MemberActor; memberId: string; patch: AdminMemberPatch; ip: string | null },
): Promise<AdminMemberDetail> {
  await ctx.transact(async (work) => {
    const facts = await lockedMemberFacts(work.tx, memberId);
    if (!facts) throw new AppError(ErrorCode.NOT_FOUND, MEMBER_NOT_FOUND_TEXT);
    const changed: AccountUpdated['fields'] = [];
    if (patch.tier_level !== undefined && patch.tier_level !== facts.tierLevel) {
      const plan = planFor(patch.tier_level, facts, new Date());
      await setMemberPlan(work, memberId, plan);
      await writeAudit(work.tx, {
        actorId: admin.id,
        action: 'member_tier_change',
        reasonCode: 'admin_set',
        targetType: 'user',
        targetId: memberId,
        data: { before: planOf(facts), after: planOf(plan) },
        ip,
      });
      changed.push('tier_level');
    }
    if (patch.verified !== undefined && patch.verified !== facts.verified) {
      await setVerified(work.tx, memberId, patch.verified);
      await writeAudit(work.tx, {
        actorId: admin.id,
        action: 'member_verified_change',
        reasonCode: 'admin_set',
        targetType: 'user',
        targetId: memberId,
        data: { before: { verified: facts.verified }, after: { verified: patch.verified } },
        ip,
      });
      changed.push('verified');
    }
    if (changed.length === 0) return;
    work.publish({ kind: 'actor.invalidate', userIds: [memberId] });
    work.publish({
      kind: 'deliver',
      userIds: [memberId],
      event: { type: 'account.updated', payload: { fields: changed } },
    });
  });
  return memberDetail(ctx, memberId);
}
