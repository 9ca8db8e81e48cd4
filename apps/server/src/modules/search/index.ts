// The search module's public surface.
export { searchRoutes } from './routes';
export { searchStatements } from './service';
