// The search module's public surface.
export { nearSinceStatement, snapshotStatement, tableStatements, windowStatements } from './statements';
