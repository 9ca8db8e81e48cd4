import { z } from 'zod';

export const TIER_LEVELS = [0, 1, 2, 3, 4] as const;
export type TierLevel = (typeof TIER_LEVELS)[number];

export type TierDefinition = {
  level: TierLevel;
  /** Full plan name from the tier table; the one shown on plan cards. */
  name: string;
  /** For badges and other tight spaces. */
  shortName: string;
  monthlyPriceCents: number;
  minEscrowCents: number;
  /** null means the escrow range has no upper bound ("Unlimited"). */
  maxEscrowCents: number | null;
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
    features: ['Browse only', 'No swiping', 'No matches'],
  },
  1: {
    level: 1,
    name: 'Basic Access',
    shortName: 'Basic',
    monthlyPriceCents: 1599,
    minEscrowCents: 10000,
    maxEscrowCents: 25000,
    features: ['Full swipe access', 'Basic matches', 'Limited filters'],
  },
  2: {
    level: 2,
    name: 'Verified Viber',
    // Not 'Verified': that word is the blue verified mark, a separate fact (docs/decisions/006).
    shortName: 'Viber',
    monthlyPriceCents: 2499,
    minEscrowCents: 25000,
    maxEscrowCents: 75000,
    features: ['Vibe confirmations', 'Same-day matches', 'Time-slot swiping'],
  },
  3: {
    level: 3,
    name: 'Chemistry Tier',
    shortName: 'Chemistry',
    monthlyPriceCents: 15999,
    minEscrowCents: 50000,
    maxEscrowCents: 150000,
    features: ['Premium venues', 'Flash dates', 'Vibe bonuses', 'Party invites'],
  },
  4: {
    level: 4,
    name: 'Vault Verified',
    shortName: 'Vault',
    monthlyPriceCents: 34999,
    minEscrowCents: 100000,
    maxEscrowCents: null,
    features: ['Ghost mode', 'Sponsor others', 'Custom packages', 'VIP events'],
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

/** The subscription page flags tier 2 as popular; the More menu highlights tier 3 as "Most Popular". */
export const SUBSCRIPTION_POPULAR_TIER: TierLevel = 2;
export const MENU_MOST_POPULAR_TIER: TierLevel = 3;

export function isTierLevel(n: unknown): n is TierLevel {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 4;
}

export function tierName(level: TierLevel): string {
  return TIERS[level].name;
}

export function tierShortName(level: TierLevel): string {
  return TIERS[level].shortName;
}

// A literal union rather than z.int().min(0).max(4) so the parsed type is TierLevel, not number;
// the JSON schema is still an integer enum 0..4. Query strings need z.coerce.number().pipe(tierSchema).
export const tierSchema = z.literal(TIER_LEVELS).describe('Access tier, 0 (Observer) to 4 (Vault Verified)');
