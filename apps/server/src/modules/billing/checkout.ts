import {
  AppError,
  ageOn,
  BOOSTS,
  type BoostType,
  boostUnavailableReason,
  boostUselessReason,
  type CheckoutReply,
  ErrorCode,
  hasPaidAccess,
  PLAN_ALREADY_HELD_TEXT,
  PLAN_BELOW_CURRENT_TEXT,
  packBlock,
  planPurchaseRefusal,
  TIERS,
  type TierLevel,
  tierAgeRefusal,
} from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { profiles } from '../../db/schema';
import { openCheckout } from '../payments';
import { type Keyed, runIdempotent } from '../wallet';

// Checkouts: plans and boosts are paid by card at the provider, never from the escrow wallet. The
// provider's "paid" event applies them (plan-paid.ts, boost-paid.ts).

/** Subscribe to a tier: a checkout URL, once per Idempotency-Key. */
export function requestPlanCheckout(
  ctx: AppContext,
  { actor, key, input }: Keyed<{ tier_level: TierLevel }>,
) {
  return runIdempotent(
    ctx,
    { userId: actor.id, key, request: { operation: 'subscription', input } },
    async ({ tx }): Promise<CheckoutReply> => {
      const tier = input.tier_level;
      if (tier === 0) throw new AppError(ErrorCode.VALIDATION_FAILED, 'The Observer tier is free');
      // The same plan again, or a lower one, while the member's access lasts would charge them for
      // time they hold already (and a lower plan would end the higher one at once).
      const held = planPurchaseRefusal(tier, { tier_level: actor.tier, active: hasPaidAccess(actor.rules) });
      if (held) {
        throw new AppError(
          ErrorCode.CONFLICT,
          held === 'current' ? PLAN_ALREADY_HELD_TEXT : PLAN_BELOW_CURRENT_TEXT,
        );
      }
      // The terms' minimum age for the tier (21 above Observer), checked where a plan is sold: an
      // 18-year-old Observer may not buy their way past it. The age is today's, from the date of
      // birth (the stored age is brought up to date once a day).
      const [member] = await tx
        .select({ age: profiles.age, birthDate: profiles.birthDate, onboardedAt: profiles.onboardedAt })
        .from(profiles)
        .where(eq(profiles.userId, actor.id));
      const ageToday = member?.birthDate ? ageOn(member.birthDate, new Date()) : member?.age;
      const tooYoung = tierAgeRefusal(tier, member?.onboardedAt && ageToday !== undefined ? ageToday : null);
      if (tooYoung) throw new AppError(ErrorCode.FORBIDDEN, tooYoung);
      return openCheckout(ctx, tx, {
        userId: actor.id,
        email: actor.email,
        purpose: 'subscription',
        amountCents: TIERS[tier].monthlyPriceCents,
        description: `${TIERS[tier].name} — monthly plan`,
        tierLevel: tier,
      });
    },
  );
}

/**
 * Buy a one-time boost: a checkout URL, once per Idempotency-Key. A boost that cannot be used yet
 * (shared BOOST_UNAVAILABLE_REASONS, none today) is not sold: BOOST_UNAVAILABLE with the reason.
 */
export function requestBoostCheckout(
  ctx: AppContext,
  { actor, key, input }: Keyed<{ boost_type: BoostType }>,
) {
  return runIdempotent(
    ctx,
    { userId: actor.id, key, request: { operation: 'boost', input } },
    async ({ tx }): Promise<CheckoutReply> => {
      const type = input.boost_type;
      const unavailable = boostUnavailableReason(type);
      if (unavailable) throw new AppError(ErrorCode.BOOST_UNAVAILABLE, unavailable);
      const block = packBlock(type, actor.rules);
      if (block) throw new AppError(ErrorCode[block.code], block.message);
      const [member] = await tx
        .select({ ghostMode: profiles.ghostMode, profileVisibility: profiles.profileVisibility })
        .from(profiles)
        .where(eq(profiles.userId, actor.id));
      const useless = member ? boostUselessReason(type, member) : null;
      if (useless) throw new AppError(ErrorCode.BOOST_UNAVAILABLE, useless);
      return openCheckout(ctx, tx, {
        userId: actor.id,
        email: actor.email,
        purpose: 'boost',
        amountCents: BOOSTS[type].priceCents,
        description: `${BOOSTS[type].name} — ${BOOSTS[type].description}`,
        boostType: type,
      });
    },
  );
}
