import { describe, expect, it } from 'vitest';
import {
  isTierLevel,
  MIN_AGE_BY_TIER,
  TIER_LEVELS,
  TIERS,
  tierName,
  tierSchema,
  tierShortName,
} from './tiers';

describe('tier table', () => {
  it('matches the spec for every level', () => {
    expect(TIER_LEVELS.map((l) => [tierName(l), tierShortName(l), TIERS[l].monthlyPriceCents])).toEqual([
      ['Observer', 'Observer', 0],
      ['Basic Access', 'Basic', 1599],
      ['Verified Viber', 'Viber', 2499],
      ['Chemistry Tier', 'Chemistry', 15999],
      ['Vault Verified', 'Vault', 34999],
    ]);
    // No short name may read as the verified mark (a separate, per-member fact).
    expect(TIER_LEVELS.map(tierShortName)).not.toContain('Verified');
    expect(TIER_LEVELS.map((l) => [TIERS[l].minEscrowCents, TIERS[l].maxEscrowCents])).toEqual([
      [0, 0],
      [10000, 25000],
      [25000, 75000],
      [50000, 150000],
      [100000, null],
    ]);
    for (const l of TIER_LEVELS) expect(TIERS[l].level).toBe(l);
    expect(TIERS[0].features).toEqual(['Browse only', 'No swiping', 'No matches']);
    expect(TIERS[4].features).toEqual(['Ghost mode', 'Sponsor others', 'Custom packages', 'VIP events']);
  });

  it('requires 18+ for tier 0 and 21+ for every paid tier', () => {
    expect(TIER_LEVELS.map((l) => MIN_AGE_BY_TIER[l])).toEqual([18, 21, 21, 21, 21]);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(TIERS)).toBe(true);
  });
});

describe('isTierLevel and tierSchema', () => {
  it.each<[unknown, boolean]>([
    [-1, false],
    [0, true],
    [4, true],
    [5, false],
    [1.5, false],
    ['1', false],
    [null, false],
    [Number.NaN, false],
  ])('%j → %s', (value, expected) => {
    expect(isTierLevel(value)).toBe(expected);
    expect(tierSchema.safeParse(value).success).toBe(expected);
  });
});
