// The search module's public surface.
export { snapshotStatement, tableStatements, windowStatements } from './statements';
