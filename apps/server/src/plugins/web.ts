import { existsSync, realpathSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { pageHints } from './page-hints';

/** Vite's content-hashed output: `assets/<name>-<hash>.<ext>`. Only these may be cached for a year. */
const HASHED_ASSET = /^assets\/[^/]+-[\w-]{8,}\.[a-z0-9]+$/i;
/** Compressed siblings are chosen by Accept-Encoding, never asked for by name; source maps stay private. */
const NEVER_SERVED = /\.(map|br|gz)$/i;
const COMPRESSED_SUFFIX = /\.(br|gz)$/i;

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

/**
 * Serves the built single-page app from `webDist`:
 * - precompressed `.br` / `.gz` siblings by Accept-Encoding (identity otherwise), `Vary: Accept-Encoding`;
 * - a year of immutable caching for hashed files under /assets/, `no-cache` for index.html and the rest;
 * - source maps and the compressed files themselves answer 404, as does a missing /assets/ file (an
 *   HTML page under a script's URL would only confuse the browser);
 * - a page the build wrote for a path is sent for it: prerendered (`signin.html` for /signin, which
 *   paints before any script runs) or preloading its first screen's modules (`app.html` for /app);
 * - every other non-API GET gets index.html (also precompressed) so the client router takes it;
 * - a page that starts the app at once (not prerendered) carries `Link` preload hints for the first
 *   API replies it will ask for (page-hints.ts); a member's hints are theirs alone (`Vary: Cookie`);
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
    if (NEVER_SERVED.test(file) || file === 'assets' || file.startsWith('assets/'))
      return reply.callNotFound();
    const page = !file.includes('/') && (await servable(`${file}.html`)) ? `${file}.html` : 'index.html';
    if (!(await isPrerendered(page))) {
      reply.header('link', (await pageHints(app, request, reply, path)).join(', '));
      if (request.actor) reply.header('vary', 'cookie');
    }
    return reply.sendFile(page);
  });
  return true;
}
