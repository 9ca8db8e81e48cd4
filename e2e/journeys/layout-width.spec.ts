import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../harness/demo';
import { expect, test } from '../harness/fixtures';

/**
 * Every member page at 1440 px has one content width (decision 043): the page fills the member
 * column's content box, and no page caps itself to a strip of its own.
 */
const PAGES = [
  '/app',
  '/search',
  '/interests',
  '/more',
  '/safety',
  '/settings',
  '/subscription',
  '/profile/edit',
  '/verify',
  '/messages',
] as const;

/** The width of the member column's content box and of the page's own box inside it. */
async function widths(page: Page) {
  const column = page.locator('#main-content > .content-column');
  // The page's root: the column's first child once the app owns the page and the page has its heading.
  await expect(page.locator('#root:not([inert]) #main-content h1')).toBeAttached({ timeout: 15_000 });
  return column.evaluate((el) => {
    const style = getComputedStyle(el);
    const content =
      el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    const root = el.firstElementChild;
    return { content: Math.round(content), page: Math.round(root?.getBoundingClientRect().width ?? 0) };
  });
}

test('every member page has the same content width at 1440 × 900', async ({ signedInPage }) => {
  const { page, consoleErrors } = await signedInPage('desktop', DEMO.vault.email, DEMO_PASSWORD);
  await page.setViewportSize({ width: 1440, height: 900 });

  const feed = await page.request.get('/api/discovery/feed');
  expect(feed.status()).toBe(200);
  const { items } = (await feed.json()) as { items: { id: string; locked: boolean }[] };
  const someone = items.find((card) => !card.locked);
  if (!someone) throw new Error('the demo feed has no visible member');

  const seen: Record<string, { content: number; page: number }> = {};
  for (const path of [...PAGES, `/profile/${someone.id}`]) {
    await page.goto(path);
    seen[path] = await widths(page);
  }
  const column = seen['/app']?.content ?? 0;
  // 72rem less the column's padding: between the 1,040 and 1,120 px.
  expect(column).toBeGreaterThanOrEqual(1040);
  expect(column).toBeLessThanOrEqual(1120);
  for (const [path, { content, page: width }] of Object.entries(seen)) {
    expect.soft(content, `${path}: the column`).toBe(column);
    expect.soft(width, `${path}: the page fills the column`).toBe(column);
  }
  expect(consoleErrors).toEqual([]);
});
