import { AppError, ErrorCode, type EventPhotoSize, type EventPhotos } from '@royal/shared';
import type { AppContext } from '../../context';
import type { MemberActor } from '../../ports/auth';
import { presentEventPhoto } from './event-photo-urls';
import { loadEvent, requireEventAccess } from './find-event';
import { findEventPhotoKeys, selectEventPhotos } from './queries';

const PHOTO_NOT_FOUND = 'Photo not found';

/** The event's photos, cover first, with the URLs that serve them. */
export async function listEventPhotos(ctx: AppContext, eventId: string): Promise<EventPhotos> {
  const rows = await selectEventPhotos(ctx.db, eventId);
  return { photos: rows.map((row) => presentEventPhoto(eventId, row)) };
}

/**
 * The stored key of a photo of an event the viewer may open: members whose tier the event admits and
 * managers (requireEventAccess). A locked event serves no photo, whatever its id: 403 TIER_REQUIRED.
 */
async function viewableKey(ctx: AppContext, viewer: MemberActor, eventId: string, photoId: string) {
  const event = await loadEvent(ctx, eventId);
  requireEventAccess(viewer, event);
  const keys = await findEventPhotoKeys(ctx.db, eventId, photoId);
  if (!keys) throw new AppError(ErrorCode.NOT_FOUND, PHOTO_NOT_FOUND);
  return keys;
}

/** The photos of an event the viewer may open (the managers' form reads these). */
export async function listViewableEventPhotos(
  ctx: AppContext,
  { viewer, eventId }: { viewer: MemberActor; eventId: string },
): Promise<EventPhotos> {
  requireEventAccess(viewer, await loadEvent(ctx, eventId));
  return listEventPhotos(ctx, eventId);
}

/** Checks access only: for a conditional request whose cached copy is still the same bytes. */
export async function assertEventPhotoViewable(
  ctx: AppContext,
  args: { viewer: MemberActor; eventId: string; photoId: string },
): Promise<void> {
  await viewableKey(ctx, args.viewer, args.eventId, args.photoId);
}

/** The bytes of one variant of an event photo the viewer may see. */
export async function readEventPhoto(
  ctx: AppContext,
  {
    viewer,
    eventId,
    photoId,
    size,
  }: { viewer: MemberActor; eventId: string; photoId: string; size: EventPhotoSize },
) {
  const keys = await viewableKey(ctx, viewer, eventId, photoId);
  const object = await ctx.storage.get(size === 'small' ? keys.keySmall : keys.keyLarge);
  if (!object) throw new AppError(ErrorCode.NOT_FOUND, PHOTO_NOT_FOUND);
  return object;
}
