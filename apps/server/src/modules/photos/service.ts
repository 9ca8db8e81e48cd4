import { AppError, canSeeTier, ErrorCode, isAdmin, type TierLevel } from '@royal/shared';
import { and, eq, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { photos, profiles, userBlocks } from '../../db/schema';
import type { Member } from '../../plugins/session';
import type { PhotoSize } from './urls';

/**
 * Who may see which photo: the owner and admins always; other members only approved photos of
 * tiers they can see and not across a block. The blurred teaser reveals nothing and is open to all
 * members, since locked discovery cards show it.
 */
export async function readPhoto(ctx: AppContext, viewer: Member, photoId: string, size: PhotoSize) {
  const [row] = await ctx.db
    .select({
      ownerId: photos.userId,
      status: photos.status,
      keyLarge: photos.keyLarge,
      keySmall: photos.keySmall,
      keyBlur: photos.keyBlur,
      ownerTier: profiles.tierLevel,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.userId, photos.userId))
    .where(eq(photos.id, photoId));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'Photo not found');

  const isOwner = row.ownerId === viewer.id;
  if (!isOwner && !isAdmin(viewer.actor)) {
    if (row.status !== 'approved') throw new AppError(ErrorCode.NOT_FOUND, 'Photo not found');
    const [block] = await ctx.db
      .select({ id: userBlocks.id })
      .from(userBlocks)
      .where(
        or(
          and(eq(userBlocks.blockerId, viewer.id), eq(userBlocks.blockedId, row.ownerId)),
          and(eq(userBlocks.blockerId, row.ownerId), eq(userBlocks.blockedId, viewer.id)),
        ),
      )
      .limit(1);
    if (block) throw new AppError(ErrorCode.NOT_FOUND, 'Photo not found');
    if (size !== 'blur' && !canSeeTier(viewer.actor, row.ownerTier as TierLevel)) {
      throw new AppError(ErrorCode.PROFILE_RESTRICTED, 'This photo is only visible to higher tiers');
    }
  }
  const key = size === 'small' ? row.keySmall : size === 'blur' ? row.keyBlur : row.keyLarge;
  const object = await ctx.storage.get(key);
  if (!object) throw new AppError(ErrorCode.NOT_FOUND, 'Photo not found');
  return object;
}
