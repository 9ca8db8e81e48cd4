// The matches module's public surface.
export { expireMatches } from './expiry';
export { matchIsOpen } from './policy';
