// The notifications module's public surface.

export { notificationRoutes } from './routes';
export { announceNotifications, type NewNotification, notify } from './service';
