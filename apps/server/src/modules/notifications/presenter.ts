import type { Notification, NotificationType } from '@royal/shared';
import { photoUrl } from '../photos';

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
  actorPhotoId: string | null;
};

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
    actor: row.actorId
      ? {
          id: row.actorId,
          name: row.actorName ?? 'Member',
          avatar: row.actorPhotoId ? photoUrl(row.actorPhotoId, 'small') : null,
        }
      : null,
  };
}
