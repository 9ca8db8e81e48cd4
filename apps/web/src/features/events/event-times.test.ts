import { describe, expect, it } from 'vitest';
import { eventWhen } from './event-times';

// 9 PM on Saturday, February 7, 2026 in Los Angeles.
const event = { date_time: '2026-02-08T05:00:00.000Z', time_zone: 'America/Los_Angeles' };

describe('eventWhen', () => {
  it("reads the time on the event city's clock, with the zone's name", () => {
    expect(eventWhen(event, undefined, 'America/Los_Angeles')).toEqual({
      local: { text: 'Sat, Feb 7 · 9:00 PM', zone: 'PST' },
      mine: null,
    });
  });

  it("adds the member's own time when they are in another zone", () => {
    expect(eventWhen(event, undefined, 'America/New_York').mine).toEqual({
      text: 'Sun, Feb 8 · 12:00 AM',
      zone: 'EST',
    });
  });

  it('says it once when two zones read the same (Miami and New York)', () => {
    const miami = { date_time: '2026-02-08T02:00:00.000Z', time_zone: 'America/New_York' };
    expect(eventWhen(miami, undefined, 'America/Detroit').mine).toBeNull();
  });

  it('reads another instant of the event (its Freakoff) the same way', () => {
    expect(eventWhen(event, '2026-02-08T10:00:00.000Z', null).local.text).toBe('Sun, Feb 8 · 2:00 AM');
  });
});
