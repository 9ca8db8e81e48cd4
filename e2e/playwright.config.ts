import { defineConfig } from '@playwright/test';

// Browser journeys on Debian's Chromium (never a downloaded browser), against one real server that
// global setup starts (production mode, temporary embedded database, demo seed, built web app).
// Run with `npm run test:e2e`, which checks for Chromium and builds the web app first.
const CI = !!process.env.CI;

export default defineConfig({
  testDir: './journeys',
  testMatch: '**/*.spec.ts',
  outputDir: './artifacts/results',
  globalSetup: './harness/global-setup.ts',
  // Two workers on a 2-core machine, sharing the one server. Tests run in parallel unless a group
  // says otherwise (`test.describe.configure({ mode: 'default' })`: in order, in one worker) because
  // its tests touch the same member's data: discovery's journeys, the Dark Mode toggles.
  fullyParallel: true,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A guard against a hung run, not the budget: the journeys take 12–14 minutes on a two-core CI
  // machine (over the suite's 15-minute aim; the slowest are the verification and profile journeys).
  // 20 minutes once cut a run short that other work on the machine had slowed to 20: a guard must
  // not be the thing that fails a slow but healthy run.
  globalTimeout: CI ? 35 * 60_000 : 0,
  forbidOnly: CI,
  retries: 0,
  reporter: CI ? [['line']] : [['list']],
  use: {
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: { mode: 'only-on-failure', fullPage: true },
    // Only the PWA journey lets the app's service worker run (it asks for it on its own contexts).
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
