import { emptyReplySchema, type NotificationList } from '@royal/shared';
import { api } from '@/lib/api';
import { useOptimisticMutation } from '@/lib/optimistic-mutation';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

const countUnread = (items: NotificationList['items']) => items.filter((item) => !item.is_read).length;

/**
 * One optimistic change of the notification list: `update` rewrites the cached list at once, a
 * failure restores it with an 'Error' toast, and the list is refetched after the last change.
 */
function useNotificationMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<void>,
  update: (list: NotificationList, variables: TVariables) => NotificationList,
) {
  return useOptimisticMutation({
    mutationKey: [...queryKeys.notifications, 'change'],
    mutationFn,
    queryKey: queryKeys.notifications,
    update,
  });
}

export function useMarkNotificationRead() {
  return useNotificationMutation(
    (id: string) => api.post(apiPaths.notificationRead(id), undefined, { schema: emptyReplySchema }),
    (list, id) => {
      const items = list.items.map((item) => (item.id === id ? { ...item, is_read: true } : item));
      return { items, unread_count: countUnread(items) };
    },
  );
}

export function useMarkAllNotificationsRead() {
  return useNotificationMutation<void>(
    () => api.post(apiPaths.notificationsReadAll, undefined, { schema: emptyReplySchema }),
    (list) => ({ items: list.items.map((item) => ({ ...item, is_read: true })), unread_count: 0 }),
  );
}

export function useDismissNotification() {
  return useNotificationMutation(
    (id: string) => api.delete(apiPaths.notification(id), { schema: emptyReplySchema }),
    (list, id) => {
      const items = list.items.filter((item) => item.id !== id);
      return { items, unread_count: countUnread(items) };
    },
  );
}

export function useClearNotifications() {
  return useNotificationMutation<void>(
    () => api.delete(apiPaths.notifications, { schema: emptyReplySchema }),
    () => ({ items: [], unread_count: 0 }),
  );
}
