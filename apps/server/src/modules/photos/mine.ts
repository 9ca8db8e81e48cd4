import {
  AppError,
  ErrorCode,
  type MyPhoto,
  type MyPhotos,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_COUNT,
  PHOTO_UPLOAD_MESSAGES,
  type PhotoAppealBody,
} from '@royal/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { photos, profiles } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { MemberActor } from '../auth';
import { ImageRejected, type PhotoKeys, processImage, storePhotoVariants } from './pipeline';
import { presentMyPhoto } from './presenter';

// The member's own photos: upload, delete, reorder, appeal. Position 0 is the main photo and the
// avatar; positions stay 0…n-1 after every change, inside the change's transaction.

const PHOTO_LIMIT_MESSAGE = PHOTO_UPLOAD_MESSAGES.limit;
const PHOTO_TOO_LARGE_MESSAGE = PHOTO_UPLOAD_MESSAGES.tooLarge;
const PHOTO_EMPTY_MESSAGE = PHOTO_UPLOAD_MESSAGES.empty;
const NOT_FOUND = 'Photo not found';

/** The queue name of the moderation job (jobs/index.ts); an upload asks for a run right away. */
export const MODERATION_JOB = 'photo-moderation';

function uploadRejected(message: string, reason: string): AppError {
  return new AppError(ErrorCode.UPLOAD_REJECTED, message, { reason });
}

/** Serialises changes to one member's photos (count, positions) on their profile row. */
async function lockMember(tx: Db, userId: string) {
  await tx.execute(sql`select 1 from ${profiles} where ${profiles.userId} = ${userId} for update`);
}

/**
 * Takes the lock the member's own photo changes take first (lockMember), for a change made by someone
 * else (moderation): the owner's profile, then the photo. The photos' copy trigger
 * (db/sql/photos_copy_ids.sql) locks the profile after the photo it changed; a moderation decision
 * that did not take this lock first could hold the photo while the member's reorder held the profile,
 * each waiting on the other.
 * Answers the owner's id (null: no such photo).
 */
export async function lockPhotoOwner(tx: Db, photoId: string): Promise<string | null> {
  const { rows } = await tx.execute<{
    ownerId: string;
  }>(sql`select ${profiles.userId} as "ownerId" from ${profiles}
    where ${profiles.userId} = (select ${photos.userId} from ${photos} where ${photos.id} = ${photoId})
    for update`);
  return rows[0]?.ownerId ?? null;
}

async function countPhotos(tx: Db, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(photos).where(eq(photos.userId, userId));
  return row?.n ?? 0;
}

/** Rewrites positions to 0…n-1 in their current order (after a delete). */
async function compactPositions(tx: Db, userId: string) {
  await tx.execute(sql`
    update ${photos} set position = ordered.rank - 1
    from (select id, row_number() over (order by position, created_at, id) as rank
          from ${photos} where user_id = ${userId}) ordered
    where ${photos.id} = ordered.id and ${photos.position} <> ordered.rank - 1`);
}

export async function listMyPhotos(ctx: AppContext, actor: MemberActor): Promise<MyPhotos> {
  const rows = await ctx.db
    .select()
    .from(photos)
    .where(eq(photos.userId, actor.id))
    .orderBy(asc(photos.position), asc(photos.createdAt));
  return { photos: rows.map(presentMyPhoto) };
}

/** Asks the moderation job to run now; the minute schedule catches up if the queue is unavailable. */
async function requestModeration(ctx: AppContext) {
  if (ctx.jobs.kind === 'off') return;
  try {
    await ctx.jobs.send(MODERATION_JOB);
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not queue photo moderation; the schedule will pick the photo up');
  }
}

/** A stored photo's objects; a photo from before face squares may not have one yet. */
type StoredKeys = Omit<PhotoKeys, 'keyFace'> & { keyFace: string | null };

async function removeObjects(ctx: AppContext, keys: StoredKeys) {
  const stored = [keys.keyLarge, keys.keySmall, keys.keyBlur, keys.keyFace].filter((key) => key !== null);
  const results = await Promise.allSettled(stored.map((key) => ctx.storage.delete(key)));
  for (const result of results) {
    if (result.status === 'rejected') ctx.log.warn({ err: result.reason }, 'photo object not removed');
  }
}

/**
 * One uploaded file → a pending photo at the end of the member's list. The bytes are judged and
 * re-encoded first (pipeline.ts); the stored variants are removed again if the row cannot be written
 * (the seventh photo raced in, the database refused), so a refused upload leaves nothing behind.
 */
