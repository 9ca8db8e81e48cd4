// The safety module's public surface (its routes are registered from src/routes.ts).
export { autoBlockIfSuspect, autoBlockSuspectsFor } from './auto-block';
export { blockMember } from './block';
export { fileReport, type NewReport } from './report';
