import { SEARCH_PAGE_SIZE } from '@royal/shared';
import { z } from 'zod';
import { sealedCursorCodec } from '../../lib/cursor';
import { nearKeySchema } from '../members';

// The search's page cursor, sealed: it holds another member's last activity, or distance.

/**
 * Near-first shows first the members within the preference active since this time (the last of
 * those its snapshot held on the first page), or every one of them (''): fixed for one traversal.
 */
const sinceSchema = z.union([z.iso.datetime({ precision: 6 }), z.literal('')]);

/**
 * Where the previous page stopped in the most-recently-active order: last activity (UTC text with
 * microseconds, as the server wrote it) and id, and the page plan. UTC and lower case only, so a
 * cursor also compares as text (snapshots.ts).
 */
const activityCursorSchema = z.object({
  t: z.iso.datetime({ precision: 6 }),
  id: z.uuid().transform((id) => id.toLowerCase()),
  /** The first page found the results dense: later pages walk the order index too (see prepared.ts). */
  w: z.boolean(),
  /** Near-first's rest: all but the members it showed first, those near and active since this. */
  b: sinceSchema.optional(),
});
export type ActivityCursor = z.infer<typeof activityCursorSchema>;

/** Still within the viewer's preference, near first: where the walk stopped (members/near-walk.ts). */
const nearCursorSchema = z.object({ n: nearKeySchema(SEARCH_PAGE_SIZE), s: sinceSchema });

const cursorSchema = z.union([activityCursorSchema, nearCursorSchema]);
export type SearchCursor = z.infer<typeof cursorSchema>;

export const searchCursor = sealedCursorCodec(cursorSchema);
