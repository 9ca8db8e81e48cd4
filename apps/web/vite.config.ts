import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import {
  MERGED_CLASSES_ELEMENT_ID,
  pageJsonScript,
  type RenderedPage,
} from '../../packages/shared/src/page-data';
import { APP_MODULES_ID } from './src/lib/start-on-first-act';

const API_TARGET = 'http://127.0.0.1:3000';

const PRECOMPRESSED = /\.(?:js|css|html|svg|json)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Writes a `.br` (brotli, best quality) and a `.gz` (gzip level 9) copy beside a file. */
async function compressBeside(path: string) {
  const data = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipped(data, { level: zlib.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
}

/**
 * Compresses every text file of the build (index.html, the assets, the copied public files), so the
 * server can send them as they are instead of compressing on each request. Source maps are left
 * alone (the server refuses them).
 */
function precompress(): Plugin {
  return {
    name: 'royal:precompress',
    apply: 'build',
    async writeBundle({ dir }) {
      if (!dir) return;
      const files = (await readdir(dir, { recursive: true })).filter((file) => PRECOMPRESSED.test(file));
      await Promise.all(files.map((file) => compressBeside(join(dir, file))));
    },
  };
}

const ALIASES = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@test': fileURLToPath(new URL('./test', import.meta.url)),
};

/** Where the server-side build goes, beside dist/ (never served): the server loads page-renderer.js. */
const SSR_OUT = 'dist-ssr';

/**
 * After the client build, a server-side build of the app (libraries load from node_modules) into
 * dist-ssr/ with two entries:
 * - src/app/prerender.tsx, used here: writes `<name>.html` (and its compressed copies) for each of
 *   its pages, index.html with the page's markup in #root, marked `data-prerendered`: live HTML that
 *   starts the app on the visitor's first act (src/lib/start-on-first-act.ts, docs/decisions/019);
 * - src/app/page-renderer.tsx, which the server loads to render a member's /app with that member's
 *   first API replies (docs/decisions/017).
 */
function prerender(): Plugin {
  let outDir = '';
  return {
    name: 'royal:prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const root = fileURLToPath(new URL('.', import.meta.url));
      const ssrOut = join(root, SSR_OUT);
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react()],
        resolve: { alias: ALIASES },
        // The shared package is TypeScript source: bundle it; libraries load from node_modules.
        ssr: { noExternal: ['@royal/shared'] },
        build: {
          ssr: true,
          outDir: ssrOut,
          emptyOutDir: true,
          copyPublicDir: false,
          rolldownOptions: {
            input: { prerender: 'src/app/prerender.tsx', 'page-renderer': 'src/app/page-renderer.tsx' },
          },
        },
      });
      const { prerenderPages } = (await import(pathToFileURL(join(ssrOut, 'prerender.js')).href)) as {
        prerenderPages: () => Promise<({ name: string } & RenderedPage)[]>;
      };
      const index = await readFile(join(outDir, 'index.html'), 'utf8');
      // A prerendered page paints from its HTML and stylesheet alone. Its scripts are not preloaded
      // ahead of them: on a slow phone connection the preloads took the bandwidth the stylesheet
      // needed, and the first paint waited for JavaScript it does not use. Their URLs are listed
      // instead (#app-modules), for the page to prefetch once it has loaded (main.tsx), so they are at
      // hand when the visitor acts and the app starts.
      const modules: string[] = [];
      const withoutPreloads = index.replace(
        /^\s*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\n/gm,
        (_, href: string) => {
          modules.push(href);
          return '';
        },
      );
      const moduleList = pageJsonScript(APP_MODULES_ID, JSON.stringify(modules));
      for (const { name, markup, mergedClasses } of await prerenderPages()) {
        // With the class lists the page was drawn with: the app's first render reads them (lib/cn.ts).
        const classes = pageJsonScript(MERGED_CLASSES_ELEMENT_ID, JSON.stringify(mergedClasses));
        const html = withoutPreloads.replace(
          /<div id="root">[\s\S]*?<!--\/root-->/,
          () =>
            `<div id="root" data-prerendered="${name}">${markup}</div><!--/root-->\n    ${moduleList}\n    ${classes}`,
        );
        if (html === withoutPreloads)
          throw new Error('index.html has no `<div id="root">…<!--/root-->` to prerender into');
        const file = join(outDir, `${name}.html`);
        await writeFile(file, html);
        await compressBeside(file);
      }
    },
  };
}

/** The Latin subsets of the two shipped fonts (styles.css): every page paints text with them. */
const PRELOADED_FONTS = /(?:inter|playfair-display)-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Adds `<link rel="preload" as="font">` for the shipped fonts to index.html, so they download with
 * the stylesheet instead of after it: the text swaps to them before the first paint in practice.
 */
