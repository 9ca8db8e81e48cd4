import {
  AppError,
  ageOn,
  BOOSTS,
  type BoostType,
  boostUnavailableReason,
  boostUselessReason,
  type CheckoutReply,
  ErrorCode,
  formatCents,
  hasPaidAccess,
  PLAN_ALREADY_HELD_TEXT,
  PLAN_BELOW_CURRENT_TEXT,
  packBlock,
  planPurchaseRefusal,
  type SubscriptionState,
  type SubscriptionStatus,
  TIERS,
  type TierLevel,
  tierAgeRefusal,
} from '@royal/shared';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { boosts, type checkouts, profiles, sponsorships, subscriptions } from '../../db/schema';
import type { Work } from '../../db/transaction';
import type { MemberActor } from '../auth';
import { notify } from '../notifications';
import { openCheckout, type PaymentEvent } from '../payments';
import { creditDeposit, type Keyed, postEntry, runIdempotent } from '../wallet';
import { lockedPlanRules, type PlanValues, setMemberPlan } from './member-plan';

const HOUR_MS = 3_600_000;

/** How long a member keeps a plan whose renewal failed, past its last paid day, while the card is retried. */
export const PAST_DUE_GRACE_MS = 3 * 24 * HOUR_MS;
/**
 * A plan that renews keeps its access this long past its paid end while the provider charges the
 * card. Stripe moves a plan on to its next period about an hour before it charges it, and only the
 * payment (subscription.renewed) moves the paid end forward: without this day every monthly renewal
 * lapsed the plan for that hour, turning Ghost Mode off and pausing the member's sponsorships. A
 * failed charge turns the plan past_due (its own grace); a plan set to end at its period's end, none.
 */
export const RENEWAL_GRACE_MS = 24 * HOUR_MS;

/** What each boost grants once paid. */
export const BOOST_GRANTS: Readonly<Record<BoostType, { quantity: number; activeForMs: number | null }>> = {
  profile_boost: { quantity: 1, activeForMs: 24 * HOUR_MS },
  super_likes: { quantity: 10, activeForMs: null },
  message_tokens: { quantity: 5, activeForMs: null },
  after_dark_pass: { quantity: 1, activeForMs: null },
};

type Checkout = typeof checkouts.$inferSelect;
type PlanPaid = Extract<PaymentEvent, { type: 'checkout.paid' }>;

// ---------------------------------------------------------------------------------------------
// Reading

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

// ---------------------------------------------------------------------------------------------
// Checkouts (plans and boosts are paid by card at the provider, never from the escrow wallet)

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
 * (the After Dark Pass, until events exist) is not sold: BOOST_UNAVAILABLE with the reason.
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

export async function openPortal(ctx: AppContext, { actor }: { actor: MemberActor }) {
  const [plan] = await ctx.db
    .select({ customerId: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, actor.id), ne(subscriptions.status, 'expired')))
    .orderBy(desc(subscriptions.updatedAt))
    .limit(1);
  if (!plan) throw new AppError(ErrorCode.NOT_FOUND, 'You have no subscription to manage');
  try {
    return await ctx.payments.createPortal({ userId: actor.id, customerId: plan.customerId });
  } catch (error) {
    ctx.log.error({ err: error }, 'payment provider refused a portal session');
    throw new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR);
  }
}

// ---------------------------------------------------------------------------------------------
// Webhook effects (the caller recorded the event id and runs them in its transaction)

/** Card money the platform earned: provider clearing to revenue. */
async function bookRevenue(work: Work, type: 'subscription' | 'boost', amountCents: number, eventId: string) {
  await postEntry(work.tx, new Map(), {
    type,
    providerEventId: eventId,
    legs: [
      { platform: 'platform_revenue', amountCents },
      { platform: 'provider_clearing', amountCents: -amountCents },
    ],
  });
}

/**
 * A paid plan checkout. Returns how many of the member's plans are now to be cancelled at the
 * provider (cancelReplacedPlans, once this commits).
 */
