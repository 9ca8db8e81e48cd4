import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseTextArray } from './text-array';

const driver = pg.types.getTypeParser(1009 as never, 'text') as (value: string) => string[];

/** An array literal as PostgreSQL writes it: elements quoted (and escaped) only when they must be. */
const literal = (items: (string | null)[]) =>
  `{${items
    .map((item) => {
      if (item === null) return 'NULL';
      const needsQuotes = item === '' || /[\s,{}"\\]/.test(item) || item.toUpperCase() === 'NULL';
      return needsQuotes ? `"${item.replace(/[\\"]/g, (c) => `\\${c}`)}"` : item;
    })
    .join(',')}}`;

describe('parseTextArray', () => {
  it('reads ids and tags like the driver does', () => {
    for (const text of ['{}', '{travel}', '{travel,fine_dining}', '{7d0e2f8a-1c1b-4c59-9d0e-5d3f2b0a9e11}']) {
      expect(parseTextArray(text)).toEqual(driver(text));
    }
  });

  it('agrees with the driver on any one-dimensional text array', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.string(), { nil: null })), (items) => {
        const text = literal(items);
        expect(parseTextArray(text)).toEqual(driver(text));
      }),
    );
  });

  it('leaves nested arrays to the driver', () => {
    expect(parseTextArray('{{a,b},{c,d}}')).toEqual(driver('{{a,b},{c,d}}'));
  });
});
