import { PRIVATE_API_CACHE, PRIVATE_PHOTOS_CACHE } from './protocol';

// What the service worker (src/sw.ts) keeps for offline use and what it answers a page it cannot
// load: pure rules, so they are tested without a worker (offline-rules.test.ts checks them against
// the app's own API paths, lib/paths.ts). docs/decisions/070 explains the choices.

/**
 * The member's read views kept in the private API cache, by path (any query: a list's `?cursor=`
 * pages are kept under their own URL): who is signed in (the start-up check and /api/me), the
 * settings, the matches and each chat's messages and date plans, the deck, the notifications.
 */
const PRIVATE_READS: readonly RegExp[] = [
  /^\/api\/session$/,
  /^\/api\/me$/,
  /^\/api\/me\/settings$/,
  /^\/api\/matches$/,
  /^\/api\/matches\/[^/]+$/,
  /^\/api\/matches\/[^/]+\/messages$/,
  /^\/api\/matches\/[^/]+\/date-plans$/,
  /^\/api\/discovery\/feed$/,
  /^\/api\/notifications$/,
];
const PHOTO = /^\/api\/photos\/[^/]+$/;

/** Which private cache keeps the reply to a request, or null when none may (not ours, not a read). */
export function privateCacheFor(url: URL, method: string, origin: string): string | null {
  if (method !== 'GET' || url.origin !== origin) return null;
  if (PHOTO.test(url.pathname)) return PRIVATE_PHOTOS_CACHE;
  return PRIVATE_READS.some((path) => path.test(url.pathname)) ? PRIVATE_API_CACHE : null;
}

/** The start-up session check: its reply says whose data the private caches may hold. */
export const SESSION_PATH = '/api/session';

/**
 * Requests that start or end this device's session (sign-in in each of its ways, sign-up, sign-out,
 * a password reset, which signs every session out, and account deletion): once one succeeds, what
 * the private caches hold belongs to nobody signed in here.
 */
const SESSION_CHANGES =
  /^\/api\/(?:auth\/(?:sign-in|sign-up|sign-out|passkey\/sign-in|reset-password)(?:\/[^/]+)?|me\/delete)$/;

export function changesSession(url: URL, method: string, origin: string): boolean {
  return method === 'POST' && url.origin === origin && SESSION_CHANGES.test(url.pathname);
}

/** The member a session check's (or a sign-in's) reply names: an id, null when signed out, undefined when unreadable. */
export function memberOfReply(body: unknown): string | null | undefined {
  if (!body || typeof body !== 'object' || !('user' in body)) return undefined;
  const { user } = body as { user: unknown };
  if (user === null) return null;
  if (!user || typeof user !== 'object' || !('id' in user)) return undefined;
  const { id } = user as { id: unknown };
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** Signed-out pages prerendered by the build (src/app/prerender.tsx): `/<name>` → `/<name>.html`. */
const SIGNED_OUT_PAGES = new Set(['/signin', '/landing']);
/** The member home: its page preloads the deck's modules (vite.config.ts, `routePages`). */
const MEMBER_HOME = '/app';
const APP_SHELL = '/index.html';
export const OFFLINE_PAGE = '/offline.html';

/** A path of the app's pages (not the API, not a file), without a trailing slash; null otherwise. */
function appPage(pathname: string): string | null {
  if (pathname === '/api' || pathname.startsWith('/api/') || /\.[a-z0-9]+$/i.test(pathname)) return null;
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Where a navigation the network could not answer is sent instead, as the server would send it:
 * a member this device knows (their session reply is cached) asking for a signed-out page goes to
 * the member home. Null when it is answered in place (offlinePagesFor).
 */
export function offlineRedirectFor(pathname: string, memberKnown: boolean): string | null {
  const page = appPage(pathname);
  return memberKnown && page !== null && SIGNED_OUT_PAGES.has(page) ? MEMBER_HOME : null;
}

/**
 * The precached pages to answer a navigation the network could not, best first (the offline page
 * last, always). A member this device knows gets the app itself for any of its pages: it starts
 * from the cache and shows what was kept. A visitor gets the signed-out pages that need no data;
 * for anything else, and for any URL that is not a page of the app (the API, a file), the offline
 * page.
 */
export function offlinePagesFor(pathname: string, memberKnown: boolean): string[] {
  const page = appPage(pathname);
  if (page === null) return [OFFLINE_PAGE];
  if (memberKnown) return [...(page === MEMBER_HOME ? ['/app.html'] : []), APP_SHELL, OFFLINE_PAGE];
  return [...(SIGNED_OUT_PAGES.has(page) ? [`${page}.html`] : []), OFFLINE_PAGE];
}

/**
 * The API replies a page rendered on the server for a member carries (`<script id="page-data">`:
 * path → body, docs/decisions/017), which the app reads instead of asking for them: the worker
 * keeps them as if the app had asked. Empty for a page without them or one it cannot read.
 */
export function pageRepliesOf(html: string, elementId: string): [path: string, body: unknown][] {
  const open = `<script type="application/json" id="${elementId}">`;
  const start = html.indexOf(open);
  if (start === -1) return [];
  const end = html.indexOf('</script>', start + open.length);
  if (end === -1) return [];
  try {
    const replies: unknown = JSON.parse(html.slice(start + open.length, end));
    if (!replies || typeof replies !== 'object' || Array.isArray(replies)) return [];
    return Object.entries(replies).filter(([path]) => path.startsWith('/api/'));
  } catch {
    return [];
  }
}
