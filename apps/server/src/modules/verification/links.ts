import { createHmac, timingSafeEqual } from 'node:crypto';
import { type DocumentKind, ID_LINK_TTL_SECONDS } from '@royal/shared';

/**
 * Signed links to one image of one verification request, bound to the member who asked for them:
 * HMAC-SHA256 (a key derived from the auth secret) over viewer, request, image kind and expiry. A
 * link expires within ID_LINK_TTL_SECONDS; a link passed to someone else, altered, or used after it
 * expires is refused. The route checks the viewer's right again on every use, and once the image
 * is purged there is nothing left for any link to open.
 */

export type LinkSubject = { viewerId: string; requestId: string; kind: DocumentKind };

const signatureOf = (secret: Buffer, s: LinkSubject, expires: number) =>
  createHmac('sha256', secret)
    .update(`royal-circle:id-link:v1:${s.viewerId}:${s.requestId}:${s.kind}:${expires}`)
    .digest('base64url');

export function signDocumentLink(secret: Buffer, subject: LinkSubject, now: number) {
  const expires = now + ID_LINK_TTL_SECONDS * 1000;
  const signature = signatureOf(secret, subject, expires);
  const url = `/api/verification/documents/${subject.requestId}/${subject.kind}?expires=${expires}&signature=${signature}`;
  return { url, expires };
}

/** True when the signature matches this viewer, request and kind, and the link has not expired. */
export function isDocumentLinkValid(
  secret: Buffer,
  subject: LinkSubject,
  link: { expires: number; signature: string },
  now: number,
): boolean {
  // An expiry further ahead than a link is ever issued for was not issued by us.
  if (link.expires <= now || link.expires > now + ID_LINK_TTL_SECONDS * 1000) return false;
  const expected = Buffer.from(signatureOf(secret, subject, link.expires));
  const given = Buffer.from(link.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
