import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Better Auth's session cookie, read without Better Auth. Its value is `token.signature`, the
 * signature being base64 HMAC-SHA256 of the token under the auth secret (better-call's
 * signCookieValue). Checking it here with node:crypto costs microseconds, where Better Auth imports
 * a WebCrypto key on every request; a contract test (actor.test.ts) keeps the two in agreement.
 */
export const SESSION_COOKIE = 'rc.session_token';
/** Better Auth prefixes the name with __Secure- when cookies are Secure (https origins). */
export const sessionCookieName = (secure: boolean) =>
  secure ? `__Secure-${SESSION_COOKIE}` : SESSION_COOKIE;

/**
 * A Set-Cookie that drops the session cookie, for when Better Auth has no session left to sign out.
 * It must carry the real name, and Secure with it: browsers ignore a __Secure- cookie set without.
 */
export const expiredSessionCookie = (secure: boolean) =>
  `${sessionCookieName(secure)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

const SIGNATURE_LENGTH = 44; // base64 of 32 bytes

function signatureOf(token: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(token).digest();
}

/** The cookie value Better Auth would set for `token` (tests and fixtures create sessions directly). */
export function signSessionToken(token: string, secret: string): string {
  return `${token}.${signatureOf(token, secret).toString('base64')}`;
}

/** The session token inside a signed cookie value, or null when the signature does not hold. */
export function verifySessionCookie(value: string | undefined, secret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith('=')) return null;
  const given = Buffer.from(signature, 'base64');
  const expected = signatureOf(token, secret);
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
