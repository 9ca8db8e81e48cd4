// The safety module's public surface (its routes are registered from src/routes.ts).
export { blockMember } from './block';
