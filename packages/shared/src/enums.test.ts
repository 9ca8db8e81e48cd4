import { describe, expect, it } from 'vitest';
import {
  BODY_TYPE_LABELS,
  BODY_TYPES,
  BOOST_TYPES,
  BOOSTS,
  BROWSE_LIFESTYLE_FILTERS,
  CITIES,
  ETHNICITIES,
  ETHNICITY_LABELS,
  HEIGHTS,
  ID_TYPE_LABELS,
  ID_TYPES,
  LIFESTYLE_TAG_LABELS,
  LIFESTYLE_TAGS,
  WAITLIST_CITIES,
} from './enums';

const unique = (values: readonly unknown[]) => new Set(values).size === values.length;

describe('enumerations', () => {
  it('has 24 distinct heights from 5\'0" to 6\'11" in order', () => {
    expect(HEIGHTS).toHaveLength(24);
    expect(unique(HEIGHTS)).toBe(true);
    expect(HEIGHTS[0]).toBe(`5'0"`);
    expect(HEIGHTS[9]).toBe(`5'9"`);
    expect(HEIGHTS[10]).toBe(`5'10"`);
    expect(HEIGHTS[23]).toBe(`6'11"`);
    const inches = HEIGHTS.map((h) => {
      const [feet, rest] = h.split("'");
      return Number(feet) * 12 + Number.parseInt(rest ?? '', 10);
    });
    expect(inches).toEqual(Array.from({ length: 24 }, (_, i) => 60 + i));
  });

  it('has the 24 lifestyle tags, each labelled', () => {
    expect(LIFESTYLE_TAGS).toHaveLength(24);
    expect(unique(LIFESTYLE_TAGS)).toBe(true);
    expect(Object.keys(LIFESTYLE_TAG_LABELS).sort()).toEqual([...LIFESTYLE_TAGS].sort());
  });

  it('maps the 7 browse chips onto distinct real tags', () => {
    expect(BROWSE_LIFESTYLE_FILTERS.map((f) => f.label)).toEqual([
      'Travel',
      'Overnight OK',
      'Discretion',
      'Fine Dining',
      'Events',
      'Shopping',
      'Nightlife',
    ]);
    for (const f of BROWSE_LIFESTYLE_FILTERS) expect(LIFESTYLE_TAGS).toContain(f.tag);
    expect(unique(BROWSE_LIFESTYLE_FILTERS.map((f) => f.tag))).toBe(true);
  });

  it('labels every body type, ethnicity and ID type', () => {
    expect(Object.keys(BODY_TYPE_LABELS)).toEqual([...BODY_TYPES]);
    expect(Object.keys(ETHNICITY_LABELS)).toEqual([...ETHNICITIES]);
    expect(Object.keys(ID_TYPE_LABELS)).toEqual([...ID_TYPES]);
    expect(BODY_TYPE_LABELS.plus_size).toBe('Plus Size');
    expect(ETHNICITY_LABELS.prefer_not_to_say).toBe('Prefer not to say');
  });

  it('prices every boost as the spec does', () => {
    expect(BOOST_TYPES.map((t) => BOOSTS[t].priceCents)).toEqual([499, 999, 799, 1299]);
    for (const t of BOOST_TYPES) expect(BOOSTS[t].type).toBe(t);
  });

  it('keeps the waitlist cities in step with the launch cities', () => {
    expect(CITIES.map((c) => `${c.name}, ${c.state}`)).toEqual([...WAITLIST_CITIES]);
    for (const c of CITIES) {
      expect(Math.abs(c.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(c.lng)).toBeLessThanOrEqual(180);
    }
  });
});
