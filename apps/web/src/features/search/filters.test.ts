import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, filtersFromParams, hasActiveFilters, paramsFromFilters } from './filters';

describe('browse filters in the URL', () => {
  it('round-trips every filter through the query string', () => {
    const filters = {
      q: 'Ana',
      ageRange: [25, 40] as [number, number],
      maxDistance: 25,
      userType: 'women' as const,
      tier: 2 as const,
      lookingFor: 'long_term' as const,
      tags: ['travel' as const, 'nightlife' as const],
      verified: true,
      online: true,
    };
    const query = paramsFromFilters(filters).toString();
    expect(query).toBe(
      'q=Ana&age_min=25&age_max=40&max_distance=25&user_type=women&tier=2&looking_for=long_term&tags=travel%2Cnightlife&verified=true&online=true',
    );
    expect(filtersFromParams(new URLSearchParams(query))).toEqual(filters);
    expect(hasActiveFilters(filters)).toBe(true);
  });

  it('leaves the defaults out, so a clean search has a clean URL', () => {
    expect(paramsFromFilters({ ...DEFAULT_FILTERS }).toString()).toBe('');
    expect(hasActiveFilters({ ...DEFAULT_FILTERS })).toBe(false);
    expect(filtersFromParams(new URLSearchParams(''))).toEqual(DEFAULT_FILTERS);
  });

  it('keeps the valid filters of a hand-edited link and drops the rest', () => {
    const read = filtersFromParams(
      new URLSearchParams(
        'age_min=12&age_max=40&max_distance=12&user_type=women&tags=travel,boats&online=yes',
      ),
    );
    expect(read).toEqual({ ...DEFAULT_FILTERS, ageRange: [18, 40], userType: 'women' });
  });

  it('ignores an age range whose ends are swapped', () => {
    expect(filtersFromParams(new URLSearchParams('age_min=50&age_max=30')).ageRange).toEqual([18, 65]);
  });
});
