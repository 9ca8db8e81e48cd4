import type { Notification, NotificationType, TierLevel } from '@royal/shared';
import { photoSizesFor } from '../members';
import { photoUrl } from '../photos';

/**
 * The actor's avatar: their first photo the recipient may see (visibleTo), if any, with the two
 * tiers that choose the variant the photo route serves the recipient.
 */
export type ActorPhoto =
  | { actorPhotoId: null }
  | { actorPhotoId: string; actorTier: number; recipientTier: TierLevel };

export type NotificationRow = {
  id: string;
  userId: string;
  type: string;
  title: string;
  message: string;
  link: string | null;
  isRead: boolean;
  createdAt: Date;
  actorId: string | null;
  actorName: string | null;
} & ActorPhoto;

/** An ActorPhoto from a query's columns: no photo, or no actor (no tier), shows no avatar. */
export function actorPhoto(
  photoId: string | null,
  actorTier: number | null,
  recipientTier: TierLevel,
): ActorPhoto {
  return photoId === null || actorTier === null
    ? { actorPhotoId: null }
    : { actorPhotoId: photoId, actorTier, recipientTier };
}

function avatarOf(photo: ActorPhoto): string | null {
  if (photo.actorPhotoId === null) return null;
  return photoUrl(photo.actorPhotoId, photoSizesFor(photo.actorTier, photo.recipientTier).avatar);
}

/** Used by the list route and by the realtime `notification.created` event alike. */
export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    message: row.message,
    link: row.link,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
    actor: row.actorId ? { id: row.actorId, name: row.actorName ?? 'Member', avatar: avatarOf(row) } : null,
  };
}
