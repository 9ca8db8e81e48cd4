import { describe, expect, it } from 'vitest';
import { amenitiesSummary, hoursToday, isOpenNow, mapsSearchUrl, type OpenHours } from './safe-locations';

const week = (text: string): OpenHours => ({
  monday: text,
  tuesday: text,
  wednesday: text,
  thursday: text,
  friday: text,
  saturday: text,
  sunday: text,
});
// Wednesday 2026-11-25 at 14:30 UTC: 9:30 AM in Miami, 6:30 AM in Los Angeles, 6:30 PM in Dubai.
const WEDNESDAY = new Date('2026-11-25T14:30:00Z');

describe('safe locations', () => {
  it('is open or closed by the hours of its own city’s clock', () => {
    const hours = week('7:00 AM - 9:00 PM');
    expect(isOpenNow(hours, 'America/New_York', WEDNESDAY)).toBe(true);
    expect(isOpenNow(hours, 'America/Los_Angeles', WEDNESDAY)).toBe(false);
    expect(isOpenNow(hours, 'Asia/Dubai', WEDNESDAY)).toBe(true);
    expect(hoursToday({ wednesday: '10:00 AM - 6:00 PM' }, 'Asia/Dubai', WEDNESDAY)).toBe(
      '10:00 AM - 6:00 PM',
    );
  });

  it('counts hours past midnight for the night after, and knows 24 hours, closed and unknown days', () => {
    // Tuesday's 5 PM – 2 AM: open at 1 AM on Wednesday, closed at 3 AM.
    const late: OpenHours = { tuesday: '5:00 PM - 2:00 AM', wednesday: 'Closed' };
    expect(isOpenNow(late, 'UTC', new Date('2026-11-25T01:00:00Z'))).toBe(true);
    expect(isOpenNow(late, 'UTC', new Date('2026-11-25T03:00:00Z'))).toBe(false);
    expect(isOpenNow(week('12:00 PM - 12:00 AM'), 'UTC', new Date('2026-11-25T23:59:00Z'))).toBe(true);
    expect(isOpenNow(week('Open 24 hours'), 'UTC', WEDNESDAY)).toBe(true);
    expect(isOpenNow({}, 'UTC', WEDNESDAY)).toBeNull();
    expect(isOpenNow({ wednesday: 'by appointment' }, 'UTC', WEDNESDAY)).toBeNull();
  });

  it('shows three amenities and counts the rest, and searches maps by name and address', () => {
    expect(amenitiesSummary(['Wi-Fi', 'Valet', 'Well lit', 'Security', 'Lounge'])).toEqual({
      shown: ['Wi-Fi', 'Valet', 'Well lit'],
      more: 2,
    });
    expect(amenitiesSummary(['Wi-Fi'])).toEqual({ shown: ['Wi-Fi'], more: 0 });
    expect(
      mapsSearchUrl({ name: 'Café Solène', address: '8221 Melrose Ave', city: 'Los Angeles', state: 'CA' }),
    ).toBe(
      'https://www.google.com/maps/search/?api=1&query=Caf%C3%A9%20Sol%C3%A8ne%2C%208221%20Melrose%20Ave%2C%20Los%20Angeles%2C%20CA',
    );
  });
});
