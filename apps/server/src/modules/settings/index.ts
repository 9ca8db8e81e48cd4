// The settings module's public surface.
export { getSettings } from './service';
