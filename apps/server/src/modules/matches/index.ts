// The matches module's public surface.
export { expireMatches } from './expiry';
export { isMatchOpen, matchIsOpen, wantsMatchNotices } from './policy';
