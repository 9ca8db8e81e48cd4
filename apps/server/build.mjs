// Bundles the server for `node` (no tsx at run time): src/server.ts → dist/server.js and the demo
// seed CLI src/seed/cli.ts → dist/seed.js, ESM for Node 20. Our own code and @royal/shared
// (TypeScript source) are bundled; every npm dependency of @royal/server stays external and is loaded
// from node_modules as usual (sharp's native binary, PGlite's wasm files, pino's worker threads …).
// Paths to committed files (drizzle/, ./data, apps/web/dist) are found at run time from the
// apps/server package.json (src/config.ts: SERVER_ROOT), so the same code works from src/ and dist/.
// The database's routines (src/db/sql: functions, triggers, views) are read from beside the module
// that applies them, so they are copied to dist/sql. See docs/decisions/003-production-build.md and 033.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** Workspace packages shipped as TypeScript source: they must be compiled into the bundle. */
const BUNDLED = new Set(['@royal/shared']);
const external = new Set(
  [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})].filter(
    (name) => !BUNDLED.has(name),
  ),
);
const builtins = new Set(builtinModules);

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Decides every bare import: node built-ins and declared dependencies stay external, workspace
 * source is bundled, and anything else fails the build (an undeclared package would otherwise be
 * silently copied into the bundle, or missing in production).
 */
const dependencies = {
  name: 'royal-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || builtins.has(args.path)) return { external: true };
      const name = packageName(args.path);
      if (BUNDLED.has(name)) return undefined;
      if (external.has(name)) return { external: true };
      return {
        errors: [{ text: `"${args.path}" is imported but "${name}" is not a dependency of @royal/server` }],
      };
    });
  },
};

const outdir = join(root, 'dist');
rmSync(outdir, { recursive: true, force: true });

const started = performance.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: { server: 'src/server.ts', seed: 'src/seed/cli.ts', messages: 'src/messages-cli.ts' },
  outdir,
  bundle: true,
  splitting: true,
  chunkNames: 'chunk-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Linked maps for `node --enable-source-maps`; the original source stays in the repository.
  sourcemap: 'linked',
  sourcesContent: false,
  plugins: [dependencies],
  metafile: true,
  logLevel: 'warning',
});

cpSync(join(root, 'src/db/sql'), join(outdir, 'sql'), { recursive: true });

const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
const kib = outputs.reduce((sum, [, output]) => sum + output.bytes, 0) / 1024;
console.log(
  `server bundle: ${outputs.length} files, ${kib.toFixed(0)} KiB in ${(performance.now() - started).toFixed(0)} ms → apps/server/dist`,
);
