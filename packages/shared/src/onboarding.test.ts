import { describe, expect, it } from 'vitest';
import { ageOn, birthDateRefusal, minimumAgeForTier, nextRequiredStep, tierAgeRefusal } from './onboarding';

describe('nextRequiredStep', () => {
  it('asks for onboarding until it is finished, then nothing', () => {
    expect(nextRequiredStep({ onboarded: false })).toBe('onboarding');
    expect(nextRequiredStep({ onboarded: true })).toBeNull();
  });
});

describe('ageOn', () => {
  const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
  it('counts a year only from the birthday on', () => {
    expect(ageOn('2000-06-15', day('2018-06-14'))).toBe(17);
    expect(ageOn('2000-06-15', day('2018-06-15'))).toBe(18);
    expect(ageOn('2000-06-15', day('2018-12-31'))).toBe(18);
  });
  it('treats 29 February as passed only from 1 March in common years', () => {
    expect(ageOn('2004-02-29', day('2022-02-28'))).toBe(17);
    expect(ageOn('2004-02-29', day('2022-03-01'))).toBe(18);
  });
});

describe('minimumAgeForTier', () => {
  it('is 18 for the Observer tier and 21 for every paid tier', () => {
    expect(minimumAgeForTier(0)).toBe(18);
    for (const tier of [1, 2, 3, 4] as const) expect(minimumAgeForTier(tier)).toBe(21);
  });
});

describe('tierAgeRefusal', () => {
  it('lets a member of 21 or more hold a paid tier, and refuses it under 21 with the reason', () => {
    expect(tierAgeRefusal(2, 21)).toBeNull();
    expect(tierAgeRefusal(4, 60)).toBeNull();
    expect(tierAgeRefusal(1, 20)).toBe('You must be at least 21 for Basic Access');
    expect(tierAgeRefusal(2, 19)).toBe('You must be at least 21 for Verified Viber');
  });

  it('lets an adult hold the Observer tier, and no tier without a known age', () => {
    expect(tierAgeRefusal(0, 18)).toBeNull();
    expect(tierAgeRefusal(0, 17)).toBe('You must be at least 18 for Observer');
    expect(tierAgeRefusal(3, null)).toBe('You must be at least 21 for Chemistry Tier');
  });
});

describe('birthDateRefusal', () => {
  const today = new Date('2026-11-24T12:00:00Z');
  it('refuses a date under the tier minimum, and one too long ago to be real', () => {
    expect(birthDateRefusal('2010-01-01', 0, today)).toBe('You must be at least 18 to join the Royal Circle');
    expect(birthDateRefusal('2006-01-01', 2, today)).toBe('You must be at least 21 to join the Royal Circle');
    expect(birthDateRefusal('1825-01-01', 0, today)).toBe('Please enter your real date of birth');
  });
  it('takes a date still to come for a slip of the picker, not for someone too young', () => {
    expect(birthDateRefusal('2099-01-01', 0, today)).toBe('Please enter your real date of birth');
    expect(birthDateRefusal('2026-11-25', 0, today)).toBe('Please enter your real date of birth');
    expect(birthDateRefusal('2026-11-24', 0, today)).toBe('You must be at least 18 to join the Royal Circle');
  });
  it('accepts an adult of the tier, from the birthday on', () => {
    expect(birthDateRefusal('2008-11-24', 0, today)).toBeNull();
    expect(birthDateRefusal('2008-11-25', 0, today)).toBe('You must be at least 18 to join the Royal Circle');
    expect(birthDateRefusal('1990-06-01', 4, today)).toBeNull();
  });
});
