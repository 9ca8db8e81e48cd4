import { AppError, ErrorCode } from '@royal/shared';
import { z } from 'zod';

/**
 * The sort key of a feed row: promotion rank, last activity (kept as text with microseconds, since a
 * JS Date would round Postgres' timestamps and skip rows on the next page) and the user id.
 */
const sortKeySchema = z.object({
  r: z.int().min(0).max(2),
  t: z.iso.datetime({ offset: true, precision: 6 }),
  id: z.uuid(),
});
export type SortKey = z.infer<typeof sortKeySchema>;

/** Where the previous page stopped, for the visible cards and for the locked teasers separately. */
const feedCursorSchema = z.object({ v: sortKeySchema, l: sortKeySchema.nullable() });
export type FeedCursor = z.infer<typeof feedCursorSchema>;

export const encodeFeedCursor = (cursor: FeedCursor) =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

export function decodeFeedCursor(raw: string | undefined): FeedCursor | null {
  if (raw === undefined) return null;
  try {
    return feedCursorSchema.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
  } catch {
    throw new AppError(ErrorCode.VALIDATION_FAILED, 'Invalid cursor', [
      { path: 'cursor', message: 'Invalid cursor' },
    ]);
  }
}
