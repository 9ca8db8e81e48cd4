import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';

// The download link of an export (decision 051). Its token is never stored: it is an HMAC of the
// export's random id under a key derived from the auth secret, so the server can put the same link
// in the e-mail and on the Settings page, and a copy of the database alone opens nothing. The row
// keeps only the token's sha256, which the download compares and the purge clears.

type LinkDeps = Pick<AppContext, 'secrets'>;

/** The token of an export's link. */
export function exportToken(ctx: LinkDeps, exportId: string): string {
  return createHmac('sha256', ctx.secrets.dataExportLinks)
    .update(`data-export:${exportId}`)
    .digest('base64url');
}

/** What the row keeps of a token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** True when `token` is the one whose hash the row keeps (compared in constant time). */
export function tokenMatches(token: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(tokenHash(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The same-origin path of the download (the Settings page's link). */
export function downloadPath(ctx: LinkDeps, exportId: string): string {
  return `/api/me/data-export/${exportId}/download?token=${exportToken(ctx, exportId)}`;
}

/** The full link for the e-mail, on the configured public origin. */
export function downloadUrl(ctx: LinkDeps & Pick<AppContext, 'config'>, exportId: string): string {
  return `${ctx.config.publicOrigin}${downloadPath(ctx, exportId)}`;
}
