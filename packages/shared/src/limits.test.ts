import { describe, expect, it } from 'vitest';
import { COMPENSATION_PREFERENCES, GENDERS, LOOKING_FOR, USER_TYPES } from './enums';
import {
  AGE_MAX,
  AGE_MIN,
  BROWSE_DISTANCE_DEFAULT,
  DEFAULT_AGE_RANGE,
  DISTANCE_MAX,
  DISTANCE_MIN,
  DISTANCE_STEP,
  MAX_MONEY_CENTS,
  MIN_MONEY_CENTS,
  PROFILE_DISTANCE_DEFAULT,
  RATING_MIN_COUNT,
  SIGNUP_DEFAULTS,
  shownRating,
} from './limits';
import { preferencesSchema } from './schemas/me';
import { isTierLevel, MIN_AGE_BY_TIER } from './tiers';

describe('limits hang together', () => {
  it('keeps defaults inside the slider bounds and on the step', () => {
    for (const d of [BROWSE_DISTANCE_DEFAULT, PROFILE_DISTANCE_DEFAULT]) {
      expect(d).toBeGreaterThanOrEqual(DISTANCE_MIN);
      expect(d).toBeLessThanOrEqual(DISTANCE_MAX);
      expect((d - DISTANCE_MIN) % DISTANCE_STEP).toBe(0);
    }
    const [min, max] = DEFAULT_AGE_RANGE;
    expect(AGE_MIN).toBeLessThanOrEqual(min);
    expect(min).toBeLessThanOrEqual(max);
    expect(max).toBeLessThanOrEqual(AGE_MAX);
    expect(MIN_MONEY_CENTS).toBeLessThan(MAX_MONEY_CENTS);
  });

  it('gives sign-up defaults that are valid stored values', () => {
    expect(GENDERS).toContain(SIGNUP_DEFAULTS.gender);
    expect(USER_TYPES).toContain(SIGNUP_DEFAULTS.user_type);
    expect(LOOKING_FOR).toContain(SIGNUP_DEFAULTS.looking_for);
    expect(COMPENSATION_PREFERENCES).toContain(SIGNUP_DEFAULTS.compensation_preference);
    expect(isTierLevel(SIGNUP_DEFAULTS.tier_level)).toBe(true);
    expect(SIGNUP_DEFAULTS.age).toBeGreaterThanOrEqual(MIN_AGE_BY_TIER[SIGNUP_DEFAULTS.tier_level]);
    const prefs = preferencesSchema.safeParse({
      age_range: [...SIGNUP_DEFAULTS.age_range],
      distance_preference: SIGNUP_DEFAULTS.distance_preference,
      looking_for: SIGNUP_DEFAULTS.looking_for,
      compensation_preference: SIGNUP_DEFAULTS.compensation_preference,
      travel_willing: false,
      discretion_required: SIGNUP_DEFAULTS.discretion_required,
    });
    expect(prefs.success).toBe(true);
  });

  it('matches the spec figures', () => {
    expect(SIGNUP_DEFAULTS).not.toHaveProperty('bio');
    expect(SIGNUP_DEFAULTS).not.toHaveProperty('rating_avg');
    expect(SIGNUP_DEFAULTS).toMatchObject({
      name: 'New User',
      age: 25,
      city: 'Los Angeles',
      state: 'CA',
      popularity_score: 50,
      age_range: [21, 35],
      distance_preference: 25,
    });
  });
});

describe('shownRating', () => {
  it('shows an average only from RATING_MIN_COUNT ratings on', () => {
    expect(RATING_MIN_COUNT).toBe(3);
    expect(shownRating(4.6, 0)).toBeNull();
    expect(shownRating(4.6, 2)).toBeNull();
    expect(shownRating(4.6, 3)).toBe(4.6);
    expect(shownRating('4.5', 12)).toBe(4.5);
    expect(shownRating(null, 5)).toBeNull();
  });
});