function preloadFonts(): Plugin {
  return {
    name: 'royal:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const fonts = Object.keys(context.bundle ?? {}).filter((file) => PRELOADED_FONTS.test(file));
        return fonts.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** The module the entry (src/main.tsx) imports on demand: the app itself. */
const BOOT_MODULE = /[\\/]src[\\/]boot\.tsx$/;

/**
 * Adds `<link rel="modulepreload">` for the app's modules (src/boot.tsx and everything it imports,
 * statically or by its own dynamic imports)
 * to index.html. The entry imports the app on demand, so without these a page that starts at once
 * (the loading screen, then a member's screen) would find the app's modules only after the entry
 * ran. Prerendered pages drop them again (`prerender`): they start the app after their first paint.
 */
function preloadApp(): Plugin {
  return {
    name: 'royal:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((output) => output.type === 'chunk');
        return [...bootGraph(chunks)].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** The files of `roots` and of every chunk they import statically, skipping those in `skip`. */
function withStaticImports(
  chunks: Rolldown.OutputChunk[],
  roots: Iterable<string>,
  skip: ReadonlySet<string> = new Set(),
): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file) || skip.has(file)) return;
    files.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return files;
}

/**
 * The app's own start-up modules: src/boot.tsx, what it imports statically, and what it imports on
 * demand (the libraries and the app, one by one so each evaluates in its own task).
 */
function bootGraph(chunks: Rolldown.OutputChunk[]): Set<string> {
  const boot = chunks.find((chunk) => chunk.facadeModuleId && BOOT_MODULE.test(chunk.facadeModuleId));
  if (!boot) throw new Error('the build has no chunk for src/boot.tsx');
  return withStaticImports(chunks, [boot.fileName, ...boot.dynamicImports]);
}

/** The chunks holding `modules` and what they import statically, less those in `skip`. */
function routeGraph(
  name: string,
  chunks: Rolldown.OutputChunk[],
  modules: RegExp[],
  skip: ReadonlySet<string> = new Set(),
): Set<string> {
  const roots = modules.map((module) => {
    const chunk = chunks.find((c) => c.moduleIds.some((id) => module.test(id)));
    if (!chunk) throw new Error(`route page ${name}: no chunk for ${module}`);
    return chunk.fileName;
  });
  return withStaticImports(chunks, roots, skip);
}

/**
 * Pages that start at once (not prerendered) whose first screen is known: `<name>.html` is index.html
 * plus `<link rel="modulepreload">` for the chunks that screen renders with, so they load with the
 * app's own modules instead of after the router has asked for them. The server sends the file for
 * its path (`app.html` for /app), as it does prerendered pages. Keep the lists in step with the route
 * tree (src/app/routes.tsx): a module missing here only loads later, never breaks the page.
 */
const ROUTE_PAGES: Record<string, RegExp[]> = {
  // The discovery deck: the compliance gate around the member area, the member frame, the deck, and
  // the data its loaders fetch.
  app: [
    /src[\\/]features[\\/]compliance[\\/]routes[\\/]gate\.tsx$/,
    /src[\\/]app[\\/]layout[\\/]member-layout\.tsx$/,
    /src[\\/]features[\\/]discovery[\\/]routes[\\/]discovery\.tsx$/,
    /src[\\/]app[\\/]route-data\.ts$/,
  ],
};

function routePages(): Plugin {
  let written: { dir: string; chunks: Rolldown.OutputChunk[] } | undefined;
  return {
    name: 'royal:route-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle({ dir }, bundle) {
      if (dir) written = { dir, chunks: Object.values(bundle).filter((output) => output.type === 'chunk') };
    },
    // After every file is written and compressed (writeBundle hooks run side by side).
    async closeBundle() {
      if (!written) return;
      const { dir, chunks } = written;
      const index = await readFile(join(dir, 'index.html'), 'utf8');
      const preloaded = new Set(
        [...index.matchAll(/rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1] as string),
      );
      for (const [name, modules] of Object.entries(ROUTE_PAGES)) {
        const files = routeGraph(name, chunks, modules, preloaded);
        const links = [...files].map(
          (file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`,
        );
        const html = index.replace('  </head>', () => `${links.join('')}  </head>`);
        if (html === index) throw new Error('index.html has no </head> to add preloads before');
        await writeFile(join(dir, `${name}.html`), html);
        await compressBeside(join(dir, `${name}.html`));
      }
    },
  };
}

/**
 * Fails the build when chunks import each other in a circle. A chunk in such a circle may evaluate
 * before the chunk it reads from, so a schema built from another's (say, search's from the member
 * card) is built from undefined and every reply it parses is refused — the page works in dev and
 * breaks only in the build. Manual chunk groups (below) are what can create one.
 */
function noChunkCycles(): Plugin {
  return {
    name: 'royal:no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((output) => output.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk.imports]),
      );
      const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
        if (from === to) return true;
        if (seen.has(from)) return false;
        seen.add(from);
        return (chunks.get(from) ?? []).some((next) => reaches(next, to, seen));
      };
      for (const [file, imports] of chunks) {
        const back = imports.find((imported) => reaches(imported, file));
        if (!back) continue;
        const message = `chunks import each other in a circle: ${file} and ${back}`;
        // Printed as well: a later plugin's closeBundle, failing on the unwritten files, hides this.
        console.error(message);
        this.error(message);
      }
    },
  };
}

/**
 * Marks the chunks a member's first screen runs (the boot graph and the /app route's chunks) with
 * V8's explicit compile hint, `//# allFunctionsCalledOnLoad`: Chromium then compiles all their
 * functions when it compiles the module, instead of each one on the main thread at its first call,
 * inside the app's start-up steps (schema creation, the router, the first render). On a throttled
 * phone that took those steps from 150–200 ms to about 100 ms each. Other chunks stay lazy: most of
 * their functions never run on a visit.
 *
 * Added after the chunks' names are hashed, so a name does not change with the comment alone: a
 * cached copy without it runs the same code.
 */
function compileHints(): Plugin {
  return {
    name: 'royal:compile-hints',
    apply: 'build',
    // After the build's own generateBundle steps: the dynamic-import helper puts its dependency
    // table at the top of a chunk, and the hint counts only as the file's first line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const boot = bootGraph(chunks);
        const hinted = new Set([...boot, ...routeGraph('app', chunks, ROUTE_PAGES.app ?? [], boot)]);
        for (const chunk of chunks) {
          if (!hinted.has(chunk.fileName)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // The map's lines move down by one (the build has made it an asset of its own already).
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const parsed = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
          }
        }
      },
    },
  };
}

const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The service worker (src/sw.ts, docs/decisions/070), built after the app into dist/sw.js with the
 * list of files it precaches: every page the build wrote (index.html, app.html, the prerendered
 * pages, the offline page), the hashed assets (scripts, styles, fonts, images) and the icons pages
 * and notifications show — never a source map, a compressed copy or the manifests (the browser reads
 * those from the server). One
 * classic script (iife), which every browser with service workers runs; it registers and prompts for
 * updates from lib/service-worker, and the manifests are plain files in public/ (two faces: an
 * installed app's name and icon, lib/app-identity.ts), so the plugin injects nothing into the HTML.
 * It runs after the other plugins' closeBundle (its own is sequential and last), once app.html and
 * the prerendered pages exist.
 */
function serviceWorker(): Plugin[] {
  const pwa = VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      rollupFormat: 'iife',
      globPatterns: ['**/*.{html,js,css,woff2,svg,png,webp,avif,jpg,ico}'],
      // The install-time icons (512 px, maskable, apple-touch) are read online, when installing.
      globIgnores: [
        '**/*.map',
        '**/*.br',
        '**/*.gz',
        'sw.js',
        '**/*.webmanifest',
        'icons/*-512.png',
        'icons/*apple-touch-icon.png',
      ],
      // Vite's content-hashed files need no revision of their own (cacheControlFor on the server).
      dontCacheBustURLsMatching: /^assets\/[^/]+-[\w-]{8,}\.[a-z0-9]+$/i,
    },
  });
  // The worker is written after `precompress` has run: its compressed copies are made here, once
  // it exists (after the plugin's own closeBundle), so the server sends it as it does every script.
  let outDir = '';
  const compressWorker: Plugin = {
    name: 'royal:precompress-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        await compressBeside(join(outDir, 'sw.js'));
      },
    },
  };
  return [...pwa, compressWorker];
}

