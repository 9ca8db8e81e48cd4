import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import {
  MERGED_CLASSES_ELEMENT_ID,
  PAGE_DATA_ELEMENT_ID,
  type PageReplies,
  pageJsonScript,
  type RenderedPage,
} from '@royal/shared';
import type { FastifyReply } from 'fastify';
import type { FirstScreen } from './first-screen';

/**
 * The web build's server-side renderer (apps/web/src/app/page-renderer.tsx): the page's markup and
 * the class lists it was drawn with (see MERGED_CLASSES_ELEMENT_ID), or null when it cannot draw it.
 */
export type RenderPage = (path: string, replies: PageReplies) => Promise<RenderedPage | null>;

/**
 * The renderer the web build wrote beside its output (`dist-ssr/page-renderer.js`, next to
 * `dist/`), or undefined when there is none (a build from before it, a test's stand-in folder).
 */
export async function loadPageRenderer(webDist: string): Promise<RenderPage | undefined> {
  const file = join(dirname(webDist), 'dist-ssr', 'page-renderer.js');
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderPage?: RenderPage };
  return typeof module.renderPage === 'function' ? module.renderPage : undefined;
}

/** The replies as one JSON object (URL → body), from the routes' own JSON texts. */
export function repliesJson(replies: ReadonlyMap<string, string>): string {
  return `{${[...replies].map(([url, body]) => `${JSON.stringify(url)}:${body}`).join(',')}}`;
}

const ROOT = /<div id="root">[\s\S]*?<!--\/root-->/;
const HTML_TAG = /<html([^>]*?) class="dark"([^>]*)>/;
const MODULE_PRELOAD = /^\s*<link rel="modulepreload"[^>]*>\n/gm;
const HEAD_END = '</head>';

/**
 * Holds the first paint until the parser has passed the page's markup (the replies follow it): a
 * browser may otherwise paint a half-parsed page, and the deck card's caption, parsed a moment
 * later, grew upwards over the photo (a layout shift of 0.04 in about one load in ten).
 */
const PAINT_WHOLE = `  <link rel="expect" href="#${PAGE_DATA_ELEMENT_ID}" blocking="render">\n  ${HEAD_END}`;

/**
 * The page's HTML: the template (app.html) with the rendered markup in #root — marked like a
 * prerendered page, so the app starts after it is painted and hydrates it — followed by the replies
 * it was rendered from and the class lists it was drawn with, and the member's own theme on <html>.
 * Its scripts are not preloaded: as for a page prerendered at build time, the page paints from its
 * HTML, stylesheet and photo alone, and on a slow phone connection the preloads took the bandwidth
 * those needed (the app starts after the first paint and fetches its modules then). The first paint
 * waits for the whole markup (PAINT_WHOLE).
 * Undefined when the template has no #root to fill.
 */
export function renderedPageHtml(
  template: string,
  { markup, mergedClasses }: RenderedPage,
  screen: Pick<FirstScreen, 'replies' | 'darkMode'>,
): string | undefined {
  if (!ROOT.test(template)) return undefined;
  const data = [
    pageJsonScript(PAGE_DATA_ELEMENT_ID, repliesJson(screen.replies)),
    pageJsonScript(MERGED_CLASSES_ELEMENT_ID, JSON.stringify(mergedClasses)),
  ].join('\n    ');
  const html = template
    .replace(MODULE_PRELOAD, '')
    .replace(HEAD_END, () => PAINT_WHOLE)
    .replace(
      ROOT,
      () => `<div id="root" data-prerendered="member" inert>${markup}</div><!--/root-->\n    ${data}`,
    );
  return screen.darkMode ? html : html.replace(HTML_TAG, '<html$1$2>');
}

const compressBrotli = (data: string) =>
  new Promise<Buffer>((done, fail) =>
    brotliCompress(
      data,
      {
        params: {
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          // Fast: the page is made for one request (the build's files use the best quality).
          [zlib.BROTLI_PARAM_QUALITY]: 5,
          [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(data),
        },
      },
      (error, result) => (error ? fail(error) : done(result)),
    ),
  );
const compressGzip = (data: string) =>
  new Promise<Buffer>((done, fail) =>
    gzip(data, { level: 6 }, (error, result) => (error ? fail(error) : done(result))),
  );

/**
 * Sends a page made for one member: never stored by a shared cache or reused for another cookie
 * (`no-store, private`, `Vary: Cookie`), compressed for the client when it accepts it.
 */
export async function sendMemberPage(
  reply: FastifyReply,
  html: string,
  acceptEncoding: string | undefined,
): Promise<void> {
  const accepts = (acceptEncoding ?? '').toLowerCase();
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store, private')
    .header('vary', 'cookie, accept-encoding');
  if (/\bbr\b/.test(accepts)) reply.header('content-encoding', 'br').send(await compressBrotli(html));
  else if (/\bgzip\b/.test(accepts)) reply.header('content-encoding', 'gzip').send(await compressGzip(html));
  else reply.send(html);
}

/** Reads a page template once (the build does not change under a running server). */
export function templateReader(root: string) {
  const cache = new Map<string, Promise<string>>();
  return (page: string) => {
    let known = cache.get(page);
    if (!known) {
      known = readFile(join(root, page), 'utf8');
      cache.set(page, known);
    }
    return known;
  };
}
