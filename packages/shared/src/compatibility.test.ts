import { describe, expect, it } from 'vitest';
import {
  type CompatibilityMember,
  type CompatibilityViewer,
  compatibilitySummary,
  compatibilityWith,
} from './compatibility';

const viewer: CompatibilityViewer = {
  preferences: { age_range: [25, 35], distance_preference: 25, looking_for: 'long_term' },
  lifestyle_tags: ['travel', 'fine_dining', 'yoga'],
};
const member = (overrides: Partial<CompatibilityMember> = {}): CompatibilityMember => ({
  age: 30,
  distance_miles: 10,
  looking_for: 'long_term',
  lifestyle_tags: ['fine_dining', 'theater', 'travel'],
  ...overrides,
});
const point = (key: string, of: CompatibilityMember) =>
  compatibilityWith(viewer, of).points.find((p) => p.key === key);

describe('compatibilityWith', () => {
  it('fits on every point a member inside every preference, listing the shared tags in their order', () => {
    const fit = compatibilityWith(viewer, member());
    expect(fit.points.map((p) => [p.key, p.fits, p.label])).toEqual([
      ['age', true, 'In your age range (25–35)'],
      ['distance', true, 'Within your 25 miles'],
      ['looking_for', true, 'Also looking for Long-term'],
      ['lifestyle', true, '2 interests in common: Fine Dining, Travel'],
    ]);
    expect(fit.sharedTags).toEqual(['fine_dining', 'travel']);
    expect([fit.fitting, fit.known]).toEqual([4, 4]);
    expect(compatibilitySummary(fit)).toBe('Fits 4 of your 4 preferences');
  });

  it('counts both ends of the age range in, and one year outside out', () => {
    expect(point('age', member({ age: 25 }))?.fits).toBe(true);
    expect(point('age', member({ age: 35 }))?.fits).toBe(true);
    expect(point('age', member({ age: 24 }))).toMatchObject({
      fits: false,
      label: 'Outside your age range (25–35)',
    });
    expect(point('age', member({ age: 36 }))?.fits).toBe(false);
  });

  it('counts the distance preference itself in, a mile further out, and no distance as unknown', () => {
    expect(point('distance', member({ distance_miles: 25 }))?.fits).toBe(true);
    expect(point('distance', member({ distance_miles: 26 }))).toMatchObject({
      fits: false,
      label: 'Beyond your 25 miles',
    });
    const hidden = compatibilityWith(viewer, member({ distance_miles: null }));
    expect(hidden.points[1]).toEqual({ key: 'distance', fits: null, label: 'Distance not shared' });
    // What cannot be told is left out of the count, not counted against them.
    expect([hidden.fitting, hidden.known]).toEqual([3, 3]);
    expect(compatibilitySummary(hidden)).toBe('Fits 3 of your 3 preferences');
  });

  it('says what each looks for when they differ', () => {
    expect(point('looking_for', member({ looking_for: 'short_term' }))).toMatchObject({
      fits: false,
      label: 'Looking for Short-term; you chose Long-term',
    });
  });

  it('finds no interests in common with no shared tag, ignoring tags it does not know and repeats', () => {
    const apart = compatibilityWith(viewer, member({ lifestyle_tags: ['theater', 'not_a_tag'] }));
    expect(apart.points[3]).toEqual({ key: 'lifestyle', fits: false, label: 'No interests in common yet' });
    expect(apart.sharedTags).toEqual([]);
    const once = compatibilityWith(viewer, member({ lifestyle_tags: ['yoga', 'yoga'] }));
    expect(once.points[3]?.label).toBe('1 interest in common: Yoga');
  });

  it('counts a member outside every preference as fitting none', () => {
    const none = compatibilityWith(
      viewer,
      member({ age: 50, distance_miles: 900, looking_for: 'uncomplicated', lifestyle_tags: [] }),
    );
    expect([none.fitting, none.known]).toEqual([0, 4]);
    expect(compatibilitySummary(none)).toBe('Fits 0 of your 4 preferences');
  });
});
