import { describe, expect, it } from 'vitest';
import {
  DATE_SAFETY_TEXT,
  datePlanTimeZone,
  dateWatchRefusal,
  formatInstantIn,
  normaliseCodeWord,
  positionMapsUrl,
  safetyTimerRefusal,
  statusLinkExpiresAt,
} from './date-safety';
import { codeWordBodySchema, safetyTimerBodySchema } from './schemas/date-safety';
import { memberSettingsPatchSchema } from './schemas/settings';

const HOUR = 3_600_000;
const start = new Date('2026-06-14T03:00:00Z');

describe('watching over a date', () => {
  it('shares and times only a date that is on, until 48 hours after it', () => {
    const before = new Date(start.getTime() - HOUR);
    expect(dateWatchRefusal('accepted', start, before)).toBeNull();
    expect(dateWatchRefusal('completed', start, before)).toBeNull();
    for (const status of ['proposed', 'declined', 'cancelled', 'claimed', 'settled'] as const)
      expect(dateWatchRefusal(status, start, before), status).toBe(DATE_SAFETY_TEXT.notOn);
    expect(statusLinkExpiresAt(start)).toEqual(new Date(start.getTime() + 48 * HOUR));
    expect(dateWatchRefusal('accepted', start, new Date(start.getTime() + 48 * HOUR - 1))).toBeNull();
    expect(dateWatchRefusal('accepted', start, new Date(start.getTime() + 48 * HOUR))).toBe(
      DATE_SAFETY_TEXT.notOn,
    );
  });

  it('sets a timer later than now and at most 12 hours after the date', () => {
    const now = new Date(start.getTime() - 2 * HOUR);
    expect(safetyTimerRefusal(now, start, now)).toBe(DATE_SAFETY_TEXT.checkAtPast);
    expect(safetyTimerRefusal(new Date(now.getTime() + 1), start, now)).toBeNull();
    expect(safetyTimerRefusal(new Date(start.getTime() + 12 * HOUR), start, now)).toBeNull();
    expect(safetyTimerRefusal(new Date(start.getTime() + 12 * HOUR + 1), start, now)).toBe(
      DATE_SAFETY_TEXT.checkAtTooLate,
    );
  });

  it('compares code words without case or spacing, and bounds them', () => {
    expect(normaliseCodeWord('  Blue   HERON ')).toBe('blue heron');
    expect(codeWordBodySchema.safeParse({ code_word: 'abc' }).error?.issues[0]?.message).toBe(
      DATE_SAFETY_TEXT.codeWordShort,
    );
    expect(codeWordBodySchema.safeParse({ code_word: 'abcd' }).success).toBe(true);
    expect(codeWordBodySchema.safeParse({ code_word: 'x'.repeat(40) }).success).toBe(true);
    expect(codeWordBodySchema.safeParse({ code_word: 'x'.repeat(41) }).error?.issues[0]?.message).toBe(
      DATE_SAFETY_TEXT.codeWordLong,
    );
    expect(safetyTimerBodySchema.safeParse({ check_at: '23:00', code_word: 'abcd' }).success).toBe(false);
  });

  it('tells the time in the place’s city’s zone, or in UTC, and says which', () => {
    expect(datePlanTimeZone({ city: 'Los Angeles', state: 'CA' })).toBe('America/Los_Angeles');
    expect(datePlanTimeZone({ city: null, state: null })).toBe('UTC');
    expect(formatInstantIn(start, 'America/Los_Angeles')).toBe('Sat, Jun 13 · 8:00 PM PDT');
    expect(formatInstantIn(start, 'UTC')).toBe('Sun, Jun 14 · 3:00 AM UTC');
  });

  it('links a shared position to a map, to about a metre', () => {
    expect(positionMapsUrl({ lat: 34.081234567, lng: -118.3845 })).toBe(
      'https://www.google.com/maps/search/?api=1&query=34.08123%2C-118.38450',
    );
  });

  it('keeps the emergency contact’s e-mail lower-cased, or refuses it', () => {
    expect(memberSettingsPatchSchema.parse({ emergency_contact_email: ' Ann@Example.COM ' })).toEqual({
      emergency_contact_email: 'ann@example.com',
    });
    expect(memberSettingsPatchSchema.parse({ emergency_contact_email: null })).toEqual({
      emergency_contact_email: null,
    });
    expect(memberSettingsPatchSchema.safeParse({ emergency_contact_email: 'ann' }).success).toBe(false);
  });
});
