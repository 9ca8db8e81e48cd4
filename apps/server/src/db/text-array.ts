import pg from 'pg';

const TEXT_ARRAY_OID = 1009;
/** `uuid[]`: its elements are never quoted, so the fast path always applies. */
const UUID_ARRAY_OID = 2951;
const parseWithDriver = pg.types.getTypeParser(TEXT_ARRAY_OID as never, 'text') as (
  value: string,
) => string[];

/**
 * `text[]` as PostgreSQL writes it, split directly in the common case — one dimension, no element
 * quoted, escaped or NULL (ids, tags) — and handed to the driver's own parser otherwise. The
 * driver's character-by-character parser was ~8% of the server's time on a feed page (photo ids and
 * lifestyle tags on every card). PostgreSQL quotes every element holding a space, comma, brace,
 * quote or backslash, or that is empty or spells NULL, so an unquoted element is taken as written.
 */
export function parseTextArray(value: string): string[] {
  if (value === '{}') return [];
  if (value.includes('"') || value.includes('\\') || value.indexOf('{', 1) !== -1)
    return parseWithDriver(value);
  const items = value.slice(1, -1).split(',');
  return items.includes('NULL') ? parseWithDriver(value) : items;
}

/** The driver's type parsers with parseTextArray for `text[]` and `uuid[]` (pass as a pool's `types`). */
export const driverTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (oid === TEXT_ARRAY_OID || oid === UUID_ARRAY_OID) && format !== 'binary'
      ? parseTextArray
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};
