import { AppError, ErrorCode, type NotificationType, type TierLevel } from '@royal/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { notifications, photos, profiles } from '../../db/schema';
import type { Work } from '../../db/transaction';
import { noBlockBetween, selectList, type VisibilityViewer, visibleTo } from '../members';
import { actorPhoto, type NotificationRow, presentNotification } from './presenter';

const LIST_LIMIT = 50;

export type NewNotification = {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  actorId?: string | null;
  link?: string | null;
  /** Makes the notification unique per recipient; a repeat with the same key is not written. */
  dedupeKey?: string | null;
};

const recipient = alias(profiles, 'recipient');

/**
 * What a block hides from both members at once: every notification one of them caused the other
 * (a like, a match, a message notice). Notifications without an actor are the member's own: a null
 * actor matches no block row, so both probes pass. Written without an `actor_id is null or`, so
 * PostgreSQL can make each probe an anti-join on the pair's index; behind an OR it hashed the
 * whole block table for every list (3 ms of a 3.5 ms read).
 */
export const notFromBlocked = sql`(${noBlockBetween(notifications.userId, notifications.actorId)})`;

/** A notice's own columns, as the list and the push delivery read them. */
export const noticeColumns = {
  id: notifications.id,
  userId: notifications.userId,
  type: notifications.type,
  title: notifications.title,
  message: notifications.message,
  link: notifications.link,
  isRead: notifications.isRead,
};

/**
 * Notifications with their actor, as the recipient may see them. The actor's avatar follows the
 * members' visibility rule from the recipient's side (a member who went private, into ghost mode or
 * blocked either way shows no photo), evaluated in the same query, and their tier against the
 * recipient's (the presenter's choice of variant): one statement for any number.
 */
function listedColumns() {
  const actorVisible = visibleTo({ id: sql`${notifications.userId}`, tier: sql`${recipient.tierLevel}` });
  const firstVisiblePhoto = sql<string | null>`case when ${actorVisible} then (
    select ${photos.id} from ${photos}
    where ${photos.userId} = ${notifications.actorId} and ${photos.status} = 'approved'
    order by ${photos.position} limit 1) end`;
  return {
    ...noticeColumns,
    createdAt: notifications.createdAt,
    actorId: notifications.actorId,
    actorName: profiles.name,
    actorPhotoId: firstVisiblePhoto,
    actorTier: profiles.tierLevel,
    recipientTier: recipient.tierLevel,
  };
}

type ListedRow = Omit<NotificationRow, 'actorPhotoId' | 'actorTier' | 'recipientTier'> & {
  actorPhotoId: string | null;
  actorTier: number | null;
  recipientTier: number;
};

const withActorPhoto = ({ actorPhotoId, actorTier, recipientTier, ...row }: ListedRow): NotificationRow => ({
  ...row,
  ...actorPhoto(actorPhotoId, actorTier, recipientTier as TierLevel),
});

/** Notifications chosen by `where`, newest first, read in the caller's transaction (announcements). */
async function selectNotifications(db: Db, where: SQL, limit: number): Promise<NotificationRow[]> {
  const rows = await db
    .select(listedColumns())
    .from(notifications)
    .innerJoin(recipient, eq(recipient.userId, notifications.userId))
    .leftJoin(profiles, eq(profiles.userId, notifications.actorId))
    .where(and(where, notFromBlocked))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
  return rows.map(withActorPhoto);
}

// The list and its unread count are read on every visit to the bell: named statements, parsed once
// per connection and planned afresh only until PostgreSQL settles on a plan (a primary-key and an
// index read each; planning the list every time cost more than running it). They stay on the
// ordinary connections: the one-plan pool serves the feed and the member's own view (decision 073).
const listStatement = preparedStatement<ListedRow, { userId: string }>(
  'notifications_list',
  (v) => sql`select ${selectList(listedColumns())}
    from ${notifications}
    join ${profiles} as ${recipient} on ${recipient.userId} = ${notifications.userId}
    left join ${profiles} on ${profiles.userId} = ${notifications.actorId}
    where ${notifications.userId} = ${v.userId}::uuid and ${notFromBlocked}
    order by ${notifications.createdAt} desc
    limit ${sql.raw(String(LIST_LIMIT))}`,
);

