// The notifications module's public surface.
export { type NewNotification, notify } from './service';
export { notificationRoutes } from './routes';