export async function applyPlanPaid(work: Work, checkout: Checkout, event: PlanPaid, eventId: string) {
  const tier = checkout.tierLevel as TierLevel | null;
  if (tier === null || tier < 1 || !event.subscription)
    throw new Error(`plan checkout ${checkout.id} without a tier or plan`);
  // The rule the checkout was sold under, asked again now that it is paid: a checkout opened beside
  // another may be paid after the member came to hold this plan or a higher one. The member's row
  // is locked first, so two such payments arriving together are decided one after the other.
  const holding = await lockedPlanRules(work.tx, checkout.userId);
  const held = holding
    ? planPurchaseRefusal(tier, { tier_level: holding.tier_level, active: hasPaidAccess(holding) })
    : null;
  if (held) {
    await creditRedundantPlan(work, { checkout, tier, held, event, eventId });
    return { plansToCancel: 1 };
  }
  await bookRevenue(work, 'subscription', checkout.amountCents, eventId);
  const periodEnd = new Date(event.subscription.periodEnd * 1000);
  // A new plan replaces the member's previous one (an upgrade or downgrade). A replaced plan still
  // running at the provider is marked for cancellation there (cancelReplacedPlans, after commit).
  const replaced = await work.tx
    .update(subscriptions)
    .set({ status: 'canceled', replacedAt: sql`now()` })
    .where(
      and(
        eq(subscriptions.userId, checkout.userId),
        inArray(subscriptions.status, ['active', 'past_due', 'incomplete']),
        or(
          isNull(subscriptions.providerSubscriptionId),
          ne(subscriptions.providerSubscriptionId, event.subscription.id),
        ),
      ),
    )
    .returning({ id: subscriptions.id });
  await work.tx
    .insert(subscriptions)
    .values({
      userId: checkout.userId,
      tierLevel: tier,
      status: 'active',
      provider: checkout.provider,
      providerSubscriptionId: event.subscription.id,
      providerCustomerId: event.subscription.customerId,
      currentPeriodEnd: periodEnd,
      lastEventAt: new Date(event.created * 1000),
    })
    .onConflictDoUpdate({
      target: subscriptions.providerSubscriptionId,
      set: { status: 'active', tierLevel: tier, currentPeriodEnd: periodEnd },
    });
  await setMemberPlan(work, checkout.userId, {
    tierLevel: tier,
    ...planAccess('active', periodEnd, { renews: true }),
  });
  return { plansToCancel: replaced.length };
}

/**
 * A plan paid for while the member already holds it or a higher one (decision 028). The payment is
 * credited to their escrow wallet (the provider port refunds nothing), they are told, and the plan
 * the provider opened for it is recorded as replaced from the start, so that it is cancelled there
 * once like any replaced plan and its own later events never touch the member's plan.
 */
async function creditRedundantPlan(
  work: Work,
  input: { checkout: Checkout; tier: TierLevel; held: 'current' | 'lower'; event: PlanPaid; eventId: string },
) {
  const { checkout, tier, event } = input;
  const plan = event.subscription;
  if (!plan) throw new Error(`plan checkout ${checkout.id} without a plan`);
  await creditDeposit(work, {
    userId: checkout.userId,
    amountCents: checkout.amountCents,
    checkoutId: checkout.id,
    eventId: input.eventId,
  });
  await work.tx
    .insert(subscriptions)
    .values({
      userId: checkout.userId,
      tierLevel: tier,
      status: 'canceled',
      provider: checkout.provider,
      providerSubscriptionId: plan.id,
      providerCustomerId: plan.customerId,
      currentPeriodEnd: new Date(plan.periodEnd * 1000),
      lastEventAt: new Date(event.created * 1000),
      replacedAt: sql`now()`,
    })
    .onConflictDoNothing({ target: subscriptions.providerSubscriptionId });
  const reason = input.held === 'current' ? PLAN_ALREADY_HELD_TEXT : PLAN_BELOW_CURRENT_TEXT;
  await notify(work, [
    {
      userId: checkout.userId,
      type: 'system',
      title: 'Plan payment credited to your wallet',
      message: `${reason}, so your payment of ${formatCents(checkout.amountCents)} for ${TIERS[tier].name} went to your escrow wallet.`,
      link: '/more?wallet=open',
      dedupeKey: `plan-credit:${checkout.id}`,
    },
  ]);
}

/**
 * The member's access a plan grants in `status`, paid through `paidThrough`: while it is active, to
 * that end, and a day past it while it renews (RENEWAL_GRACE_MS); with a short grace past it while
 * the provider retries a failed renewal (past_due; the provider's "unpaid" and "paused" too); none
 * once it is cancelled, expired or not yet paid.
 */
function planAccess(
  status: SubscriptionStatus,
  paidThrough: Date | null,
  { renews }: { renews: boolean },
): PlanValues {
  const after = (graceMs: number) => paidThrough && new Date(paidThrough.getTime() + graceMs);
  if (status === 'past_due')
    return { tierSubscriptionActive: true, tierSubscriptionEndsAt: after(PAST_DUE_GRACE_MS) };
  if (status === 'active' && renews)
    return { tierSubscriptionActive: true, tierSubscriptionEndsAt: after(RENEWAL_GRACE_MS) };
  return { tierSubscriptionActive: status === 'active', tierSubscriptionEndsAt: paidThrough };
}

