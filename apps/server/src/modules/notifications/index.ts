// The notifications module's public surface.

export { actorPhoto } from './presenter';
export { notificationRoutes } from './routes';
export {
  announceNotification,
  announceNotifications,
  listNotifications,
  markNoticeRead,
  type NewNotification,
  notify,
} from './service';
