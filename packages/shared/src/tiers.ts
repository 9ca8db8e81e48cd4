import { z } from 'zod';

export const TIER_LEVELS = [0, 1, 2, 3, 4] as const;
export type TierLevel = (typeof TIER_LEVELS)[number];

export type TierDefinition = {
  level: TierLevel;
  /** Full plan name from the tier table; the one shown on plan cards. */
  name: string;
  /** For badges and other tight spaces: a word of the plan's own name, never one of our making. */
  shortName: string;
  monthlyPriceCents: number;
  minEscrowCents: number;
  /** null means the escrow range has no upper bound ("Unlimited"). */
  maxEscrowCents: number | null;
  /**
   * What a member gets on this plan, in plain words: only what the product does, never what the plan
   * lacks (docs/decisions/038).
   */
  features: readonly string[];
};

export const TIERS: Readonly<Record<TierLevel, TierDefinition>> = Object.freeze({
  0: {
    level: 0,
    name: 'Observer',
    shortName: 'Observer',
    monthlyPriceCents: 0,
    minEscrowCents: 0,
    maxEscrowCents: 0,
    features: ['Browse and search profiles', 'See who viewed and liked you'],
  },
  1: {
    level: 1,
    name: 'Basic Access',
    shortName: 'Basic',
    monthlyPriceCents: 1599,
    minEscrowCents: 10000,
    maxEscrowCents: 25000,
    features: [
      'Full swipe access: like, pass and super like',
      'Matches and chat once your ID is verified',
      'Escrow wallet for deposits and transfers',
    ],
  },
  2: {
    level: 2,
    name: 'Verified Viber',
    // The whole name: 'Verified' alone is the verified mark, a separate fact (docs/decisions/006), and
    // 'Viber' alone reads as a messaging app (docs/decisions/038).
    shortName: 'Verified Viber',
    monthlyPriceCents: 2499,
    minEscrowCents: 25000,
    maxEscrowCents: 75000,
    features: [
      'Everything in Basic Access',
      'Chat with your matches without verifying first',
      'See members up to Verified Viber',
    ],
  },
  3: {
    level: 3,
    name: 'Chemistry Tier',
    shortName: 'Chemistry',
    monthlyPriceCents: 15999,
    minEscrowCents: 50000,
    maxEscrowCents: 150000,
    features: [
      'Everything in Verified Viber',
      'See members up to Chemistry Tier',
      'Events at premium venues and party invites',
    ],
  },
  4: {
    level: 4,
    name: 'Vault Verified',
    shortName: 'Vault',
    monthlyPriceCents: 34999,
    minEscrowCents: 100000,
    maxEscrowCents: null,
    features: [
      'Everything in Chemistry Tier',
      'See every member',
      'Ghost mode: browse without being seen',
      'Sponsor another member’s plan',
      'VIP events',
    ],
  },
});

/** Tier 0 is open to adults; every paid tier requires 21+ (terms of service). */
export const MIN_AGE_BY_TIER: Readonly<Record<TierLevel, number>> = Object.freeze({
  0: 18,
  1: 21,
  2: 21,
  3: 21,
  4: 21,
});

/**
 * The one plan marked "Most Popular", on /subscription and in More → Tier Management alike (the spec
 * flags tier 2 on one page and tier 3 on the other; docs/decisions/038).
 */
export const MOST_POPULAR_TIER: TierLevel = 2;
export const MOST_POPULAR_LABEL = 'Most Popular';

export function isTierLevel(n: unknown): n is TierLevel {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 4;
}

export function tierName(level: TierLevel): string {
  return TIERS[level].name;
}

export function tierShortName(level: TierLevel): string {
  return TIERS[level].shortName;
}

/** A tier where the spec shows its number, with the name a member knows it by: 'Tier 1 · Basic Access'. */
export function tierLabel(level: TierLevel): string {
  return `Tier ${level} · ${TIERS[level].name}`;
}

/** The title of a locked teaser card: 'Exclusive Chemistry Tier Member'. */
export function exclusiveMemberTitle(level: TierLevel): string {
  return `Exclusive ${TIERS[level].name} Member`;
}

/**
 * The step up to a tier in plan names, not numbers: 'Upgrade to Basic Access or higher', and for the
 * top plan 'Upgrade to Vault Verified'.
 */
export function upgradeToText(level: TierLevel): string {
  return level === 4 ? `Upgrade to ${TIERS[4].name}` : `Upgrade to ${TIERS[level].name} or higher`;
}

// A literal union rather than z.int().min(0).max(4) so the parsed type is TierLevel, not number;
// the JSON schema is still an integer enum 0..4. Query strings need z.coerce.number().pipe(tierSchema).
export const tierSchema = z.literal(TIER_LEVELS).describe('Access tier, 0 (Observer) to 4 (Vault Verified)');
