// The settings module's public surface.
export { settingsRoutes } from './routes';
export { getSettings } from './service';
