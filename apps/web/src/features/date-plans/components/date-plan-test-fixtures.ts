import { cancellationRuleText, type DatePlan, type DateWatch } from '@royal/shared';

// Test-only: a date plan and a safety watch as the API sends them, for the date plans' component tests.

export const MATCH = '7d1c3f0e-2a4b-4c5d-8e9f-0a1b2c3d4e5f';
export const PLAN = '0b9e8d7c-6a5f-4e3d-9c2b-1a0f9e8d7c6b';
export const PLACE = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
export const HOUR_MS = 3_600_000;

export function makePlan(overrides: Partial<DatePlan> = {}): DatePlan {
  const startsAt = new Date(Date.now() + 48 * HOUR_MS).toISOString();
  return {
    id: PLAN,
    match_id: MATCH,
    status: 'proposed',
    starts_at: startsAt,
    place: {
      name: 'The Palm Court',
      address: '301 Biscayne Blvd',
      city: 'Miami',
      state: 'FL',
      verified: true,
      safe_location_id: PLACE,
      maps_url: 'https://maps.example/palm',
      can_check_in_by_location: true,
    },
    note: '',
    treat: false,
    proposer_is_me: false,
    awaiting_me: true,
    me: { deposit_cents: 25_000, checked_in: false, check_in_band: null },
    them: { deposit_cents: 25_000, checked_in: false, check_in_band: null, first_name: 'Dante' },
    cancellation_rule: cancellationRuleText(),
    late_cancel_now: false,
    check_in_open: false,
    my_rating_given: false,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    ...overrides,
  };
}

/** A member's watch over a plan: by default nothing shared and no timer. */
export const makeWatch = (overrides: Partial<DateWatch> = {}): DateWatch => ({
  shared_at: null,
  status_url: null,
  timer: { state: 'off', check_at: null, location_shared: false },
  alerted_at: null,
  ...overrides,
});
