// The notifications module's public surface.

export { notificationRoutes } from './routes';
export { announceNotification, announceNotifications, type NewNotification, notify } from './service';
