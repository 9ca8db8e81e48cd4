import { formatCents } from './format';
import { TIERS, type TierLevel } from './tiers';

// Sponsorship (decision 029): a Vault Verified member pays, from their escrow wallet, for another
// member's plan for a fixed period. These numbers and texts are the rule both sides show and enforce.

const DAY_MS = 86_400_000;

/** One paid sponsorship lasts this long. */
export const SPONSORSHIP_PERIOD_DAYS = 30;
export const SPONSORSHIP_PERIOD_MS = SPONSORSHIP_PERIOD_DAYS * DAY_MS;

/**
 * Why a sponsorship ended: the sponsor ended it, its paid period ran out, the sponsor's own Vault
 * Verified plan ended (lapsed, cancelled, or replaced by a lower one), or the sponsored member's own
 * plan came into force (a sponsorship pays only for a member without one: decision 029).
 */
export const SPONSORSHIP_END_REASONS = ['revoked', 'expired', 'sponsor_plan_ended', 'own_plan'] as const;
export type SponsorshipEndReason = (typeof SPONSORSHIP_END_REASONS)[number];

/**
 * While the sponsor's plan is not in force (lapsed, cancelled, replaced by a lower one) the members
 * they sponsor have no access from it; if it is not back within this many hours, the sponsorships
 * end. A Stripe renewal is charged about an hour after the period ends (decision 028): the plan
 * lapses for that hour, and the sponsorships it pays for must not end with it.
 */
export const SPONSORSHIP_RENEWAL_GRACE_HOURS = 24;
export const SPONSORSHIP_RENEWAL_GRACE_MS = SPONSORSHIP_RENEWAL_GRACE_HOURS * 3_600_000;

/** How many members one sponsor may sponsor at the same time. */
export const SPONSORSHIP_LIMIT = 3;

/**
 * What one period costs: the sponsored member's own monthly plan. null for an Observer, whose free
 * tier has no plan to pay for.
 */
export function sponsorshipPriceCents(tier: TierLevel): number | null {
  return tier === 0 ? null : TIERS[tier].monthlyPriceCents;
}

/**
 * What goes back to the sponsor when a sponsorship ends before its paid period does: the unused
 * share of the price, rounded down to the cent. The price bought SPONSORSHIP_PERIOD_MS of access, to
 * `paidUntil`, which each pause of the sponsorship moved later by its length (decision 029): what is
 * left is the time from the end (or from a pause still running) to `paidUntil`. Nothing once the
 * period is over.
 */
export function sponsorshipRefundCents(paid: { priceCents: number; paidUntil: Date }, endedAt: Date): number {
  const unused = Math.min(paid.paidUntil.getTime() - endedAt.getTime(), SPONSORSHIP_PERIOD_MS);
  if (unused <= 0 || paid.priceCents <= 0) return 0;
  return Math.floor((paid.priceCents * unused) / SPONSORSHIP_PERIOD_MS);
}

export const SPONSORING_DISABLED_TEXT = 'Sponsoring is not enabled for your account';
export const SPONSOR_SELF_TEXT = 'You cannot sponsor yourself';
export const SPONSOR_OBSERVER_TEXT = 'Observers have no paid plan to sponsor';
export const ALREADY_SPONSORED_TEXT = 'This member is already sponsored';
export const SPONSORED_MEMBER_HAS_PLAN_TEXT =
  'This member already has an active plan of their own. You can sponsor them once it ends.';
export const SPONSORSHIP_NOT_FOUND_TEXT = 'Sponsorship not found';
export const SPONSORSHIP_FUNDS_TEXT =
  'Your wallet balance is too low for this sponsorship. Add money to your Escrow Wallet first.';

/** The member's plan costs something else now than the price they agreed to (their tier changed). */
export function sponsorshipPriceChangedMessage(priceCents: number): string {
  return `This member's plan now costs ${formatCents(priceCents)} for ${SPONSORSHIP_PERIOD_DAYS} days. Please check and try again.`;
}
