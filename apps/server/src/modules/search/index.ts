// The search module's public surface.
export { searchRoutes } from './routes';
export { snapshotStatement, tableStatements, windowStatements } from './statements';
