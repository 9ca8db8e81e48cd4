import { z } from 'zod';
import { sealedCursorCodec } from '../../lib/cursor';

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

const feedCursor = sealedCursorCodec(feedCursorSchema);
export const encodeFeedCursor = feedCursor.encode;
export const decodeFeedCursor = feedCursor.decode;
