import { type NotificationList, notificationListSchema } from '@royal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return api.get(apiPaths.notifications, { schema: notificationListSchema, signal });
}

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notifications, queryFn: ({ signal }) => getNotifications(signal) });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
