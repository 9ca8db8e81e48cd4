import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../harness/demo';
import {
  expect,
  expectAccessible,
  fillSignInForm,
  signInContext,
  snap,
  test,
  VIEWPORTS,
} from '../harness/fixtures';

// The installable app (issue 40, docs/decisions/070): the manifests and icons as the browser reads
// them, the service worker taking the page, the member's app and the offline page with the network
// gone (Chromium's offline emulation), and the update prompt after a new build of the worker.
//
// The harness's server reads the build folder's files on each request (no copy in memory), so a
// "new build" is one changed line at the end of dist/sw.js (and of the compressed copies the server
// sends in its place), written back as they were afterwards. The worker of each context here is
// allowed explicitly: the journeys' own pages may block workers.

/** The worker's script in the build folder the harness serves (global-setup.ts), and its copies. */
const WORKER_FILE = resolve(import.meta.dirname, '../../apps/web/dist/sw.js');
const WORKER_COPIES = [
  { path: WORKER_FILE, encode: (script: Buffer) => script },
  { path: `${WORKER_FILE}.br`, encode: (script: Buffer) => brotliCompressSync(script) },
  { path: `${WORKER_FILE}.gz`, encode: (script: Buffer) => gzipSync(script) },
];

/** Serves `change(the build's script)` as the worker; returns how to put the build's own back. */
async function deployWorker(change: (original: Buffer) => Buffer): Promise<() => Promise<void>> {
  const originals = await Promise.all(WORKER_COPIES.map(({ path }) => readFile(path)));
  const script = change(await readFile(WORKER_FILE));
  await Promise.all(WORKER_COPIES.map(({ path, encode }) => writeFile(path, encode(script))));
  return async () => {
    await Promise.all(WORKER_COPIES.map(({ path }, i) => writeFile(path, originals[i] as Buffer)));
  };
}

const PROMPT = 'A new version of Royal Circle is ready.';

/** A phone's context of its own with service workers allowed, and one page, signed in as `email`. */
async function installablePage(
  browser: Browser,
  baseURL: string | undefined,
  email?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORTS.phone,
    hasTouch: true,
    reducedMotion: 'reduce',
    serviceWorkers: 'allow',
  });
  if (email) await signInContext(context, email, DEMO_PASSWORD);
  return { context, page: await context.newPage() };
}

/** The same page at the desktop width as well (checked with axe there too), then back on the phone. */
async function snapOnDesktopToo(page: Page, name: string) {
  await page.setViewportSize(VIEWPORTS.desktop);
  await expectAccessible(page);
  await snap(page, name, 'desktop');
  await page.setViewportSize(VIEWPORTS.phone);
}

/** Waits until a service worker controls the page (it registers once the page is loaded and idle). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

/** Whether the private API cache holds the reply to `path` (the worker keeps them after the reply). */
const kept = (page: Page, path: string) =>
  page.waitForFunction(
    async (url) => (await caches.match(url, { cacheName: 'private-api' })) !== undefined,
    path,
    { timeout: 15_000 },
  );

/** The member's frame: the main navigation with its entries. */
async function expectMemberShell(page: Page) {
  const nav = page.getByRole('navigation', { name: /main/i });
  for (const entry of ['Swipe', 'Search', 'Messages', 'More'])
    await expect(nav.getByRole('link', { name: entry })).toBeVisible();
}

/** What the update journey reads in a worker's global scope (the e2e's types know only the DOM). */
type WorkerScope = {
  e2eBuild?: string;
  clients: { matchAll: (options: { type: 'window' }) => Promise<unknown[]> };
};

