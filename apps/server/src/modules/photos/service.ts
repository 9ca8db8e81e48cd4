import { AppError, canSeeTier, ErrorCode, isAdmin, type TierLevel } from '@royal/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { photos, profiles } from '../../db/schema';
import type { MemberActor } from '../auth';
import { visibleTo } from '../members';
import { createMissingFaceVariant } from './face-backfill';
import type { PhotoSize } from './urls';

const NOT_FOUND = 'Photo not found';

/**
 * Who may see which photo — the same visibility rule as the profile page (members/policy.ts): the
 * owner and admins always; anyone else only an approved photo of a member they may know exists (not
 * ghost, private, tier_only above them or blocked either way), and of a tier above theirs only the
 * blurred teaser the locked cards show. A refusal never says which rule refused.
 */
async function findViewablePhoto(ctx: AppContext, actor: MemberActor, photoId: string, size: PhotoSize) {
  const [row] = await ctx.db
    .select({
      ownerId: photos.userId,
      status: photos.status,
      keyLarge: photos.keyLarge,
      keySmall: photos.keySmall,
      keyBlur: photos.keyBlur,
      keyFace: photos.keyFace,
      ownerTier: profiles.tierLevel,
      ownerVisible: sql<boolean>`(${visibleTo(actor) as SQL})`,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.userId, photos.userId))
    .where(eq(photos.id, photoId));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, NOT_FOUND);
  if (row.ownerId === actor.id || isAdmin(actor.rules)) return row;
  if (row.status !== 'approved' || !row.ownerVisible) throw new AppError(ErrorCode.NOT_FOUND, NOT_FOUND);
  if (size !== 'blur' && !canSeeTier(actor.rules, row.ownerTier as TierLevel)) {
    throw new AppError(ErrorCode.PROFILE_RESTRICTED, 'This photo is only visible to higher tiers');
  }
  return row;
}

type ViewablePhoto = Awaited<ReturnType<typeof findViewablePhoto>>;

/** The object key of one variant; a photo from before face squares gets its square now. */
async function storedKey(ctx: AppContext, photoId: string, row: ViewablePhoto, size: PhotoSize) {
  switch (size) {
    case 'large':
      return row.keyLarge;
    case 'small':
      return row.keySmall;
    case 'blur':
      return row.keyBlur;
    case 'face':
      return (
        row.keyFace ??
        createMissingFaceVariant(ctx, { id: photoId, ownerId: row.ownerId, keyLarge: row.keyLarge })
      );
  }
}

/** The stored bytes of a photo variant the member may see (see findViewablePhoto). */
export async function readPhoto(ctx: AppContext, actor: MemberActor, photoId: string, size: PhotoSize) {
  const row = await findViewablePhoto(ctx, actor, photoId, size);
  const key = await storedKey(ctx, photoId, row, size);
  const object = key ? await ctx.storage.get(key) : null;
  if (!object) throw new AppError(ErrorCode.NOT_FOUND, NOT_FOUND);
  return object;
}

/** Checks access only: for a conditional request whose cached copy is still the same bytes. */
export async function assertPhotoViewable(
  ctx: AppContext,
  actor: MemberActor,
  photoId: string,
  size: PhotoSize,
) {
  await findViewablePhoto(ctx, actor, photoId, size);
}
