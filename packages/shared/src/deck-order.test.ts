import { describe, expect, it } from 'vitest';
import { browseWidenedHeading, distanceBandOf, widenedAt } from './deck-order';

describe('near first', () => {
  it('puts distances in whole-mile bands, one past the last edge beyond it', () => {
    expect([1, 2, 3, 5, 6, 25, 26, 100, 101, 8000].map(distanceBandOf)).toEqual([
      0, 0, 1, 1, 2, 3, 4, 5, 6, 6,
    ]);
  });

  it('finds where loaded pages go beyond the preference, counting the items of the pages before', () => {
    const page = (items: number, widening: { from_index: number; within_miles: number } | null = null) => ({
      items: Array.from({ length: items }),
      widening,
    });
    expect(widenedAt([page(24), page(24)])).toBeNull();
    expect(widenedAt([page(24, { from_index: 5, within_miles: 25 })])).toEqual({ index: 5, withinMiles: 25 });
    expect(widenedAt([page(24), page(24), page(10, { from_index: 0, within_miles: 10 })])).toEqual({
      index: 48,
      withinMiles: 10,
    });
  });

  it('says plainly why when no one within the preference matches', () => {
    expect(browseWidenedHeading(25, true)).toBe('Further than 25 miles');
    expect(browseWidenedHeading(25, false)).toBe('No one within 25 miles — showing members further away');
  });
});
