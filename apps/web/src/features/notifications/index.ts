// Public surface of the notifications feature.
export {
  useClearNotifications,
  useDismissNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from './api/notification-changes';
export { getNotifications, notificationsQueryOptions, useNotifications } from './api/notifications';
export { NotificationsPopover } from './components/notifications-popover';
