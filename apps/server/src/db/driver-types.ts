import pg from 'pg';
import { parseTextArray, TEXT_ARRAY_OID, UUID_ARRAY_OID } from './text-array';
import { parseTimestamptz, TIMESTAMPTZ_OID } from './timestamp';

/**
 * The driver's type parsers, with faster ones for the values every list reads (pass as a pool's
 * `types`): parseTextArray for `text[]` and `uuid[]`, parseTimestamptz for `timestamptz`. Each
 * reads the common form itself and hands every other to the driver's own parser.
 */
export const driverTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format === 'binary') return pg.types.getTypeParser(oid, format);
    if (oid === TEXT_ARRAY_OID || oid === UUID_ARRAY_OID) return parseTextArray;
    if (oid === TIMESTAMPTZ_OID) return parseTimestamptz;
    return pg.types.getTypeParser(oid, format as 'text');
  }) as typeof pg.types.getTypeParser,
};
