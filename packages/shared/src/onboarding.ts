import { TIERS, type TierLevel } from './tiers';

// The steps a signed-in member must finish before the app proper (discovery, search, the rest),
// after the compliance gate (compliance.ts: terms and privacy, which every member route requires,
// then the optional age check). One function decides the next one, for the server's refusals and
// the web app's redirect alike; a later step of this kind is added here and nowhere else.

/** Every required step, in the order a member meets them. */
export const REQUIRED_STEPS = ['onboarding'] as const;
export type RequiredStep = (typeof REQUIRED_STEPS)[number];

/** What the decision reads about the member. */
export type StepFacts = { onboarded: boolean };

/** The first step the member has not finished, or null when they may use the whole app. */
export function nextRequiredStep(facts: StepFacts): RequiredStep | null {
  if (!facts.onboarded) return 'onboarding';
  return null;
}

/** The spec's terms: "Tier 0 must be 18+, all other tiers 21+". */
export function minimumAgeForTier(tier: TierLevel): number {
  return tier === 0 ? 18 : 21;
}

/**
 * Why a member of this age may not hold this tier (the terms' minimum), or null when they may: a
 * plan above Observer is not sold to a member under 21, whatever they were at onboarding. An age
 * not known yet (onboarding unfinished) holds no paid tier either.
 */
export function tierAgeRefusal(tier: TierLevel, age: number | null): string | null {
  const minimum = minimumAgeForTier(tier);
  if (age !== null && age >= minimum) return null;
  return `You must be at least ${minimum} for ${TIERS[tier].name}`;
}

/** The oldest age a date of birth may give: an upper bound that only catches typos (1825). */
export const PROFILE_AGE_CEILING = 120;

/**
 * Why a date of birth cannot be this member's, or null: under the terms' minimum for their tier, or
 * too long ago to be real. Onboarding's date step (at once) and the server (at the end) both ask.
 */
export function birthDateRefusal(birthDate: string, tier: TierLevel, today: Date): string | null {
  const age = ageOn(birthDate, today);
  const minimum = minimumAgeForTier(tier);
  // A date still to come is a slip of the picker, not someone too young.
  if (age < 0) return 'Please enter your real date of birth';
  if (age < minimum) return `You must be at least ${minimum} to join the Royal Circle`;
  if (age > PROFILE_AGE_CEILING) return 'Please enter your real date of birth';
  return null;
}

/**
 * Whole years between a date of birth (YYYY-MM-DD) and `today` (a calendar date, UTC). A birthday on
 * 29 February counts on 1 March in other years.
 */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  const day = today.getUTCDate();
  if (month < m || (month === m && day < d)) age -= 1;
  return age;
}
