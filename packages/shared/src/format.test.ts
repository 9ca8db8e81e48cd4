import { describe, expect, it } from 'vitest';
import {
  dollarsToCents,
  escrowRangeLabel,
  formatCents,
  formatMonthlyPrice,
  isOnline,
  matchExpiryBadge,
  memberVerifiedSinceLabel,
  milesLabel,
  relativeTime,
  resultsCountLabel,
  unreadBadge,
  verifiedSinceLabel,
} from './format';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const ahead = (ms: number) => new Date(NOW.getTime() + ms);

describe('relativeTime', () => {
  it.each<[number, string]>([
    [0, 'Just now'],
    [59 * SECOND, 'Just now'],
    [60 * SECOND, '1m ago'],
    [59 * MINUTE + 59 * SECOND, '59m ago'],
    [HOUR, '1h ago'],
    [23 * HOUR + 59 * MINUTE, '23h ago'],
    [DAY, '1d ago'],
    [DAY - 1, '23h ago'],
    [45 * DAY, '45d ago'],
  ])('%i ms ago → %s', (elapsed, expected) => {
    expect(relativeTime(ago(elapsed), NOW)).toBe(expected);
  });

  it('accepts ISO strings', () => {
    expect(relativeTime(ago(2 * HOUR).toISOString(), NOW)).toBe('2h ago');
  });

  it('treats future times as just now and bad input as empty', () => {
    expect(relativeTime(ahead(5 * MINUTE), NOW)).toBe('Just now');
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});

describe('matchExpiryBadge', () => {
  it.each<[number, string, string]>([
    [-HOUR, 'expired', 'Expired'],
    [0, 'expired', 'Expired'],
    [1, 'expiring', '1h left'],
    [59 * MINUTE, 'expiring', '1h left'],
    [HOUR, 'expiring', '1h left'],
    [HOUR + 1, 'expiring', '2h left'],
    [5 * HOUR + 30 * MINUTE, 'expiring', '6h left'],
    [6 * HOUR, 'expiring', '6h left'],
    [6 * HOUR + 1, 'active', 'Active'],
    [6 * HOUR + MINUTE, 'active', 'Active'],
    [48 * HOUR, 'active', 'Active'],
  ])('%i ms left → %s %s', (left, kind, label) => {
    expect(matchExpiryBadge(ahead(left), NOW)).toEqual({ kind, label });
  });

  it('accepts ISO strings and treats garbage as expired', () => {
    expect(matchExpiryBadge(ahead(3 * HOUR).toISOString(), NOW).label).toBe('3h left');
    expect(matchExpiryBadge('garbage', NOW).kind).toBe('expired');
  });
});

describe('unreadBadge', () => {
  it.each<[number, string]>([
    [-1, ''],
    [0, ''],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
    [Number.NaN, ''],
  ])('%d → %j', (n, expected) => {
    expect(unreadBadge(n)).toBe(expected);
  });
});

describe('money', () => {
  it.each<[number, string]>([
    [0, '$0.00'],
    [1, '$0.01'],
    [100, '$1.00'],
    [123456, '$1,234.56'],
    [100000000, '$1,000,000.00'],
    [-1234, '-$12.34'],
  ])('formatCents(%i) → %s', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });

  it.each<[number, string]>([
    [0, 'Free'],
    [1599, '$15.99/month'],
    [34999, '$349.99/month'],
    [1000, '$10.00/month'],
  ])('formatMonthlyPrice(%i) → %s', (cents, expected) => {
    expect(formatMonthlyPrice(cents)).toBe(expected);
  });

  it('labels every tier escrow range', () => {
    expect(escrowRangeLabel(0)).toBe('No escrow');
    expect(escrowRangeLabel(1)).toBe('$100 – $250');
    expect(escrowRangeLabel(2)).toBe('$250 – $750');
    expect(escrowRangeLabel(3)).toBe('$500 – $1,500');
    expect(escrowRangeLabel(4)).toBe('$1,000 – Unlimited');
  });
});

describe('isOnline', () => {
  it.each<[number, boolean]>([
    [0, true],
    [59 * MINUTE, true],
    [HOUR, true],
    [HOUR + 1, false],
    [DAY, false],
    [-MINUTE, true],
  ])('last active %i ms ago → %s', (elapsed, expected) => {
    expect(isOnline(ago(elapsed), NOW)).toBe(expected);
  });

  it('is false for never-active or unparsable', () => {
    expect(isOnline(null, NOW)).toBe(false);
    expect(isOnline('nope', NOW)).toBe(false);
    expect(isOnline(ago(10 * MINUTE).toISOString(), NOW)).toBe(true);
  });
});

describe('labels', () => {
  it.each<[number, string]>([
    [0, '1 mile'],
    [0.2, '1 mile'],
    [1, '1 mile'],
    [1.4, '1 mile'],
    [1.5, '2 miles'],
    [25, '25 miles'],
    [8324.4, '8,324 miles'],
  ])('milesLabel(%d) → %s', (miles, expected) => {
    expect(milesLabel(miles)).toBe(expected);
  });

  it.each<[number, string]>([
    [0, '0 Results'],
    [1, '1 Result'],
    [2, '2 Results'],
  ])('resultsCountLabel(%i) → %s', (n, expected) => {
    expect(resultsCountLabel(n)).toBe(expected);
  });
  it('says "1,000+ Results" when the count stopped at its cap', () => {
    expect(resultsCountLabel(1000, true)).toBe('1,000+ Results');
  });
});

describe('countLabel', () => {
  it('uses the singular for exactly one and groups thousands', async () => {
    const { countLabel } = await import('./format');
    expect(countLabel(1, 'view')).toBe('1 view');
    expect(countLabel(0, 'like')).toBe('0 likes');
    expect(countLabel(1577, 'view')).toBe('1,577 views');
  });
});

describe('verifiedSinceLabel', () => {
  it('names the month and year of the approval', () => {
    expect(verifiedSinceLabel('2026-11-15T12:00:00Z')).toBe('Verified in November 2026');
  });
});

describe('memberVerifiedSinceLabel', () => {
  it('names the month the server sent, first and last month of the year', () => {
    expect(memberVerifiedSinceLabel('2026-03')).toBe('ID verified since March 2026');
    expect(memberVerifiedSinceLabel('2025-01')).toBe('ID verified since January 2025');
    expect(memberVerifiedSinceLabel('2025-12')).toBe('ID verified since December 2025');
  });

  it('says only ID verified for a month it cannot read', () => {
    expect(memberVerifiedSinceLabel('2025-13')).toBe('ID verified');
    expect(memberVerifiedSinceLabel('')).toBe('ID verified');
  });
});

describe('groupedInteger', () => {
  it('writes an integer as the en-US locale formatter does', async () => {
    const { groupedInteger } = await import('./format');
    // Every digit count, at its edges, both signs, and a spread of values in between.
    const values: number[] = [];
    for (let p = 1; p <= 1e15; p *= 10) values.push(p - 1, p, p + 1, Math.floor(p * 1.2345));
    for (let n = 0; n < 5000; n++) values.push((n * 7919) % 100_003, n * 104_729 * 1013);
    for (const n of values) {
      expect(groupedInteger(n), String(n)).toBe(n.toLocaleString('en-US'));
      if (n !== 0) expect(groupedInteger(-n), String(-n)).toBe((-n).toLocaleString('en-US'));
    }
    for (const n of [0, 7, 999, 1000, 4000, -1234567, Number.MAX_SAFE_INTEGER])
      expect(groupedInteger(n)).toBe(n.toLocaleString('en-US'));
  });

  it('leaves anything but a safe integer to the locale formatter', async () => {
    const { groupedInteger } = await import('./format');
    expect(groupedInteger(1234.5)).toBe('1,234.5');
    expect(groupedInteger(Number.NaN)).toBe('NaN');
  });
});

describe('dollarsToCents', () => {
  it('reads plain dollar amounts exactly, without floating-point drift', () => {
    expect(dollarsToCents('1')).toBe(100);
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents(' 250.5 ')).toBe(25050);
    expect(dollarsToCents('1234567.89')).toBe(123456789);
  });

  it('refuses anything else', () => {
    for (const text of ['', 'abc', '-5', '1.234', '1e3', '1,000', '.5', '5.'])
      expect(dollarsToCents(text)).toBeNull();
  });
});
