import {
  AppError,
  ErrorCode,
  EVENT_PHOTO_MAX_COUNT,
  EVENT_PHOTO_MESSAGES,
  type EventPhotos,
  PHOTO_AUTO_APPROVE_MIN_SAFE,
  PHOTO_MAX_BYTES,
  PHOTO_UPLOAD_MESSAGES,
} from '@royal/shared';
import type { AppContext } from '../../context';
import { ImageRejected, type ProcessedImage, processImage, storeWebpObjects } from '../photos';
import { auditEvent, type EventAuditor } from './event-audit';
import { listEventPhotos } from './event-photo-file';
import { newEventPhotoKeys, removeEventPhotoObjects } from './event-photo-objects';
import { loadEvent } from './find-event';
import { countEventPhotos, insertEventPhoto } from './queries';

const rejected = (message: string, reason: string) =>
  new AppError(ErrorCode.UPLOAD_REJECTED, message, { reason });

/** Through the member photo pipeline: sniffed, turned upright, re-encoded to WebP without metadata. */
async function processed(file: Buffer): Promise<ProcessedImage> {
  if (file.length === 0) throw rejected(PHOTO_UPLOAD_MESSAGES.empty, 'empty');
  if (file.length > PHOTO_MAX_BYTES) throw rejected(PHOTO_UPLOAD_MESSAGES.tooLarge, 'too_large');
  try {
    return await processImage(file);
  } catch (error) {
    if (error instanceof ImageRejected) throw rejected(error.message, error.code);
    throw error;
  }
}

/**
 * The nsfw classifier members' photos go through, scored now: an event photo is shown at once to
 * every member the event admits and there is no review queue for it, so only a photo the classifier
 * is confident is safe is kept (the same bar as a member photo's auto-approval). A classifier that
 * fails refuses the photo for now rather than let an unchecked one through.
 */
async function safeScore(ctx: AppContext, image: ProcessedImage): Promise<number> {
  let score: number;
  try {
    score = await ctx.classifier.safeProbability(image.small);
  } catch (error) {
    ctx.log.warn({ err: error }, 'event photo could not be scored');
    throw rejected(EVENT_PHOTO_MESSAGES.notChecked, 'unchecked');
  }
  if (score < PHOTO_AUTO_APPROVE_MIN_SAFE) throw rejected(EVENT_PHOTO_MESSAGES.notSafe, 'not_safe');
  return score;
}

/**
 * A manager adds one photo to an event, at the end (the first is the cover). The limit is checked
 * early (no decoding for a seventh photo) and again under the event's row lock; the stored variants
 * are removed again if the row cannot be written, so a refused upload leaves nothing behind.
 */
export async function uploadEventPhoto(
  ctx: AppContext,
  { actor, ip, eventId, file }: EventAuditor & { eventId: string; file: Buffer },
): Promise<EventPhotos> {
  await loadEvent(ctx, eventId);
  if ((await countEventPhotos(ctx.db, eventId)) >= EVENT_PHOTO_MAX_COUNT) {
    throw rejected(EVENT_PHOTO_MESSAGES.limit, 'limit');
  }
  const image = await processed(file);
  const score = await safeScore(ctx, image);
  const keys = newEventPhotoKeys(eventId);
  await storeWebpObjects(ctx.storage, [
    [keys.keyLarge, image.large],
    [keys.keySmall, image.small],
  ]);
  try {
    await ctx.transact(async ({ tx }) => {
      await loadEvent({ db: tx }, eventId, { forUpdate: true });
      const position = await countEventPhotos(tx, eventId);
      if (position >= EVENT_PHOTO_MAX_COUNT) throw rejected(EVENT_PHOTO_MESSAGES.limit, 'limit');
      const photo = await insertEventPhoto(tx, {
        eventId,
        position,
        ...keys,
        width: image.width,
        height: image.height,
        aiConfidenceScore: score,
        createdBy: actor.id,
      });
      await auditEvent(tx, { actor, ip }, 'event.photo_add', eventId, {
        after: { photo_id: photo.id, position, ai_confidence_score: score },
      });
    });
  } catch (error) {
    await removeEventPhotoObjects(ctx, [keys.keyLarge, keys.keySmall]);
    throw error;
  }
  return listEventPhotos(ctx, eventId);
}
