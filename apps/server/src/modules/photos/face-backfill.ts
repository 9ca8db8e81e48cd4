import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { photos } from '../../db/schema';
import { faceFromLarge, variantKey } from './pipeline';

// Photos stored before face squares existed (migration 0037) have no key_face. Theirs is made the
// first time anyone allowed to see the photo asks for it, from the large variant, and kept: a
// backfill job would redo every photo of every member, most of whom are never shown as an avatar
// again, and until it reached a photo its avatar would need a second fallback path.

export type FacelessPhoto = { id: string; ownerId: string; keyLarge: string };

/**
 * Makes, stores and records the face square of a photo that has none; returns its key, or null when
 * the photo's large object is missing or the photo was deleted meanwhile. Two viewers asking at once
 * both make one; the first write wins and the other's object is removed.
 */
export async function createMissingFaceVariant(
  ctx: AppContext,
  photo: FacelessPhoto,
): Promise<string | null> {
  const large = await ctx.storage.get(photo.keyLarge);
  if (!large) return null;
  const key = variantKey(photo.ownerId, randomUUID(), 'f');
  await ctx.storage.put(key, await faceFromLarge(large.body), 'image/webp');
  const [won] = await ctx.db
    .update(photos)
    .set({ keyFace: key })
    .where(and(eq(photos.id, photo.id), isNull(photos.keyFace)))
    .returning({ keyFace: photos.keyFace });
  if (won) return key;
  await ctx.storage.delete(key).catch((err) => ctx.log.warn({ err }, 'spare face square not removed'));
  const [current] = await ctx.db
    .select({ keyFace: photos.keyFace })
    .from(photos)
    .where(eq(photos.id, photo.id));
  return current?.keyFace ?? null;
}
