// The notifications module's public surface.

export { notificationRoutes } from './routes';
export {
  announceNotification,
  announceNotifications,
  listNotifications,
  type NewNotification,
  notify,
} from './service';
