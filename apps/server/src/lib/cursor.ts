import { AppError, ErrorCode } from '@royal/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';

/**
 * An opaque page cursor: a sort key, validated by `schema`, as base64url JSON. A cursor that does
 * not decode or validate is a 400 naming the `cursor` parameter.
 */
export function cursorCodec<T>(schema: z.ZodType<T>) {
  return {
    encode: (key: T) => Buffer.from(JSON.stringify(key)).toString('base64url'),
    decode(raw: string | undefined): T | null {
      if (raw === undefined) return null;
      try {
        return schema.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
      } catch {
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'Invalid cursor', [
          { path: 'cursor', message: 'Invalid cursor' },
        ]);
      }
    },
  };
}

/**
 * A timestamp as ISO text with microseconds, for sort keys: a JS Date would round PostgreSQL's
 * timestamps to milliseconds and the next page would skip rows. Compare with `::timestamptz`.
 */
export const microsecondKey = (column: AnyColumn | SQL) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