export async function applySubscriptionRenewed(
  work: Work,
  event: Extract<PaymentEvent, { type: 'subscription.renewed' }>,
  eventId: string,
) {
  const [plan] = await work.tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, event.subscriptionId))
    .for('update');
  if (!plan) throw new Error(`renewal of an unknown plan ${event.subscriptionId}`);
  // What the provider took is booked whatever becomes of the plan (a renewal a coupon paid took nothing).
  if (event.amountCents > 0) await bookRevenue(work, 'subscription', event.amountCents, eventId);
  // The provider charged a plan a newer one replaced (its cancellation had not reached the provider):
  // the money is booked, the member's current plan stays, and the caller flags it for admins.
  if (plan.replacedAt) return 'replaced' as const;
  // Events arrive in any order (Stripe's invoice.paid among its plan updates). A renewal newer than
  // the plan's last applied event makes it active; an older one leaves the plan's state to that
  // later event (a cancellation above all) and only adds the period it paid for.
  const created = new Date(event.created * 1000);
  const newer = !plan.lastEventAt || created >= plan.lastEventAt;
  // A plan the provider ended stays ended; if it charged it after saying so, an admin looks (the caller).
  if (plan.status === 'canceled') return newer ? ('canceled' as const) : ('stale' as const);
  // 'expired' is the lapse job's word (no payment seen by the paid end), not the provider's: a
  // payment answers it whatever its time.
  const status = newer || plan.status === 'expired' ? 'active' : plan.status;
  const paidThrough = new Date(Math.max(event.periodEnd * 1000, plan.currentPeriodEnd?.getTime() ?? 0));
  await work.tx
    .update(subscriptions)
    .set({ status, currentPeriodEnd: paidThrough, lastEventAt: newer ? created : plan.lastEventAt })
    .where(eq(subscriptions.id, plan.id));
  await setMemberPlan(work, plan.userId, {
    tierLevel: plan.tierLevel,
    ...planAccess(status, paidThrough, { renews: !plan.cancelAtPeriodEnd }),
  });
  return newer ? ('renewed' as const) : ('stale' as const);
}

export async function applySubscriptionUpdated(
  work: Work,
  event: Extract<PaymentEvent, { type: 'subscription.updated' }>,
) {
  const [plan] = await work.tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, event.subscriptionId))
    .for('update');
  if (!plan) return;
  const created = new Date(event.created * 1000);
  // Events arrive in any order: an older state never overwrites a newer one.
  if (plan.lastEventAt && created < plan.lastEventAt) return;
  // The plan stays paid through the end of the last period paid for: an update may bring that end
  // earlier, never later. Stripe moves a plan on to its next period (still "active") about an hour
  // before it charges the card, and a plan whose renewal failed (past_due) has moved on to a period
  // nobody paid for. Only a payment (the plan's checkout, subscription.renewed) moves the end
  // forward, so a card that keeps failing lapses once past_due's grace is over (planAccess).
  const periodEnd = earlierOf(
    plan.currentPeriodEnd,
    event.periodEnd === null ? null : event.periodEnd * 1000,
  );
  await work.tx
    .update(subscriptions)
    .set({
      status: event.status,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: event.cancelAtPeriodEnd,
      lastEventAt: created,
    })
    .where(eq(subscriptions.id, plan.id));
  // A replaced plan's own events (its cancellation, above all) never touch the member's current plan.
  if (plan.replacedAt) return;
  await setMemberPlan(
    work,
    plan.userId,
    planAccess(event.status, periodEnd, { renews: !event.cancelAtPeriodEnd }),
  );
}

/** The earlier of a stored end and a provider's (ms); either may be missing. */
function earlierOf(stored: Date | null, providerMs: number | null): Date | null {
  if (providerMs === null) return stored;
  return stored && stored.getTime() <= providerMs ? stored : new Date(providerMs);
}

const CANCEL_CLAIM_MS = 5 * 60_000;

/**
 * Cancels at the provider, once each, the plans a newer plan replaced while they were still running.
 * Runs after the webhook that applied the new plan has committed (for that member), and as a job for
 * any left over (a crash, a provider outage). A plan is claimed first (a claim older than five
 * minutes is taken to be lost), then cancelled with the provider's idempotency, then marked done; a
 * refusal releases the claim for the next run. Returns how many were cancelled.
 */