/** A PNG's width and height, from its header. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test.describe('the installable app', () => {
  // In order, in one worker: the update journey changes the served worker for a moment.
  test.describe.configure({ mode: 'default' });

  test('serves both faces of the manifest with icons that load, and the worker as a fresh script', async ({
    request,
  }) => {
    for (const [url, name] of [
      ['/manifest.webmanifest', 'Royal Circle'],
      ['/manifest-neutral.webmanifest', 'Circle'],
    ] as const) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()['content-type'], url).toMatch(/^application\/manifest\+json/);
      const manifest = (await response.json()) as {
        icons: { src: string; sizes: string; type: string; purpose: string }[];
      } & Record<string, unknown>;
      expect(manifest, url).toMatchObject({
        id: '/app',
        name,
        short_name: name,
        start_url: '/app',
        scope: '/',
        display: 'standalone',
      });
      expect(manifest.description, url).toEqual(expect.any(String));
      expect(manifest.theme_color, url).toMatch(/^#[0-9a-f]{6}$/i);
      expect(manifest.background_color, url).toMatch(/^#[0-9a-f]{6}$/i);
      const offered = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
      expect(offered, url).toEqual(
        expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
      );
      for (const icon of manifest.icons) {
        const image = await request.get(icon.src);
        expect(image.status(), icon.src).toBe(200);
        expect(image.headers()['content-type'], icon.src).toMatch(
          new RegExp(`^${icon.type.replace('+', '\\+')}`),
        );
        if (icon.type === 'image/png') expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
      }
    }
    for (const touchIcon of ['/icons/apple-touch-icon.png', '/icons/neutral-apple-touch-icon.png']) {
      const image = await request.get(touchIcon);
      expect(image.status(), touchIcon).toBe(200);
      expect(pngSize(await image.body()), touchIcon).toBe('180x180');
    }
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-security-policy']).toContain("worker-src 'self'");
  });

  test("links the royal face's manifest, or the neutral one on a device that chose it", async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await installablePage(browser, baseURL);
    await page.goto('/signin');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/icons/apple-touch-icon.png',
    );
    await page.evaluate(() => localStorage.setItem('rc.app-identity', 'neutral'));
    await page.reload();
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest-neutral.webmanifest',
    );
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/icons/neutral-apple-touch-icon.png',
    );
    await context.close();
  });

  test("takes the page with its worker, and opens the member's app with the network gone", async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await installablePage(browser, baseURL, DEMO.verified.email);
    await page.goto('/app');
    await expectMemberShell(page);
    await controlled(page);
    // The worker keeps what a member's page carries, and what the app asks for, once it controls it.
    await page.reload();
    await expectMemberShell(page);
    await kept(page, '/api/session');
    await kept(page, '/api/discovery/feed');

    await context.setOffline(true);
    await page.reload();
    await expectMemberShell(page);
    await expect(page.locator('header [data-tier]')).toHaveAttribute('data-tier', '2');
    await expect(page.getByText('You are offline')).toHaveCount(0);
    // A signed-out page sends the member home, as the server does; a page the app does not have
    // is the app's own.
    for (const signedOutPage of ['/landing', '/signin']) {
      await page.goto(signedOutPage);
      await expect(page).toHaveURL(/\/app$/);
      await expectMemberShell(page);
    }
    await page.goto('/no-such-page');
    await expect(page.getByText('You are offline')).toHaveCount(0);
    await expect(page.locator('#root')).not.toBeEmpty();
    // What is not a page of the app: the offline page.
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await context.close();
  });

  test("forgets a member's offline copies at sign-out, and keeps the next member's own", async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await installablePage(browser, baseURL, DEMO.verified.email);
    await page.goto('/app');
    await controlled(page);
    await page.reload();
    await expectMemberShell(page);
    await kept(page, '/api/session');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin/);
    const privateCaches = () =>
      page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('private-')));
    await expect.poll(privateCaches).toEqual([]);

    // Another member signs in on this device: the worker keeps their session, not the last one's.
    await fillSignInForm(page, DEMO.chemistry.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/app$/);
    await expectMemberShell(page);
    const keptMember = () =>
      page.evaluate(async () => {
        const reply = await caches.match('/api/session', { cacheName: 'private-api' });
        return reply ? ((await reply.json()) as { user: { email: string } }).user.email : null;
      });
    await expect.poll(keptMember).toBe(DEMO.chemistry.email);
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('header [data-tier]')).toHaveAttribute(
      'data-tier',
      String(DEMO.chemistry.tier),
    );
    await context.close();
  });

  test('shows a visitor the offline page, which works without the network and reloads when it is back', async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await installablePage(browser, baseURL);
    await page.goto('/signin');
    await controlled(page);

    await context.setOffline(true);
    // The signed-out pages that need no data are kept.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Enter Royal Circle' })).toBeVisible();
    // A member's page, for a visitor: the offline page, in the royal night look, with Try again.
    await page.goto('/app');
    await expect(page).toHaveTitle('You are offline');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    const again = page.getByRole('button', { name: 'Try again' });
    await expect(again).toBeVisible();
    await expect(page.locator('svg.crown')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'offline-page', 'phone');
    await snapOnDesktopToo(page, 'offline-page');
    await again.click();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    // On a device that chose the neutral face: plain, no crown, no crown in the tab either.
    await page.evaluate(() => localStorage.setItem('rc.app-identity', 'neutral'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.locator('svg.crown')).toBeHidden();
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/icons/neutral.svg');
    await expectAccessible(page);
    await snap(page, 'offline-page-neutral', 'phone');
    await snapOnDesktopToo(page, 'offline-page-neutral');

    // Back online, the page loads what was asked for (a visitor's /app: the sign-in screen).
    await context.setOffline(false);
    await expect(page).toHaveURL(/\/signin/);
    await expect(page.getByRole('button', { name: 'Enter Royal Circle' })).toBeVisible();
    await context.close();
  });

  test('offers a new version when one is deployed, and Reload brings it in', async ({ browser, baseURL }) => {
    const { context, page } = await installablePage(browser, baseURL, DEMO.verified.email);
    await page.goto('/app');
    await expectMemberShell(page);
    await controlled(page);
    await expect(page.getByText(PROMPT)).toHaveCount(0);

    const build = `e2e-${Date.now()}`;
    // A new build: the worker's script changes (one line at its end).
    const restore = await deployWorker((original) =>
      Buffer.concat([original, Buffer.from(`\nself.e2eBuild = "${build}";\n`)]),
    );
    try {
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      const prompt = page.getByText(PROMPT);
      await expect(prompt).toBeVisible({ timeout: 30_000 });
      await snap(page, 'update-prompt', 'phone');
      await snapOnDesktopToo(page, 'update-prompt');
      await page.evaluate(() => Object.assign(window, { beforeReload: true }));
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
      await expectMemberShell(page);
      await expect(prompt).toHaveCount(0);
      // The new build's worker is the one in charge of the page now.
      await expect
        .poll(
          async () => {
            for (const worker of context.serviceWorkers()) {
              // In the worker: its build, and the windows it controls (matchAll's default).
              const controlsPage = await worker
                .evaluate(async (expected) => {
                  const scope = self as unknown as WorkerScope;
                  return (
                    scope.e2eBuild === expected &&
                    (await scope.clients.matchAll({ type: 'window' })).length > 0
                  );
                }, build)
                .catch(() => false);
              if (controlsPage) return true;
            }
            return false;
          },
          { timeout: 15_000 },
        )
        .toBe(true);
    } finally {
      await restore();
    }
    await context.close();
  });
});