export async function uploadPhoto(
  ctx: AppContext,
  { actor, file }: { actor: MemberActor; file: Buffer },
): Promise<MyPhoto> {
  if (file.length === 0) throw uploadRejected(PHOTO_EMPTY_MESSAGE, 'empty');
  if (file.length > PHOTO_MAX_BYTES) throw uploadRejected(PHOTO_TOO_LARGE_MESSAGE, 'too_large');
  // Cheap early answer before any decoding; the count is checked again under the lock below.
  if ((await countPhotos(ctx.db, actor.id)) >= PHOTO_MAX_COUNT) {
    throw uploadRejected(PHOTO_LIMIT_MESSAGE, 'limit');
  }
  let image: Awaited<ReturnType<typeof processImage>>;
  try {
    image = await processImage(file);
  } catch (error) {
    if (error instanceof ImageRejected) throw uploadRejected(error.message, error.code);
    throw error;
  }
  const keys = await storePhotoVariants(ctx.storage, actor.id, image);
  let row: Awaited<ReturnType<typeof insertPhoto>>;
  try {
    row = await insertPhoto(ctx, actor, keys, image);
  } catch (error) {
    await removeObjects(ctx, keys);
    throw error;
  }
  await requestModeration(ctx);
  return presentMyPhoto(row);
}

function insertPhoto(
  ctx: AppContext,
  actor: MemberActor,
  keys: PhotoKeys,
  image: { width: number; height: number },
) {
  return ctx.transact(async ({ tx }) => {
    await lockMember(tx, actor.id);
    const position = await countPhotos(tx, actor.id);
    if (position >= PHOTO_MAX_COUNT) throw uploadRejected(PHOTO_LIMIT_MESSAGE, 'limit');
    const [row] = await tx
      .insert(photos)
      .values({ userId: actor.id, position, ...keys, width: image.width, height: image.height })
      .returning();
    if (!row) throw new Error('photo insert returned nothing');
    return row;
  });
}

/** Deletes one of the member's photos; the next one becomes the main photo when it was the first. */
export async function deletePhoto(
  ctx: AppContext,
  { actor, photoId }: { actor: MemberActor; photoId: string },
): Promise<MyPhotos> {
  const keys = await ctx.transact(async ({ tx }) => {
    await lockMember(tx, actor.id);
    const [gone] = await tx
      .delete(photos)
      .where(and(eq(photos.id, photoId), eq(photos.userId, actor.id)))
      .returning({
        keyLarge: photos.keyLarge,
        keySmall: photos.keySmall,
        keyBlur: photos.keyBlur,
        keyFace: photos.keyFace,
      });
    if (!gone) throw new AppError(ErrorCode.NOT_FOUND, NOT_FOUND);
    await compactPositions(tx, actor.id);
    return gone;
  });
  // After commit: a failed object delete leaves an unreachable file, never a row without its file.
  await removeObjects(ctx, keys);
  return listMyPhotos(ctx, actor);
}

/** Puts the member's photos in the given order (every one of their ids exactly once). */
export async function reorderPhotos(
  ctx: AppContext,
  { actor, ids }: { actor: MemberActor; ids: string[] },
): Promise<MyPhotos> {
  await ctx.transact(async ({ tx }) => {
    await lockMember(tx, actor.id);
    const own = await tx.select({ id: photos.id }).from(photos).where(eq(photos.userId, actor.id));
    const ownIds = new Set(own.map((p) => p.id));
    const sameSet =
      ids.length === ownIds.size && new Set(ids).size === ids.length && ids.every((id) => ownIds.has(id));
    if (!sameSet) {
      const message = 'The new order must list each of your photos exactly once';
      throw new AppError(ErrorCode.VALIDATION_FAILED, message, [{ path: 'ids', message }]);
    }
    await tx.execute(sql`
      update ${photos} set position = wanted.rank - 1
      from unnest(array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]) with ordinality as wanted(id, rank)
      where ${photos.id} = wanted.id and ${photos.userId} = ${actor.id}`);
  });
  return listMyPhotos(ctx, actor);
}

/**
 * Appeals a rejection of one's own photo, once. Someone else's photo is "not found" (its existence
 * is not confirmed); a photo that is not rejected, or already appealed, is a conflict with the reason.
 */
export async function appealPhoto(
  ctx: AppContext,
  { actor, photoId, input }: { actor: MemberActor; photoId: string; input: PhotoAppealBody },
): Promise<MyPhoto> {
  return ctx.transact(async ({ tx }) => {
    const [row] = await tx
      .select()
      .from(photos)
      .where(and(eq(photos.id, photoId), eq(photos.userId, actor.id)))
      .for('update');
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, NOT_FOUND);
    if (row.status !== 'rejected') {
      throw new AppError(ErrorCode.CONFLICT, 'Only a rejected photo can be appealed');
    }
    if (row.appealStatus !== 'none') {
      throw new AppError(ErrorCode.CONFLICT, 'You have already appealed this photo');
    }
    const [updated] = await tx
      .update(photos)
      .set({ appealStatus: 'submitted', appealReason: input.reason, appealSubmittedAt: new Date() })
      .where(eq(photos.id, photoId))
      .returning();
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'photo.appeal_submitted',
      reasonCode: 'member_appeal',
      targetType: 'photo',
      targetId: photoId,
      memberId: actor.id,
      data: { reason: input.reason },
    });
    return presentMyPhoto(updated as NonNullable<typeof updated>);
  });
}
