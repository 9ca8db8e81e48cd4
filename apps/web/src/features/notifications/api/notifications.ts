import type { NotificationList } from '@royal/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, errorMessage } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export function getNotifications(): Promise<NotificationList> {
  return api.get<NotificationList>('/api/notifications');
}

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notifications, queryFn: getNotifications });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

const countUnread = (items: NotificationList['items']) => items.filter((item) => !item.is_read).length;

/**
 * One optimistic mutation on the notification list: `update` rewrites the cached list at once,
 * a failure restores the snapshot and shows an 'Error' toast, and the list is refetched after.
 */
function useNotificationMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<void>,
  update: (list: NotificationList, variables: TVariables) => NotificationList,
) {
  const queryClient = useQueryClient();
  const key = queryKeys.notifications;
  return useMutation({
    mutationKey: [...key, 'change'],
    mutationFn,
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationList>(key);
      if (previous) queryClient.setQueryData<NotificationList>(key, update(previous, variables));
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error('Error', { description: errorMessage(error) });
    },
    onSettled: () => {
      // Refetch only when the last of several quick changes has settled, so an older reply
      // cannot overwrite a newer optimistic state.
      if (queryClient.isMutating({ mutationKey: [...key, 'change'] }) === 1) {
        return queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}

export function useMarkNotificationRead() {
  return useNotificationMutation(
    (id: string) => api.post(`/api/notifications/${encodeURIComponent(id)}/read`),
    (list, id) => {
      const items = list.items.map((item) => (item.id === id ? { ...item, is_read: true } : item));
      return { items, unread_count: countUnread(items) };
    },
  );
}

export function useMarkAllNotificationsRead() {
  return useNotificationMutation<void>(
    () => api.post('/api/notifications/read-all'),
    (list) => ({ items: list.items.map((item) => ({ ...item, is_read: true })), unread_count: 0 }),
  );
}

export function useDismissNotification() {
  return useNotificationMutation(
    (id: string) => api.delete(`/api/notifications/${encodeURIComponent(id)}`),
    (list, id) => {
      const items = list.items.filter((item) => item.id !== id);
      return { items, unread_count: countUnread(items) };
    },
  );
}

export function useClearNotifications() {
  return useNotificationMutation<void>(
    () => api.delete('/api/notifications'),
    () => ({ items: [], unread_count: 0 }),
  );
}
