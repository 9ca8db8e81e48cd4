import { signSessionToken } from './session-cookie';

type CookieAttributes = {
  path?: string | undefined;
  sameSite?: string | undefined;
  secure?: boolean | undefined;
  httpOnly?: boolean | undefined;
  domain?: string | undefined;
};

/**
 * The Set-Cookie for a session our own code started (auth.ts createSession), with Better Auth's
 * cookie name and attributes and the value it would sign, so its getSession and our actor resolver
 * both read it.
 */
export function sessionSetCookie(
  name: string,
  attributes: CookieAttributes,
  token: string,
  secret: string,
  maxAgeSeconds: number,
): string {
  const parts = [
    `${name}=${encodeURIComponent(signSessionToken(token, secret))}`,
    `Max-Age=${maxAgeSeconds}`,
    `Path=${attributes.path ?? '/'}`,
  ];
  if (attributes.domain) parts.push(`Domain=${attributes.domain}`);
  if (attributes.httpOnly !== false) parts.push('HttpOnly');
  if (attributes.secure) parts.push('Secure');
  const sameSite = (attributes.sameSite ?? 'lax').toString();
  parts.push(`SameSite=${sameSite[0]?.toUpperCase()}${sameSite.slice(1).toLowerCase()}`);
  return parts.join('; ');
}
