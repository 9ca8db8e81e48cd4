import { describe, expect, it } from 'vitest';
import {
  exclusiveMemberTitle,
  isTierLevel,
  MIN_AGE_BY_TIER,
  TIER_LEVELS,
  TIERS,
  tierLabel,
  tierName,
  tierSchema,
  tierShortName,
  upgradeToText,
} from './tiers';

describe('tier table', () => {
  it('matches the spec for every level', () => {
    expect(TIER_LEVELS.map((l) => [tierName(l), tierShortName(l), TIERS[l].monthlyPriceCents])).toEqual([
      ['Observer', 'Observer', 0],
      ['Basic Access', 'Basic', 1599],
      ['Verified Viber', 'Verified Viber', 2499],
      ['Chemistry Tier', 'Chemistry', 15999],
      ['Vault Verified', 'Vault', 34999],
    ]);
    // No short name may read as the verified mark (a separate, per-member fact), nor as a messaging app.
    expect(TIER_LEVELS.map(tierShortName)).not.toContain('Verified');
    expect(TIER_LEVELS.map(tierShortName)).not.toContain('Viber');
    expect(TIER_LEVELS.map((l) => [TIERS[l].minEscrowCents, TIERS[l].maxEscrowCents])).toEqual([
      [0, 0],
      [10000, 25000],
      [25000, 75000],
      [50000, 150000],
      [100000, null],
    ]);
    for (const l of TIER_LEVELS) expect(TIERS[l].level).toBe(l);
    expect(TIERS[0].features).toEqual(['Browse and search profiles', 'See who viewed and liked you']);
    expect(TIERS[4].features).toContain('Ghost mode: browse without being seen');
  });

  it('lists benefits only: no plan ticks off what it lacks', () => {
    for (const l of TIER_LEVELS) {
      expect(TIERS[l].features.length).toBeGreaterThan(0);
      for (const feature of TIERS[l].features) expect(feature).not.toMatch(/^(No|Limited) /);
    }
  });

  it('names tiers the way members know them', () => {
    expect(tierLabel(0)).toBe('Tier 0 · Observer');
    expect(tierLabel(1)).toBe('Tier 1 · Basic Access');
    expect(upgradeToText(1)).toBe('Upgrade to Basic Access or higher');
    expect(upgradeToText(3)).toBe('Upgrade to Chemistry Tier or higher');
    expect(upgradeToText(4)).toBe('Upgrade to Vault Verified');
    expect(exclusiveMemberTitle(3)).toBe('Exclusive Chemistry Tier Member');
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
