import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// `npm run screens`: screenshots of every member screen, the top-bar popovers and the dialogs (those
// behind a state with data made for them: a new member each run whose photo an admin rejects and who
// appeals it and who goes through every step of the verification wizard; harness members who may
// not message yet) at four widths and in both themes (e2e/artifacts/screens/), each checked with
// axe (the list: README). The same server as the journeys.
export default defineConfig({
  ...base,
  testDir: './screens',
  // One member's theme is switched between runs, so the runs go in order, in one worker.
  fullyParallel: false,
  workers: 1,
  // A run takes 2.5–3.5 min on a quiet 2-core machine; more when the machine is shared.
  timeout: 480_000,
});
