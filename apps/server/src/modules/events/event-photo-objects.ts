import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';

/** Fresh random keys in the event's folder (never derived from the upload's name). */
export function newEventPhotoKeys(eventId: string) {
  const stem = randomUUID();
  return {
    keyLarge: `events/${eventId}/${stem}-l.webp`,
    keySmall: `events/${eventId}/${stem}-s.webp`,
  };
}

/**
 * Removes stored objects after the rows that pointed at them are gone (or were never written). A
 * failed delete leaves an unreachable file, never a row without its file; it is logged.
 */
export async function removeEventPhotoObjects(ctx: AppContext, keys: readonly string[]) {
  const results = await Promise.allSettled(keys.map((key) => ctx.storage.delete(key)));
  for (const result of results) {
    if (result.status === 'rejected') ctx.log.warn({ err: result.reason }, 'event photo object not removed');
  }
}
