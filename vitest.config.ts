import { defineConfig } from 'vitest/config';

// One runner for every layer. `npm test` runs shared, server and web, then e2e (real Chromium).
// The server project runs on embedded PGlite unless TEST_DATABASE_URL points at PostgreSQL.
export default defineConfig({
  test: {
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
