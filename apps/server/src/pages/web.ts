import { existsSync, realpathSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { APP_LOCK_COOKIE, leadPhotoOf, type RenderedPage } from '@royal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createAttemptCounter } from '../lib/attempt-counter-factory';
import { resolveRequestActor } from '../plugins/access';
import { rateLimitKey } from '../plugins/security';
import { firstScreenReplies, rendersFirstScreen } from './first-screen';
import { pageHints, preloadImage } from './page-hints';
import { loadPageRenderer, renderedPageHtml, sendMemberPage, templateReader } from './rendered-page';

/** Vite's content-hashed output: `assets/<name>-<hash>.<ext>`. Only these may be cached for a year. */
const HASHED_ASSET = /^assets\/[^/]+-[\w-]{8,}\.[a-z0-9]+$/i;
/** Compressed siblings are chosen by Accept-Encoding, never asked for by name; source maps stay private. */
const NEVER_SERVED = /\.(map|br|gz)$/i;
const COMPRESSED_SUFFIX = /\.(br|gz)$/i;
/**
 * Files the browser asks for by their own name, never as a page: the service worker's script (and
 * any chunk of it) and the web app manifests (docs/decisions/070). A missing one is a 404, never the
 * app's HTML: that under a script's or a manifest's URL would only fail in the browser as something
 * else. (Found, they are sent like any file: `no-cache`, so an update is seen at the next check.)
 */
const NEVER_A_PAGE = /^(?:sw\.js|workbox-[\w.-]+\.js|[\w-]+\.webmanifest)$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Cache-Control for a file (path relative to the web build, compressed suffix allowed). */
export function cacheControlFor(relativePath: string): string {
  const logical = relativePath.split(sep).join('/').replace(COMPRESSED_SUFFIX, '');
  return HASHED_ASSET.test(logical) ? IMMUTABLE : REVALIDATE;
}

/**
 * The request path as a path relative to the web build, or undefined when it must be refused:
 * undecodable, a `.` or `..` segment (plain or percent-encoded), a backslash or NUL byte.
 */
function relativeRequestPath(rawPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').slice(1);
  if (segments.some((segment) => segment === '.' || segment === '..')) return undefined;
  return segments.join('/');
}

/** Where a signed-in member goes from a signed-out page (the client's RedirectIfSignedIn). */
const MEMBER_HOME = '/app';
/** Where the app sends a visitor who is not signed in from a member page (its RequireSession guard). */
const SIGNED_OUT_HOME = '/signin';

const MINUTE = 60_000;

/**
 * Whether a request for a member page (one the server renders for a member: first-screen.ts) is
 * within its budgets, counting it: per address, then per member (config.pageRateLimits). Each such
 * page is the work of its first screen's API requests and a React render, on a route the API's rate
 * limits do not cover (a page is not an API request), so one address could ask for a thousand a
 * minute. Counted in Redis when there is one, as the API's limits are, so every instance shares them.
 */
function memberPageBudget(app: FastifyInstance) {
  const { redis, config } = app.ctx;
  const perAddress = createAttemptCounter(redis, 'rc-page-address:', MINUTE);
  const perMember = createAttemptCounter(redis, 'rc-page-member:', MINUTE);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const limits = config.pageRateLimits;
    if ((await perAddress.add(rateLimitKey(request))) > limits.perAddressPerMinute) return false;
    await resolveRequestActor(app, request, reply, false);
    return !request.actor || (await perMember.add(request.actor.id)) <= limits.perMemberPerMinute;
  };
}

