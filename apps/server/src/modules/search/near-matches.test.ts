import { describe, expect, it } from 'vitest';
import { nearestFirst, nearTest, type SnapshotMatch } from './search-snapshot';

// Near-first's members within the preference, in memory (near-first-page.ts): the walk's order over
// a snapshot's matches, picked lazily.
const MIAMI = { lat: 25.7617, lng: -80.1918 };
const key = (minutesAgo: number) =>
  new Date(Date.UTC(2026, 10, 28, 18, 0) - minutesAgo * 60_000).toISOString().replace('Z', '000Z');
// 120 members: two in three in Miami at 0–11 hundredths of a degree north (ties at each), the rest in Los Angeles.
const entries: SnapshotMatch[] = Array.from({ length: 120 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(1000 + ((i * 37) % 120)).padStart(12, '0')}`,
  key: key(i),
  lat: i % 3 === 2 ? 34.0522 : MIAMI.lat + (i % 12) / 100,
  lng: i % 3 === 2 ? -118.2437 : MIAMI.lng,
}));
const near = { geo: MIAMI, miles: 25, since: '' };
const walkOrder = (
  a: { degrees: number; match: SnapshotMatch },
  b: { degrees: number; match: SnapshotMatch },
) => a.degrees - b.degrees || (a.match.id < b.match.id ? -1 : 1);

describe('near matches from a snapshot', () => {
  it('yields every match within the preference once, nearest first and ties by id, past the first few picked', () => {
    const all = [...nearestFirst(entries, near, () => true)];
    expect(all).toHaveLength(80);
    expect(all.every(({ match }) => match.lat !== 34.0522)).toBe(true);
    expect(all.map(({ match }) => match.id)).toEqual([...all].sort(walkOrder).map(({ match }) => match.id));
    expect(new Set(all.map(({ match }) => match.id)).size).toBe(80);
  });

  it('starts past where the walk stopped, and keeps only those active since the traversal began', () => {
    const all = [...nearestFirst(entries, near, () => true)];
    const stop = all[40] as (typeof all)[number];
    const rest = [
      ...nearestFirst(
        entries,
        near,
        (d, id) => d > stop.degrees || (d === stop.degrees && id > stop.match.id),
      ),
    ];
    expect(rest.map(({ match }) => match.id)).toEqual(all.slice(41).map(({ match }) => match.id));
    const recent = [...nearestFirst(entries, { ...near, since: key(30) }, () => true)];
    expect(recent.every(({ match }) => match.key >= key(30))).toBe(true);
    expect(recent).toHaveLength(all.filter(({ match }) => match.key >= key(30)).length);
  });

  it('leaves out members hiding their location and those beyond the preference', () => {
    const isNear = nearTest(near);
    expect(isNear({ id: 'a', key: key(1), lat: null, lng: null })).toBe(false);
    expect(isNear({ id: 'b', key: key(1), lat: MIAMI.lat + 0.3, lng: MIAMI.lng })).toBe(true); // ~20.7 miles
    expect(isNear({ id: 'c', key: key(1), lat: MIAMI.lat + 0.4, lng: MIAMI.lng })).toBe(false); // ~27.6 miles
  });
});