// One file configures the dev server, the production build and the `web` vitest project
// (the root vitest.config.ts lists this file as a project).
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    preloadFonts(),
    preloadApp(),
    precompress(),
    routePages(),
    prerender(),
    noChunkCycles(),
    compileHints(),
    ...serviceWorker(),
  ],
  resolve: { alias: ALIASES },
  server: {
    proxy: {
      // REST and the realtime WebSocket (/api/realtime) both go to the API server.
      '/api': { target: API_TARGET, changeOrigin: false, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written for error tooling but not linked from the bundles, and the server refuses
    // to serve them: the source stays private.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // Screens (and the member frame) are split by their lazy imports, and what they share goes to
        // common chunks. Only the libraries every page starts with get their own long-cached chunks,
        // which change only when a dependency does; a catch-all vendor group would pull Radix, sonner
        // and the icons into the first load of every page.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            // The jitless switch rides in zod's chunk, so it runs before any chunk creates a schema.
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]schema-jitless\.ts$/,
              priority: 2,
            },
            // The icons the app uses, in one small chunk instead of one request each (a member's
            // first screen needed about fifteen; over HTTP/1.1 each waits for a free connection).
            {
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]/,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            // What a member's first screen and the member frame fetch and parse (their API modules,
            // the loaders' route data and those response schemas), in one chunk: signed-out pages
            // never load it, a member's first screen loads it in one request instead of ten. The
            // other areas' API modules and schemas load with their own screens (route-data.ts).
            {
              name: 'member-data',
              test: /src[\\/]features[\\/](?:discovery|notifications|settings|compliance)[\\/]api[\\/]|src[\\/]app[\\/]route-data\.ts$|packages[\\/]shared[\\/]src[\\/]schemas[\\/](?:discovery|notifications|profile|search)\.ts$/,
              priority: 1,
              // Only these modules: what they import stays shared with the pages that need it.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    // A file's first test renders a whole screen from a cold import: under the full suite on two
    // cores that alone took over the default 5 s (the Edit Profile form, 5.2 s; 2.5 s when quiet).
    testTimeout: 15_000,
  },
});