/**
 * Serves the built single-page app from `webDist`:
 * - precompressed `.br` / `.gz` siblings by Accept-Encoding (identity otherwise), `Vary: Accept-Encoding`;
 * - a year of immutable caching for hashed files under /assets/, `no-cache` for index.html and the rest;
 * - source maps and the compressed files themselves answer 404, as does a missing /assets/ file, or
 *   a missing service worker script or manifest (an HTML page under a script's URL would only
 *   confuse the browser);
 * - a page the build wrote for a path is sent for it: prerendered (`signin.html` for /signin, which
 *   paints before any script runs) or preloading its first screen's modules (`app.html` for /app);
 * - a prerendered page is for signed-out visitors: a signed-in member asking for one is redirected
 *   to the app (303), the reply varying on the cookie;
 * - every other non-API GET gets index.html (also precompressed) so the client router takes it;
 * - a member's /app is rendered on the server with their first screen's API replies in it
 *   (first-screen.ts, rendered-page.ts, docs/decisions/017), by the renderer the web build wrote
 *   (`dist-ssr/`); it is theirs alone: `no-store, private`, `Vary: Cookie`; past the page budget of
 *   its address or member (memberPageBudget, docs/decisions/030) the plain shell is sent instead;
 * - any other page that starts the app at once (not prerendered) carries `Link` preload hints for
 *   the first API replies it will ask for (page-hints.ts); a member's hints are theirs alone too;
 * - a path never leaves `webDist`: dot segments are refused, symlinks out of it are not followed, and
 *   only regular files are sent.
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  if (!existsSync(resolve(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web build not found: run `npm run build` to serve the app');
    return false;
  }
  const root = realpathSync(webDist);
  await app.register(fastifyStatic, {
    root,
    // One route below decides what is served; the plugin only sends the chosen file.
    serve: false,
    preCompressed: true,
    index: false,
    cacheControl: false,
    dotfiles: 'deny',
    setHeaders(reply, path) {
      reply.header('cache-control', cacheControlFor(relative(root, path)));
    },
  });

  const renderPage = await loadPageRenderer(root);
  const withinPageBudget = memberPageBudget(app);
  const template = templateReader(root);

  /**
   * Sends `page` rendered for the member behind the request, when the server renders that path for
   * them (first-screen.ts) and the web renderer can draw it, and says whether it did (the page then
   * starts in the browser, as before). A failed render is logged, never an error for the member.
   * (A boolean, not the reply: a reply is a thenable, which an async function would wait on.)
   */
  async function sendRendered(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    page: string,
  ): Promise<boolean> {
    if (!renderPage || !rendersFirstScreen(path)) return false;
    // The device asks for its app PIN (or hides the screen) first: the page starts in the browser.
    if (request.cookies[APP_LOCK_COOKIE] === '1') return false;
    const screen = await firstScreenReplies(app, request, reply, path);
    if (!screen) return false;
    let rendered: RenderedPage | null = null;
    try {
      // The renderer gets what the browser will: the replies as parsed from their JSON text.
      const replies = Object.fromEntries([...screen.replies].map(([url, json]) => [url, JSON.parse(json)]));
      rendered = await renderPage(path, replies);
    } catch (error) {
      request.log.warn({ err: error, path }, 'server render failed: the page starts in the browser');
    }
    const html = rendered === null ? undefined : renderedPageHtml(await template(page), rendered, screen);
    if (html === undefined) return false;
    // The photo the page paints largest, fetched before the browser has parsed the HTML.
    const photo = leadPhotoOf(screen.feed);
    if (photo) reply.header('link', preloadImage(photo));
    await sendMemberPage(reply, html, request.headers['accept-encoding']);
    return true;
  }

  // A prerendered page starts the app only after its first paint: hints would compete with it.
  const prerendered = new Map<string, Promise<boolean>>();
  const isPrerendered = (page: string) => {
    let known = prerendered.get(page);
    if (!known) {
      known = readFile(resolve(root, page), 'utf8').then((html) => html.includes('data-prerendered='));
      prerendered.set(page, known);
    }
    return known;
  };

  /** A regular file inside the web build (after following symlinks), visible by name. */
  async function servable(file: string): Promise<boolean> {
    if (file === '' || NEVER_SERVED.test(file) || file.split('/').some((s) => s.startsWith('.')))
      return false;
    const full = resolve(root, file);
    if (!full.startsWith(root + sep)) return false;
    const info = await stat(full).catch(() => undefined);
    if (!info?.isFile()) return false;
    const real = await realpath(full).catch(() => undefined);
    return real?.startsWith(root + sep) === true;
  }

  app.get('/*', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) return reply.callNotFound();
    const file = relativeRequestPath(path);
    if (file === undefined) return reply.callNotFound();
    if (await servable(file)) return reply.sendFile(file);
    if (NEVER_SERVED.test(file) || NEVER_A_PAGE.test(file) || file === 'assets' || file.startsWith('assets/'))
      return reply.callNotFound();
    const page = !file.includes('/') && (await servable(`${file}.html`)) ? `${file}.html` : 'index.html';
    if (await isPrerendered(page)) {
      // A prerendered page is a signed-out page (prerender.tsx) whose app starts only when the
      // visitor acts on it (docs/decisions/019), so a member is sent to the app here, where the app
      // itself would have sent them.
      await resolveRequestActor(app, request, reply, false);
      reply.header('vary', 'cookie');
      if (request.actor) return reply.redirect(MEMBER_HOME, 303);
    } else {
      if (rendersFirstScreen(path) && !(await withinPageBudget(request, reply))) {
        // The plain shell, as for a page the server does not render: it starts in the browser and
        // asks the API for its data, where the API's own limits count each request.
        reply.header('vary', 'cookie');
        return reply.sendFile(page);
      }
      if (await sendRendered(request, reply, path, page)) return reply;
      if (rendersFirstScreen(path)) {
        // The member home asked for by a visitor who is not signed in (signed out, or a session
        // that ended): the app would send them to sign in too, but only after its first requests
        // for the member's data had come back 401, errors in the browser's console. Sent now.
        await resolveRequestActor(app, request, reply, false);
        reply.header('vary', 'cookie');
        if (!request.actor) return reply.redirect(SIGNED_OUT_HOME, 303);
      }
      reply.header('link', (await pageHints(app, request, reply, path)).join(', '));
      if (request.actor) reply.header('vary', 'cookie');
    }
    return reply.sendFile(page);
  });
  return true;
}
