import { z } from 'zod';
import { cursorCodec } from '../../lib/cursor';

/** Where a chat page stopped: its oldest message's time (microseconds) and id. */
const messageCursorSchema = z.object({ t: z.iso.datetime({ offset: true, precision: 6 }), id: z.uuid() });
export const messageCursor = cursorCodec(messageCursorSchema);
