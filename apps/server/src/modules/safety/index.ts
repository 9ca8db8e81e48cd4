// The safety module's public surface: blocks and reports.
export { blockedEitherWay } from './block';
export { safetyRoutes } from './routes';
