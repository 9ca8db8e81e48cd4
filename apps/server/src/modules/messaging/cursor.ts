import { z } from 'zod';
import { cursorCodec } from '../../lib/cursor';

/** Where a chat page stopped: its oldest message's time (microseconds) and id. */
const messageCursorSchema = z.object({ t: z.iso.datetime({ offset: true, precision: 6 }), id: z.uuid() });
export const messageCursor = cursorCodec(messageCursorSchema);

/** Where a page of the match list stopped: its last match's activity time (microseconds) and id. */
export const matchListCursor = cursorCodec(
  z.object({ t: z.iso.datetime({ offset: true, precision: 6 }), id: z.uuid() }),
);
