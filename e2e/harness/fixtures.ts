import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { TOTP_PERIOD_SECONDS } from '@royal/shared';
import { totpCode } from '../../apps/server/src/modules/auth';
import { DEMO_ADMIN_TOTP_SECRET } from '../../apps/server/src/seed/data';
import type { ControlAction } from './control';
import { DEMO } from './demo';
import { type E2EGlobals, readGlobals } from './globals';

export { expect };

export const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts');
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** A browser context of its own (its own cookies, so its own member) with one page. */
export type Session = {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  consoleErrors: string[];
};

type Fixtures = {
  /** A fresh context and page at the named viewport (phone: 390×844 with touch; desktop: 1280×800). */
  openPage: (viewport?: ViewportName) => Promise<Session>;
  /** `openPage`, then signs the context in through the API. */
  signedInPage: (viewport: ViewportName, email: string, password: string) => Promise<Session>;
};
type WorkerFixtures = { globals: E2EGlobals };

export const test = base.extend<Fixtures, WorkerFixtures>({
  globals: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies destructured.
    async ({}, use) => {
      await use(readGlobals());
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ globals }, use) => {
    await use(globals.baseUrl);
  },

  openPage: async ({ browser, baseURL }, use, testInfo) => {
    const sessions: Session[] = [];
    await use(async (viewport = 'phone') => {
      const context = await browser.newContext({
        baseURL,
        viewport: VIEWPORTS[viewport],
        deviceScaleFactor: 1,
        hasTouch: viewport === 'phone',
        reducedMotion: 'reduce',
        // The app's service worker would answer requests that page.route() never sees, and download
        // the whole precache in every context: only the PWA journey lets it run.
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => consoleErrors.push(error.message));
      sessions.push({ context, page, consoleErrors });
      return { context, page, consoleErrors };
    });
    // Keep a picture of whatever each page showed when the test failed (the trace and Playwright's
    // own screenshots land in artifacts/results as well).
    if (testInfo.status !== testInfo.expectedStatus) {
      mkdirSync(join(ARTIFACTS, 'failures'), { recursive: true });
      const name = testInfo.title.replace(/\W+/g, '-');
      for (const [index, { page }] of sessions.entries()) {
        if (page.isClosed()) continue;
        const path = join(ARTIFACTS, 'failures', `${name}${index === 0 ? '' : `-${index + 1}`}.png`);
        await page.screenshot({ path, fullPage: true, timeout: 5_000 }).catch(() => undefined);
      }
    }
    await Promise.all(sessions.map(({ context }) => context.close().catch(() => undefined)));
  },

  signedInPage: async ({ openPage }, use) => {
    await use(async (viewport, email, password) => {
      const session = await openPage(viewport);
      await signInContext(session.context, email, password);
      return session;
    });
  },
});

/** Signs in by creating a session through the API (not by clicking), as every journey but one does. */
/**
 * The swipe deck's top card once the app owns the page. A member's /app arrives rendered by the
 * server and stays inert until the app has hydrated it (docs/decisions/017): clicks wait for that
 * on their own, but key presses sent before the deck listens to them (`data-keys-live`) go nowhere.
 */
export const topCard = (page: Page, selector = '') =>
  page.locator(`#root:not([inert]) [data-keys-live] article[data-top-card]${selector}`);

/**
 * The deck's top card (other than `selector` excludes), going on past the "Widening your circle"
 * notice when it stands in for the next card (the deck ran out of members within the distance
 * preference: decision 044).
 */
export async function deckTopCard(page: Page, selector = '', timeout = 15_000) {
  const card = topCard(page, selector);
  const onwards = page.getByRole('button', { name: 'Show Members Further Away' });
  await expect(card.or(onwards)).toBeVisible({ timeout });
  if (await onwards.isVisible()) {
    await onwards.click();
    await expect(card).toBeVisible({ timeout });
  }
  return card;
}

/** The sign-in form, filled and sent (the page already shows it). */
export async function fillSignInForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Enter Royal Circle' }).click();
}

export async function signInContext(context: BrowserContext, email: string, password: string) {
  const headers = { origin: readGlobals().baseUrl };
  for (let round = 0; round < 4; round++) {
    const response = await context.request.post('/api/auth/sign-in', { data: { email, password }, headers });
    expect(response.status(), await response.text()).toBe(200);
    const reply = (await response.json()) as { second_factor_required?: boolean };
    if (!reply.second_factor_required) return;
    // The demo admin has two-factor (decision 057): its code comes from the published demo secret.
    // A code is taken once, so journeys signing the admin in together may find this step's code
    // and the next one spent: then wait for the next step and sign in again.
    expect(email, 'only the demo admin has two-factor in the demo').toBe(DEMO.admin.email);
    for (const offset of [0, 1]) {
      const code = totpCode(DEMO_ADMIN_TOTP_SECRET, Date.now() + offset * TOTP_PERIOD_SECONDS * 1000);
      const step = await context.request.post('/api/auth/sign-in/second-factor', { data: { code }, headers });
      if (step.status() === 200) return;
    }
    const period = TOTP_PERIOD_SECONDS * 1000;
    await new Promise((resolve) => setTimeout(resolve, period - (Date.now() % period) + 200));
  }
  throw new Error(`could not complete the second factor for ${email}`);
}

/**
 * Asks global setup's control server for what no member can do in the app (a block, a job run now:
 * control.ts); the action's JSON result.
 */
export async function harnessControl(action: ControlAction, body: Record<string, string>): Promise<unknown> {
  const response = await fetch(`${readGlobals().controlUrl}/${action}`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as unknown;
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

/**
 * Opens the sign-in screen's Join the Elite tab and waits for it to turn. The signed-out page is
 * live HTML until the visitor's first act starts the app (docs/decisions/019): that first press is
 * held and replayed once the app has the page, so the tab turns a moment later, and a person waits
 * for its form before typing.
 */
export async function openJoinTab(page: Page) {
  const joinTab = page.getByRole('tab', { name: 'Join the Elite' });
  await joinTab.click();
  await expect(joinTab).toHaveAttribute('aria-selected', 'true');
}

/**
 * Holds every request to `url` (a glob) until the returned function is called, so a journey can act
 * while that reply is still on its way (the app's start-up script, the session check).
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
