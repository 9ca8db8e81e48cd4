import { AppError, ErrorCode, type EventPhotos } from '@royal/shared';
import type { AppContext } from '../../context';
import { auditEvent, type EventAuditor } from './event-audit';
import { listEventPhotos } from './event-photo-file';
import { removeEventPhotoObjects } from './event-photo-objects';
import { loadEvent } from './find-event';
import { compactEventPhotoPositions, deleteEventPhotoRow } from './queries';

const PHOTO_NOT_FOUND = 'Photo not found';

/** A manager removes one of an event's photos; the next becomes the cover when it was the first. */
export async function deleteEventPhoto(
  ctx: AppContext,
  { actor, ip, eventId, photoId }: EventAuditor & { eventId: string; photoId: string },
): Promise<EventPhotos> {
  const gone = await ctx.transact(async ({ tx }) => {
    await loadEvent({ db: tx }, eventId, { forUpdate: true });
    const keys = await deleteEventPhotoRow(tx, eventId, photoId);
    if (!keys) throw new AppError(ErrorCode.NOT_FOUND, PHOTO_NOT_FOUND);
    await compactEventPhotoPositions(tx, eventId);
    await auditEvent(tx, { actor, ip }, 'event.photo_remove', eventId, { before: { photo_id: photoId } });
    return keys;
  });
  // After commit: the row is gone first, so nothing ever points at a missing file.
  await removeEventPhotoObjects(ctx, [gone.keyLarge, gone.keySmall]);
  return listEventPhotos(ctx, eventId);
}
