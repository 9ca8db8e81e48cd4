import type { BoostType } from '@royal/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import { boosts, type checkouts, profiles } from '../../db/schema';
import type { Work } from '../../db/transaction';
import { bookRevenue } from './book-revenue';

// A boost checkout the provider says is paid: a webhook effect (the caller recorded the event id and
// runs it in its transaction). The boost is granted once per checkout.

const HOUR_MS = 3_600_000;

type Checkout = typeof checkouts.$inferSelect;

/** What each boost grants once paid. */
export const BOOST_GRANTS: Readonly<Record<BoostType, { quantity: number; activeForMs: number | null }>> = {
  profile_boost: { quantity: 1, activeForMs: 24 * HOUR_MS },
  super_likes: { quantity: 10, activeForMs: null },
  message_tokens: { quantity: 5, activeForMs: null },
  after_dark_pass: { quantity: 1, activeForMs: null },
};

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
