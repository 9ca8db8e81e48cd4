import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, ERROR_STATUS } from './errors';
import {
  SPONSORSHIP_LIMIT,
  SPONSORSHIP_PERIOD_MS,
  sponsorshipPriceCents,
  sponsorshipPriceChangedMessage,
  sponsorshipRefundCents,
} from './sponsorship';
import { TIERS } from './tiers';

describe('sponsorship price', () => {
  it('is the sponsored member’s monthly plan, and nothing is sold for an Observer', () => {
    expect(sponsorshipPriceCents(0)).toBeNull();
    expect(sponsorshipPriceCents(1)).toBe(TIERS[1].monthlyPriceCents);
    expect(sponsorshipPriceCents(4)).toBe(34_999);
  });

  it('names the new price when the member’s plan changed', () => {
    expect(sponsorshipPriceChangedMessage(2499)).toBe(
      "This member's plan now costs $24.99 for 30 days. Please check and try again.",
    );
  });
});

describe('sponsorship refund', () => {
  const paidFrom = new Date('2030-01-01T00:00:00Z');
  const paid = {
    priceCents: 2499,
    paidFrom,
    paidUntil: new Date(paidFrom.getTime() + SPONSORSHIP_PERIOD_MS),
  };
  const after = (ms: number) => new Date(paidFrom.getTime() + ms);

  it.each<[string, number, number]>([
    ['ended at once', 0, 2499],
    ['ended before it began (clock skew)', -60_000, 2499],
    ['a third used', SPONSORSHIP_PERIOD_MS / 3, 1666],
    ['half used, rounded down', SPONSORSHIP_PERIOD_MS / 2, 1249],
    ['a millisecond left', SPONSORSHIP_PERIOD_MS - 1, 0],
    ['at the end', SPONSORSHIP_PERIOD_MS, 0],
    ['after the end', SPONSORSHIP_PERIOD_MS + 1, 0],
  ])('%s → %i cents', (_, at, cents) => {
    expect(sponsorshipRefundCents(paid, after(at))).toBe(cents);
  });

  it('counts what is left of the 30 days bought, whatever pauses moved the paid end', () => {
    // Paused for six hours on day 10, so paid until six hours past the 30 days; ended on day 20 and
    // six hours: ten of the thirty days are left, a third of the price.
    const pause = 6 * 3_600_000;
    const resumed = { ...paid, paidUntil: new Date(paid.paidUntil.getTime() + pause) };
    expect(sponsorshipRefundCents(resumed, after((2 / 3) * SPONSORSHIP_PERIOD_MS + pause))).toBe(833);
    expect(sponsorshipRefundCents(resumed, after(0))).toBe(2499);
  });

  it('gives nothing back for a sponsorship nobody paid for', () => {
    expect(sponsorshipRefundCents({ ...paid, priceCents: 0 }, paidFrom)).toBe(0);
  });
});

describe('sponsorship limit', () => {
  it('refuses with its own code and the number in the text', () => {
    expect(ERROR_STATUS.SPONSORSHIP_LIMIT).toBe(422);
    expect(ERROR_MESSAGES.SPONSORSHIP_LIMIT).toBe(
      `You can sponsor up to ${SPONSORSHIP_LIMIT} members at a time`,
    );
  });
});
