import { createCipheriv, createDecipheriv } from 'node:crypto';
import { AppError, ErrorCode } from '@royal/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { pooledRandomBytes } from './random-pool';

const invalidCursor = () =>
  new AppError(ErrorCode.VALIDATION_FAILED, 'Invalid cursor', [
    { path: 'cursor', message: 'Invalid cursor' },
  ]);

/**
 * An opaque page cursor: a sort key, validated by `schema`, as base64url JSON. A cursor that does
 * not decode or validate is a 400 naming the `cursor` parameter. Only for lists of the member's own
 * things (their messages, their wallet): the key is readable by whoever holds the cursor.
 */
export function cursorCodec<T>(schema: z.ZodType<T>) {
  return {
    encode: (key: T) => Buffer.from(JSON.stringify(key)).toString('base64url'),
    decode(raw: string | undefined): T | null {
      if (raw === undefined) return null;
      try {
        return schema.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
      } catch {
        throw invalidCursor();
      }
    },
  };
}

/** A cursor's time, as `microsecondKey` wrote it. */
export function microsecondTimeSchema() {
  // A well-formed time the database cannot hold (year 0000) would fail the page's statement; no row
  // of ours is older than 1970.
  return z.iso.datetime({ offset: true, precision: 6 }).refine((t) => Date.parse(t) >= 0);
}

/**
 * The member's own lists ordered by a time and an id, newest or oldest first (their messages, their
 * matches, their wallet history): where a page stopped, the time with microseconds and the id.
 */
export const timeAndIdCursor = cursorCodec(z.object({ t: microsecondTimeSchema(), id: z.uuid() }));

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A page cursor whose sort key holds other members' data (the feed's and search's keys carry each
 * card's last activity to the microsecond, which a member who hides their online status must not
 * give away): sealed with AES-256-GCM under a server key (`secrets.pageCursors`), so the client can
 * neither read one nor forge one to probe the order. Anything else is the same 400 as cursorCodec.
 */
export function sealedCursorCodec<T>(schema: z.ZodType<T>) {
  return {
    encode(secret: Buffer, key: T): string {
      const iv = pooledRandomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', secret, iv);
      const sealed = Buffer.concat([cipher.update(JSON.stringify(key), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    },
    decode(secret: Buffer, raw: string | undefined): T | null {
      if (raw === undefined) return null;
      try {
        const bytes = Buffer.from(raw, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', secret, bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const json = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
        return schema.parse(JSON.parse(json.toString('utf8')));
      } catch {
        throw invalidCursor();
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
