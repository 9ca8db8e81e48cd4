import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The unit layers: shared rules, the server in-process, web components. `npm test` runs these, then
// the browser journeys on the Playwright runner (e2e/playwright.config.ts).
// The server project runs on embedded PGlite unless TEST_DATABASE_URL points at PostgreSQL.
export default defineConfig({
  test: {
    // Vitest would keep one core for itself; the tests are mostly waiting on PGlite, so use them all.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          setupFiles: ['./test/setup.ts'],
          // Migrates one template database per run; every test file copies it.
          globalSetup: ['./test/global-setup.ts'],
          // Files share a worker process (no per-file re-import of the server and PGlite's WASM);
          // each file still has its own database and app, and tests share no state but those.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
