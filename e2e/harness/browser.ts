import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, onTestFailed } from 'vitest';

export const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts');
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const baseUrl = () => inject('baseUrl');

/** One Chromium per test file; contexts are cheap and isolate cookies per member. */
export function useBrowser() {
  const state = {} as { browser: Browser };
  beforeAll(async () => {
    state.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    });
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  return {
    get browser() {
      return state.browser;
    },
  };
}

export async function newPage(browser: Browser, viewport: ViewportName = 'phone') {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: 1,
    hasTouch: viewport === 'phone',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  // Keep a picture of whatever the page showed when a test fails.
  onTestFailed(async ({ task }) => {
    mkdirSync(join(ARTIFACTS, 'failures'), { recursive: true });
    await page
      .screenshot({
        path: join(ARTIFACTS, 'failures', `${task.name.replace(/\W+/g, '-')}.png`),
        fullPage: true,
      })
      .catch(() => undefined);
  });
  return { context, page, consoleErrors };
}

/** Signs in by creating a session through the API (not by clicking), as every journey but one does. */
export async function signInContext(context: BrowserContext, email: string, password: string) {
  const response = await context.request.post('/api/auth/sign-in', {
    data: { email, password },
    headers: { origin: baseUrl() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Saves a screenshot for people to look at (e2e/artifacts/screens/NAME-VIEWPORT.png). */
export async function snap(page: Page, name: string, viewport: ViewportName) {
  mkdirSync(join(ARTIFACTS, 'screens'), { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, 'screens', `${name}-${viewport}.png`), fullPage: false });
}

/** Zero serious or critical accessibility violations. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** Page-level horizontal overflow is a layout bug on a phone. */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
