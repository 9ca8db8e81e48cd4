import { AppError, ErrorCode, type NotificationType } from '@royal/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { notifications, photos, profiles } from '../../db/schema';
import { type NotificationRow, presentNotification } from './presenter';

const LIST_LIMIT = 50;

export type NewNotification = {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  actorId?: string | null;
  link?: string | null;
};

type Executor = Pick<Db, 'insert'>;

/** Writes inside the caller's transaction; call `announceNotifications` once it has committed. */
export async function createNotifications(tx: Executor, items: NewNotification[]) {
  if (items.length === 0) return [];
  return tx
    .insert(notifications)
    .values(items.map((n) => ({ ...n, actorId: n.actorId ?? null, link: n.link ?? null })))
    .returning({ id: notifications.id, userId: notifications.userId });
}

export async function announceNotifications(ctx: AppContext, created: { id: string; userId: string }[]) {
  for (const { id, userId } of created) {
    const [row] = await selectNotifications(ctx.db, userId, id);
    if (row) {
      await ctx.bus.publish({
        userIds: [userId],
        event: { type: 'notification.created', payload: presentNotification(row) },
      });
    }
  }
}

function selectNotifications(db: Db, userId: string, id?: string): Promise<NotificationRow[]> {
  // The actor's avatar is their first approved photo; a correlated sub-select keeps it one query.
  const actorPhoto = sql<string | null>`(
    select ${photos.id} from ${photos}
    where ${photos.userId} = ${notifications.actorId} and ${photos.status} = 'approved'
    order by ${photos.position} limit 1)`;
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      link: notifications.link,
      isRead: notifications.isRead,
      createdAt: notifications.createdAt,
      actorId: notifications.actorId,
      actorName: profiles.name,
      actorPhotoId: actorPhoto,
    })
    .from(notifications)
    .leftJoin(profiles, eq(profiles.userId, notifications.actorId))
    .where(
      id ? and(eq(notifications.userId, userId), eq(notifications.id, id)) : eq(notifications.userId, userId),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(LIST_LIMIT);
}

export async function listNotifications(ctx: AppContext, userId: string) {
  const [rows, [unread]] = await Promise.all([
    selectNotifications(ctx.db, userId),
    ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false))),
  ]);
  return { items: rows.map(presentNotification), unread_count: unread?.count ?? 0 };
}

export async function markRead(ctx: AppContext, userId: string, id: string) {
  const updated = await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw new AppError(ErrorCode.NOT_FOUND, 'Notification not found');
}

export async function markAllRead(ctx: AppContext, userId: string) {
  await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
}

export async function dismiss(ctx: AppContext, userId: string, id: string) {
  const deleted = await ctx.db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (deleted.length === 0) throw new AppError(ErrorCode.NOT_FOUND, 'Notification not found');
}

export async function clearAll(ctx: AppContext, userId: string) {
  await ctx.db.delete(notifications).where(eq(notifications.userId, userId));
}