export async function cancelReplacedPlans(
  ctx: AppContext,
  { userId, now = new Date() }: { userId?: string; now?: Date } = {},
): Promise<number> {
  const claimed = await ctx.db
    .update(subscriptions)
    .set({ providerCancelClaimedAt: now })
    .where(
      and(
        isNotNull(subscriptions.replacedAt),
        isNull(subscriptions.providerCanceledAt),
        isNotNull(subscriptions.providerSubscriptionId),
        eq(subscriptions.provider, ctx.payments.name),
        userId ? eq(subscriptions.userId, userId) : undefined,
        or(
          isNull(subscriptions.providerCancelClaimedAt),
          lt(subscriptions.providerCancelClaimedAt, new Date(now.getTime() - CANCEL_CLAIM_MS)),
        ),
      ),
    )
    .returning({ id: subscriptions.id, providerSubscriptionId: subscriptions.providerSubscriptionId });
  let cancelled = 0;
  for (const plan of claimed) {
    try {
      await ctx.payments.cancelSubscription({ subscriptionId: plan.providerSubscriptionId as string });
      await ctx.db
        .update(subscriptions)
        .set({ providerCanceledAt: new Date() })
        .where(eq(subscriptions.id, plan.id));
      cancelled += 1;
    } catch (error) {
      ctx.log.error({ err: error, planId: plan.id }, 'payment provider refused to cancel a replaced plan');
      await ctx.db
        .update(subscriptions)
        .set({ providerCancelClaimedAt: null })
        .where(eq(subscriptions.id, plan.id));
    }
  }
  return cancelled;
}

/** The job: plans whose paid period has ended without a renewal lapse, and the member's flag with them. */
export async function lapseEndedSubscriptions(ctx: AppContext, now = new Date()) {
  return ctx.transact(async (work) => {
    // A plan set to end ends at its period's end; one that renews keeps a day past it while the
    // provider charges the card, and one whose renewal failed keeps its grace (as the member's
    // access does, planAccess), so the card can still be fixed at the portal.
    const expired = await work.tx
      .update(subscriptions)
      .set({ status: 'expired' })
      .where(
        or(
          and(
            eq(subscriptions.status, 'active'),
            eq(subscriptions.cancelAtPeriodEnd, true),
            lte(subscriptions.currentPeriodEnd, now),
          ),
          and(
            eq(subscriptions.status, 'active'),
            eq(subscriptions.cancelAtPeriodEnd, false),
            lte(subscriptions.currentPeriodEnd, new Date(now.getTime() - RENEWAL_GRACE_MS)),
          ),
          and(
            eq(subscriptions.status, 'past_due'),
            lte(subscriptions.currentPeriodEnd, new Date(now.getTime() - PAST_DUE_GRACE_MS)),
          ),
        ),
      )
      .returning({ userId: subscriptions.userId });
    // The member's access ends at its own end date, whatever became of the plan row (it expired
    // earlier, or there never was one): profiles_paid_until_idx finds them.
    const lapsed = await setMemberPlan(
      work,
      and(eq(profiles.tierSubscriptionActive, true), lte(profiles.tierSubscriptionEndsAt, now)) as SQL,
      { tierSubscriptionActive: false },
    );
    return new Set([...expired.map((row) => row.userId), ...lapsed]).size;
  });
}

/**
 * When a timed boost (Profile Boost) bought now ends: its time runs on from the end of the member's
 * boost of that kind still running, if any, so a second one bought early adds its full 24 hours
 * instead of overlapping the first. The member's profile row is locked first, so two payments
 * arriving together queue one after the other.
 */
async function timedBoostEnd(work: Work, userId: string, type: BoostType, activeForMs: number) {
  await work.tx.execute(sql`select 1 from ${profiles} where ${profiles.userId} = ${userId} for update`);
  const [running] = await work.tx
    .select({ until: sql<Date | null>`max(${boosts.activeUntil})`.mapWith(boosts.activeUntil) })
    .from(boosts)
    .where(and(eq(boosts.userId, userId), eq(boosts.boostType, type), gt(boosts.activeUntil, sql`now()`)));
  const from = Math.max(Date.now(), running?.until?.getTime() ?? 0);
  return new Date(from + activeForMs);
}

export async function applyBoostPaid(work: Work, checkout: Checkout, eventId: string) {
  const type = checkout.boostType;
  if (!type) throw new Error(`boost checkout ${checkout.id} without a type`);
  await bookRevenue(work, 'boost', checkout.amountCents, eventId);
  const grant = BOOST_GRANTS[type];
  await work.tx
    .insert(boosts)
    .values({
      userId: checkout.userId,
      boostType: type,
      quantity: grant.quantity,
      remaining: grant.quantity,
      activeUntil:
        grant.activeForMs === null
          ? null
          : await timedBoostEnd(work, checkout.userId, type, grant.activeForMs),
      providerPaymentId: checkout.id,
    })
    .onConflictDoNothing();
  // The feed asks the database about boosts only while one is live (discovery/live-boosts.ts).
  if (type === 'profile_boost') work.publish({ kind: 'boosts.changed' });
}
