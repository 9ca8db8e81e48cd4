// The settings module's public surface.
export { settingsRoutes } from './routes';
