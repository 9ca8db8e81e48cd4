export {
  notificationsQueryOptions,
  useClearNotifications,
  useDismissNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from './api/notifications';
export { NotificationsPopover } from './components/notifications-popover';