const unreadStatement = preparedStatement<{ count: number }, { userId: string }>(
  'notifications_unread',
  (v) => sql`select count(*)::int as count from ${notifications}
    where ${notifications.userId} = ${v.userId}::uuid and ${notifications.isRead} = false and ${notFromBlocked}`,
);

/**
 * The actor's avatar on a notice as its recipient may see it: the list's rule (selectNotifications:
 * the members' visibility from the recipient's side), for a statement that writes a notice and
 * announces it without reading it back (a message, a transfer). `alongside` is a relation of that
 * statement that `recipient`'s columns come from (cross-joined into the lookup).
 */
export function visibleActorPhoto(
  actorId: SQL,
  recipient: VisibilityViewer,
  alongside: SQL = sql``,
): SQL<string | null> {
  return sql<string | null>`(
    select ${photos.id} from ${profiles}
      join ${photos} on ${photos.userId} = ${profiles.userId} and ${photos.status} = 'approved'
      ${alongside}
    where ${profiles.userId} = ${actorId} and ${visibleTo(recipient)}
    order by ${photos.position} limit 1)`;
}

/**
 * Writes notifications in the caller's unit of work and queues `notification.created` for each
 * recipient, built by the same presenter as the list; they go out after commit. Repeats of a
 * dedupe key are skipped. Two statements whatever the number.
 */
export async function notify(work: Work, items: readonly NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  const created = await work.tx
    .insert(notifications)
    .values(
      items.map((n) => ({
        ...n,
        actorId: n.actorId ?? null,
        link: n.link ?? null,
        dedupeKey: n.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing({
      target: [notifications.userId, notifications.dedupeKey],
      where: sql`${notifications.dedupeKey} is not null`,
    })
    .returning({ id: notifications.id });
  await announceNotifications(
    work,
    created.map((c) => c.id),
  );
}

/**
 * Queues `notification.created` for notifications just written (by notify or by a statement of
 * the caller's own), each presented as its recipient's list shows it. One statement.
 */
export async function announceNotifications(work: Work, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await selectNotifications(work.tx, inArray(notifications.id, [...ids]), ids.length);
  for (const row of rows) announceNotification(work, row);
}

/**
 * Queues `notification.created` for a notification this unit of work wrote and knows whole (one
 * without an actor: nothing about another member to look up), without reading it back.
 */
export function announceNotification(work: Work, row: NotificationRow): void {
  work.publish({
    kind: 'deliver',
    userIds: [row.userId],
    event: { type: 'notification.created', payload: presentNotification(row) },
  });
}

/**
 * Marks read the recipient's notice under `dedupeKey`, if it is unread (a chat's new-messages
 * notice once they read the chat), and tells their tabs after commit (`notification.read`), so the
 * badge drops in every tab. One statement, on the dedupe key's unique index.
 */
export async function markNoticeRead(work: Work, userId: string, dedupeKey: string): Promise<void> {
  const read = await work.tx
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.dedupeKey, dedupeKey),
        eq(notifications.isRead, false),
      ),
    )
    .returning({ id: notifications.id });
  if (read.length === 0) return;
  work.publish({
    kind: 'deliver',
    userIds: [userId],
    event: { type: 'notification.read', payload: { ids: read.map((r) => r.id) } },
  });
}

export async function listNotifications(ctx: AppContext, userId: string) {
  const [rows, [unread]] = await Promise.all([
    listStatement.run(ctx.database, { userId }),
    unreadStatement.run(ctx.database, { userId }),
  ]);
  return { items: rows.map(withActorPhoto).map(presentNotification), unread_count: unread?.count ?? 0 };
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
