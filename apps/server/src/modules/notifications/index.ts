// The notifications module's public surface.

export { notificationRoutes } from './routes';
export { type NewNotification, notify } from './service';
