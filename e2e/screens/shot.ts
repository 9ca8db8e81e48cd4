import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { ARTIFACTS, expect } from '../harness/fixtures';

// What every `npm run screens` file shares: the widths and themes, and one capture (a screenshot
// and an axe check) per state.

export const WIDTHS = [
  { name: '320', width: 320, height: 568 },
  { name: '390', width: 390, height: 844 },
  { name: '768', width: 768, height: 1024 },
  { name: '1440', width: 1440, height: 900 },
] as const;
export const THEMES = [
  { name: 'night', darkMode: true },
  { name: 'light', darkMode: false },
] as const;

export const SCREENS_DIR = join(ARTIFACTS, 'screens');

export type Shot = { page: Page; width: (typeof WIDTHS)[number]; theme: (typeof THEMES)[number] };

/** The current run's serious or critical axe findings, one line each (checked at the end of the run). */
export const findings: string[] = [];

export async function capture({ page, width, theme }: Shot, name: string) {
  // Fonts and images settle before the picture (the swap would otherwise be caught mid-way).
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // So do transitions that end (a progress bar's width would be caught between two steps), for at
  // most two seconds.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENS_DIR, `${name}-${width.name}-${theme.name}.png`) });
  const results = await new AxeBuilder({ page }).analyze();
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    const targets = violation.nodes.map((node) => node.target.join(' ')).join(', ');
    findings.push(`${name}-${width.name}-${theme.name}: ${violation.id} (${targets})`);
  }
}

/** Saves the member's Dark Mode setting (the theme) and the copy the page paints from at start. */
export async function useTheme(context: BrowserContext, baseUrl: string, darkMode: boolean) {
  const response = await context.request.patch('/api/me/settings', {
    data: { dark_mode: darkMode },
    headers: { origin: baseUrl },
  });
  expect(response.status()).toBe(200);
}

/** A fresh browser context at one of the widths, as the screens are taken (touch below 1024 px). */
export function shotContext(browser: Browser, baseURL: string, width: (typeof WIDTHS)[number]) {
  return browser.newContext({
    baseURL,
    viewport: { width: width.width, height: width.height },
    deviceScaleFactor: 1,
    hasTouch: width.width < 1024,
    reducedMotion: 'reduce',
    // As the journeys (harness/fixtures.ts): routes the screens stub must not be answered by the worker.
    serviceWorkers: 'block',
  });
}
