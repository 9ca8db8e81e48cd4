import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../harness/demo';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  snap,
  test,
  type ViewportName,
} from '../harness/fixtures';

const resultsList = (page: Page) => page.getByRole('list', { name: 'Results' });
const countHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^\d+ Results?$/ });

async function count(page: Page): Promise<number> {
  const text = (await countHeading(page).textContent()) ?? '';
  return Number(text.split(' ')[0]);
}

/** The names on the cards, as a sorted list. */
async function cardNames(page: Page): Promise<string[]> {
  const names = await resultsList(page).locator('li a span.truncate.font-semibold').allTextContents();
  return names.sort();
}

test.describe('browse and search', () => {
  test('filters change the count and cards, Clear all resets them, and a reloaded URL gives the same results', async ({
    signedInPage,
  }) => {
    const { page, consoleErrors } = await signedInPage('desktop', DEMO.vault.email, DEMO_PASSWORD);
    await page.goto('/search');
    await expect(countHeading(page)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Showing up to Tier 4')).toBeVisible();
    const everyone = await count(page);
    expect(everyone).toBeGreaterThan(10);
    await expect(page.getByText('Filters active')).toHaveCount(0);

    // Filters: women, verified only, a lifestyle chip.
    await page.getByRole('button', { name: 'Show filters' }).click();
    await page.getByLabel('User Type').selectOption('women');
    await expect(page).toHaveURL(/user_type=women/);
    // The count is read once the answer for both filters is in: the women-only answer is also fewer
    // than everyone, and reading it instead would make the reload below look different.
    const bothFilters = page.waitForResponse(
      (response) =>
        response.url().includes('/api/search') &&
        response.url().includes('user_type=women') &&
        response.url().includes('verified=true') &&
        response.ok(),
    );
    await page.getByRole('switch', { name: 'Verified Only' }).click();
    await expect(page).toHaveURL(/verified=true/);
    await expect(page.getByText('Filters active')).toBeVisible();
    const { total } = (await (await bothFilters).json()) as { total: number };
    expect(total).toBeLessThan(everyone);
    await expect.poll(() => count(page)).toBe(total);
    const narrowed = await count(page);
    await expect.poll(async () => (await cardNames(page)).length).toBe(Math.min(narrowed, 24));
    await snap(page, 'search-filters', 'desktop');

    // The same URL after a reload: the same count and the same cards.
    const before = await cardNames(page);
    const url = page.url();
    await page.reload();
    await expect(countHeading(page)).toBeVisible({ timeout: 15_000 });
    expect(page.url()).toBe(url);
    expect(await count(page)).toBe(narrowed);
    expect(await cardNames(page)).toEqual(before);

    // A name that matches nothing: the empty state.
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('zzqx');
    await expect(page.getByText('No results found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search filters')).toBeVisible();
    await expect(page).toHaveURL(/q=zzqx/);

    // Clear all: everyone again, and a clean URL.
    // Other journeys sign new members up while this one runs: "everyone" is at least the count at the
    // start and at most what the server counts now.
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect
      .poll(async () => {
        const shown = await count(page);
        const reply = await page.request.get('/api/search');
        const { total } = (await reply.json()) as { total: number };
        return shown >= everyone && shown <= total;
      })
      .toBe(true);
    await expect(page.getByText('Filters active')).toHaveCount(0);
    expect(new URL(page.url()).search).toBe('');

    // A card opens the member's profile.
    const first = resultsList(page).getByRole('link').first();
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/profile\/[0-9a-f-]{36}$/);
    await first.click();
    await expect(page).toHaveURL(href ?? '');
    expect(consoleErrors).toEqual([]);
  });

  for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
    test(`looks finished at ${viewport} width, filters open, and keeps loading as it scrolls`, async ({
      signedInPage,
    }) => {
      // Three screens, each checked by axe (the grid's is the largest page the journeys check): 37 to
      // 47 s without other load, past one minute beside the other worker in CI.
      test.setTimeout(120_000);
      const { page, consoleErrors } = await signedInPage(viewport, DEMO.vault.email, DEMO_PASSWORD);
      await page.goto('/search');
      await expect(countHeading(page)).toBeVisible({ timeout: 15_000 });
      await snap(page, 'search', viewport);
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      const total = await count(page);
      // Infinite scroll: scrolling to the end brings the next page.
      const cards = resultsList(page).getByRole('listitem');
      await expect(cards).toHaveCount(Math.min(total, 24));
      if (total > 24) {
        await cards.last().scrollIntoViewIfNeeded();
        await page.mouse.wheel(0, 4000);
        await expect.poll(() => cards.count()).toBeGreaterThan(24);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: 'Show filters' }).click();
      await expect(page.getByRole('region', { name: 'Filters' })).toBeVisible();
      await snap(page, 'search-panel', viewport);
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);

      await page.goto('/settings');
      await expect(page.getByRole('heading', { name: 'Location' })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText('Your exact position is never stored')).toBeVisible();
      await snap(page, 'settings-location', viewport);
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      expect(consoleErrors).toEqual([]);
    });
  }
});
