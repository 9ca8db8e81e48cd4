import pg from 'pg';
import { parseTextArray, TEXT_ARRAY_OID, UUID_ARRAY_OID } from './text-array';

/**
 * The driver's type parsers, with a faster one for the arrays every list reads (pass as a pool's
 * `types`): parseTextArray for `text[]` and `uuid[]`. It reads the common form itself and hands
 * every other to the driver's own parser.
 */
export const driverTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format === 'binary') return pg.types.getTypeParser(oid, format);
    if (oid === TEXT_ARRAY_OID || oid === UUID_ARRAY_OID) return parseTextArray;
    return pg.types.getTypeParser(oid, format as 'text');
  }) as typeof pg.types.getTypeParser,
};
