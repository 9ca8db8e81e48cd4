import { hasPaidAccess, type SubscriptionState } from '@royal/shared';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { boosts, profiles, sponsorships, subscriptions } from '../../db/schema';
import type { MemberActor } from '../auth';

// What GET /api/subscription shows the member: their plan, who sponsors them, the boosts they own.

export async function getSubscriptionState(
  ctx: AppContext,
  { actor }: { actor: MemberActor },
): Promise<SubscriptionState> {
  const [plan] = await ctx.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, actor.id))
    .orderBy(desc(subscriptions.updatedAt))
    .limit(1);
  const [sponsor] = await ctx.db
    .select({ id: sponsorships.sponsorId, name: profiles.name, until: sponsorships.paidUntil })
    .from(sponsorships)
    .innerJoin(profiles, eq(profiles.userId, sponsorships.sponsorId))
    // A paused sponsorship (its sponsor's plan lapsed) gives no access until that plan is back.
    .where(
      and(
        eq(sponsorships.sponsoredId, actor.id),
        isNull(sponsorships.revokedAt),
        isNull(sponsorships.suspendedAt),
      ),
    );
  const owned = await ctx.db
    .select({ boostType: boosts.boostType, remaining: boosts.remaining, activeUntil: boosts.activeUntil })
    .from(boosts)
    .where(
      and(
        eq(boosts.userId, actor.id),
        gt(boosts.remaining, 0),
        or(isNull(boosts.activeUntil), gt(boosts.activeUntil, sql`now()`)),
      ),
    );
  return {
    tier_level: actor.tier,
    active: hasPaidAccess(actor.rules),
    // An active plan's own paid end (its access lasts a renewal's grace past it: planAccess);
    // otherwise the access's end (past_due's grace included, or a sponsorship's).
    ends_at:
      plan?.status === 'active' && plan.currentPeriodEnd
        ? plan.currentPeriodEnd.toISOString()
        : actor.rules.tier_subscription_ends_at,
    status: plan?.status ?? null,
    cancel_at_period_end: plan?.cancelAtPeriodEnd ?? false,
    manageable: plan?.providerSubscriptionId != null && plan.status !== 'expired',
    sponsored_by: sponsor ? { ...sponsor, until: sponsor.until.toISOString() } : null,
    boosts: owned.map((b) => ({
      boost_type: b.boostType,
      remaining: b.remaining,
      active_until: b.activeUntil?.toISOString() ?? null,
    })),
  };
}
