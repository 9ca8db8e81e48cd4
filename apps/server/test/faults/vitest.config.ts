import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The fault tests (decision 063): each starts its own PostgreSQL or Redis and stops it mid-run, so
// they are slower than the unit suite and not in it. Run with
//   npx vitest run -c apps/server/test/faults/vitest.config.ts
export default defineConfig({
  test: {
    name: 'faults',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/faults/**/*.fault.ts'],
    setupFiles: ['./test/setup.ts'],
    // The factory password's hash (and a template, unused here) as the unit suite has them.
    globalSetup: ['./test/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
