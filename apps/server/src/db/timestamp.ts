import pg from 'pg';

export const TIMESTAMPTZ_OID = 1184;
const parseWithDriver = pg.types.getTypeParser(TIMESTAMPTZ_OID as never, 'text') as (
  value: string,
) => Date | number | null;

const ZERO = 48;
const digit = (text: string, at: number) => text.charCodeAt(at) - ZERO;
const isDigit = (text: string, at: number) => {
  const d = digit(text, at);
  return d >= 0 && d <= 9;
};
/** The two digits at `at` as a number, or NaN. */
const twoDigits = (text: string, at: number) =>
  isDigit(text, at) && isDigit(text, at + 1) ? digit(text, at) * 10 + digit(text, at + 1) : Number.NaN;

/**
 * `timestamptz` as PostgreSQL writes it with DateStyle ISO — `2026-11-25 02:54:46.004123+00`, the
 * offset `+HH`, `+HH:MM` or `+HH:MM:SS` — read by position, and handed to the driver's own parser
 * in every other case (a year before 1000 or after 9999, BC, infinity, another DateStyle). The
 * driver's parser (postgres-date) runs three regular expressions per value: ~4% of the server's
 * time on a feed page, whose cards each carry a last activity. Same result to the millisecond: the
 * microseconds are cut, as Date does with the driver's fractional milliseconds.
 */
export function parseTimestamptz(text: string): Date | number | null {
  return readTimestamptz(text) ?? parseWithDriver(text);
}

/** parseTimestamptz's own reading: the Date, or undefined for a form it leaves to the driver. */
export function readTimestamptz(text: string): Date | undefined {
  const n = text.length;
  if (n < 22 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 32)
    return undefined;
  if (text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return undefined;
  const century = twoDigits(text, 0);
  const year = century * 100 + twoDigits(text, 2);
  if (!(century >= 10)) return undefined;
  let at = 19;
  let ms = 0;
  if (text.charCodeAt(at) === 46) {
    at += 1;
    for (let place = 100; isDigit(text, at); at += 1, place /= 10) ms += digit(text, at) * Math.floor(place);
  }
  const sign = text.charCodeAt(at);
  if (sign !== 43 && sign !== 45) return undefined;
  let offsetSeconds = twoDigits(text, at + 1) * 3600;
  at += 3;
  for (const unit of [60, 1]) {
    if (at === n) break;
    if (text.charCodeAt(at) !== 58) return undefined;
    offsetSeconds += twoDigits(text, at + 1) * unit;
    at += 3;
  }
  if (at !== n) return undefined;
  const utc = Date.UTC(
    year,
    twoDigits(text, 5) - 1,
    twoDigits(text, 8),
    twoDigits(text, 11),
    twoDigits(text, 14),
    twoDigits(text, 17),
    ms,
  );
  const time = utc - (sign === 45 ? -offsetSeconds : offsetSeconds) * 1000;
  return Number.isNaN(time) ? undefined : new Date(time);
}
