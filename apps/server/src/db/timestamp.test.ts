import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseTimestamptz, readTimestamptz } from './timestamp';

const driver = pg.types.getTypeParser(1184 as never, 'text') as (value: string) => Date | number | null;
const same = (text: string) => {
  const ours = parseTimestamptz(text);
  const theirs = driver(text);
  expect(ours instanceof Date ? ours.getTime() : ours, text).toEqual(
    theirs instanceof Date ? theirs.getTime() : theirs,
  );
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A timestamptz as PostgreSQL writes it with DateStyle ISO and some TimeZone. */
const written = fc
  .record({
    year: fc.integer({ min: 1, max: 12000 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
    micros: fc.option(fc.integer({ min: 1, max: 999_999 })),
    offset: fc.record({
      sign: fc.constantFrom('+', '-'),
      hours: fc.integer({ min: 0, max: 15 }),
      minutes: fc.option(fc.constantFrom(15, 30, 45)),
      seconds: fc.option(fc.integer({ min: 1, max: 59 })),
    }),
    bc: fc.boolean(),
  })
  .map((t) => {
    // PostgreSQL drops the trailing zeros of the fraction.
    const fraction = t.micros === null ? '' : `.${pad(t.micros, 6)}`.replace(/0+$/, '');
    const minutes = t.offset.minutes ?? (t.offset.seconds === null ? null : 0);
    const zone = `${t.offset.sign}${pad(t.offset.hours, 2)}${minutes === null ? '' : `:${pad(minutes, 2)}`}${
      t.offset.seconds === null ? '' : `:${pad(t.offset.seconds, 2)}`
    }`;
    return `${pad(t.year, 4)}-${pad(t.month, 2)}-${pad(t.day, 2)} ${pad(t.hour, 2)}:${pad(t.minute, 2)}:${pad(
      t.second,
      2,
    )}${fraction}${zone}${t.bc ? ' BC' : ''}`;
  });

describe('parseTimestamptz', () => {
  it('reads what PostgreSQL writes as the driver does, to the millisecond', () => {
    for (const text of [
      '2026-11-25 02:54:46.004123+00',
      '2026-11-25 02:54:46+00',
      '2026-11-25 02:54:46.5+05:30',
      '1999-12-31 23:59:59.999999-03',
      '1970-01-01 00:00:00+00',
      '2026-03-29 01:30:00+01:00:12',
    ]) {
      same(text);
      // Read by position, not handed on.
      expect(readTimestamptz(text), text).toBeInstanceOf(Date);
    }
  });

  it('hands the rest to the driver: infinity, BC, years outside 1000–9999, another style', () => {
    for (const text of [
      'infinity',
      '-infinity',
      '0044-03-15 12:00:00+00 BC',
      '0099-01-01 00:00:00+00',
      '12026-01-01 00:00:00+00',
      '2026-11-25T02:54:46Z',
      'Wed Nov 25 02:54:46 2026 UTC',
    ]) {
      same(text);
      expect(readTimestamptz(text), text).toBeUndefined();
    }
  });

  it('agrees with the driver on any timestamptz PostgreSQL could write, and reads every AD year 1000–9999 itself', () => {
    fc.assert(
      fc.property(written, (text) => {
        same(text);
        const ownForm = /^[1-9]\d{3}-/.test(text) && !text.endsWith(' BC');
        expect(readTimestamptz(text) instanceof Date, text).toBe(ownForm);
      }),
      { numRuns: 2000 },
    );
  });
});
