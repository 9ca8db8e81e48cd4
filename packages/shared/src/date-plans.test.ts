import { describe, expect, it } from 'vitest';
import {
  checkInBand,
  checkInOpen,
  DATE_PLAN_CHECK_IN_RADIUS_METERS,
  DATE_RATING_TEXT,
  DATE_SAFETY_TIPS,
  dateRatingRefusal,
  dateReminderMessage,
  depositRefusal,
  distanceMeters,
  isLateCancel,
  placeTimeZone,
  startRefusal,
} from './date-plans';

const at = (iso: string) => new Date(iso);
const now = at('2026-06-01T12:00:00Z');
const minutes = (m: number) => new Date(now.getTime() + m * 60_000);

describe('date plan rules', () => {
  it('allows no deposit on any plan, and otherwise only within the tier’s escrow range', () => {
    expect(depositRefusal(0, 0)).toBeNull();
    expect(depositRefusal(0, 10_000)).toBe('Your plan does not include escrow deposits');
    expect(depositRefusal(1, 9_999)).toBe('The smallest deposit on your plan is $100.00');
    expect(depositRefusal(1, 10_000)).toBeNull();
    expect(depositRefusal(1, 25_000)).toBeNull();
    expect(depositRefusal(1, 25_001)).toBe('The largest deposit on your plan is $250.00');
    expect(depositRefusal(4, 10_000_000)).toBeNull();
  });

  it('wants a time at least an hour ahead and within 60 days', () => {
    expect(startRefusal(minutes(59), now)).toMatch(/at least 60 minutes/);
    expect(startRefusal(minutes(60), now)).toBeNull();
    expect(startRefusal(minutes(60 * 24 * 60), now)).toBeNull();
    expect(startRefusal(minutes(60 * 24 * 60 + 1), now)).toMatch(/within the next 60 days/);
  });

  it('calls a cancel late under 24 hours before the time', () => {
    expect(isLateCancel(minutes(24 * 60), now)).toBe(false);
    expect(isLateCancel(minutes(24 * 60 - 1), now)).toBe(true);
    expect(isLateCancel(minutes(-10), now)).toBe(true);
  });

  it('opens check-in 30 minutes before the time and closes it 2 hours after', () => {
    expect(checkInOpen(minutes(31), now)).toBe(false);
    expect(checkInOpen(minutes(30), now)).toBe(true);
    expect(checkInOpen(minutes(-120), now)).toBe(true);
    expect(checkInOpen(minutes(-121), now)).toBe(false);
  });

  it('measures distances on the globe and bands them, refusing past 300 m', () => {
    const nobu = { lat: 34.0736, lng: -118.3903 };
    // A thousandth of a degree of latitude is about 111 m.
    expect(distanceMeters(nobu, { lat: nobu.lat + 0.001, lng: nobu.lng })).toBeCloseTo(111.2, 0);
    expect(distanceMeters(nobu, nobu)).toBe(0);
    expect(checkInBand(0)).toBe('within_100m');
    expect(checkInBand(100)).toBe('within_100m');
    expect(checkInBand(101)).toBe('within_300m');
    expect(checkInBand(DATE_PLAN_CHECK_IN_RADIUS_METERS)).toBe('within_300m');
    expect(checkInBand(DATE_PLAN_CHECK_IN_RADIUS_METERS + 1)).toBeNull();
  });
});

describe('rating a date', () => {
  it('is for a member who checked in to a date that is over, once', () => {
    const rule = (
      status: Parameters<typeof dateRatingRefusal>[0]['status'],
      checkedIn = true,
      rated = false,
    ) => dateRatingRefusal({ status, checkedIn, rated });
    for (const status of ['proposed', 'accepted', 'declined', 'cancelled'] as const)
      expect(rule(status), status).toBe(DATE_RATING_TEXT.notOver);
    for (const status of ['completed', 'claimed', 'disputed', 'settled'] as const) {
      expect(rule(status), status).toBeNull();
      expect(rule(status, false), status).toBe(DATE_RATING_TEXT.notCheckedIn);
      expect(rule(status, true, true), status).toBe(DATE_RATING_TEXT.alreadyRated);
    }
  });
});

describe('the reminder before a date', () => {
  it('tells the time in the place’s zone when it is a launch city, else how far off it is', () => {
    expect(placeTimeZone('Los Angeles', 'CA')).toBe('America/Los_Angeles');
    expect(placeTimeZone(null, null)).toBeNull();
    const startsAt = at('2026-06-02T03:00:00Z');
    const known = dateReminderMessage({
      place: { name: 'Nobu', address: '903 N La Cienega Blvd' },
      startsAt,
      timeZone: 'America/Los_Angeles',
      now: new Date(startsAt.getTime() - 60 * 60_000),
    });
    expect(known).toBe(
      `Your date at Nobu, 903 N La Cienega Blvd starts at 8:00 PM (in 60 minutes). ${DATE_SAFETY_TIPS.join(' ')}`,
    );
    const typed = dateReminderMessage({
      place: { name: 'The pier', address: '' },
      startsAt,
      timeZone: null,
      now: new Date(startsAt.getTime() - 60_000),
    });
    expect(typed).toBe(`Your date at The pier starts in 1 minute. ${DATE_SAFETY_TIPS.join(' ')}`);
  });
});
