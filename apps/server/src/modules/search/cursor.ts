import { z } from 'zod';
import { sealedCursorCodec } from '../../lib/cursor';

// The search's page cursor, sealed: it holds another member's last activity.

/**
 * Where the previous page stopped: last activity (UTC text with microseconds, as the server wrote it)
 * and id, and the page plan. UTC and lower case only, so a cursor also compares as text (snapshots.ts).
 */
const cursorSchema = z.object({
  t: z.iso.datetime({ precision: 6 }),
  id: z.uuid().transform((id) => id.toLowerCase()),
  /** The first page found the results dense: later pages walk the order index too (see prepared.ts). */
  w: z.boolean(),
});
export type SearchCursor = z.infer<typeof cursorSchema>;

export const searchCursor = sealedCursorCodec(cursorSchema);
