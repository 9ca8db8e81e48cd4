import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../harness/demo';
import {
  deckTopCard,
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  snap,
  test,
  VIEWPORTS,
  type ViewportName,
} from '../harness/fixtures';
import type { E2EGlobals } from '../harness/globals';

const waitForTopCard = (page: Page) => deckTopCard(page);

/** Waits until a top card other than `id` is shown (positive: an empty deck does not pass). */
async function expectNextCard(page: Page, id: string | null, timeout?: number) {
  expect(id, 'the card had a data-card-id').toBeTruthy();
  await deckTopCard(page, `:not([data-card-id="${id}"])`, timeout);
}

/** Passes cards with the keyboard until one matches, at most `limit` times. */
async function passUntil(page: Page, wanted: (label: string, tier: string | null) => boolean, limit = 60) {
  for (let i = 0; i < limit; i += 1) {
    const card = await waitForTopCard(page);
    const label = (await card.getAttribute('aria-label')) ?? '';
    const tier = await card.locator('[data-tier]').first().getAttribute('data-tier');
    if (wanted(label, tier)) return card;
    const id = await card.getAttribute('data-card-id');
    await page.keyboard.press('ArrowLeft');
    await expectNextCard(page, id, 10_000);
  }
  throw new Error('no matching card found');
}

function journeyMember(globals: E2EGlobals, name: string) {
  const member = globals.journeyMembers.find((m) => m.name === name);
  if (!member) throw new Error(`journey member ${name} was not created by global setup`);
  return member;
}

test.describe('discovery', () => {
  // In order, in one worker: the first must run before the match journey.
  test.describe.configure({ mode: 'default' });

  // First: the match journey below makes Valentina (tier 2) the most recently active teaser.
  test('shows a tier-1 member a locked tier-3 card and the Upgrade dialog', async ({ signedInPage }) => {
    const { page } = await signedInPage('phone', DEMO.basic.email, DEMO_PASSWORD);
    await page.goto('/app');
    const locked = await passUntil(page, (label, tier) => label.startsWith('Locked') && tier === '3', 30);
    // The server masked it: no name, city or bio reached the browser.
    expect(await locked.textContent()).not.toMatch(/Miami|Los Angeles|New York/);
    await snap(page, 'locked-card', 'phone');
    await page.keyboard.press('ArrowRight');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Upgrade Required')).toBeVisible();
    await expect(dialog.getByText('Upgrade to Tier 3 or higher to interact with this profile')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'upgrade-dialog', 'phone');
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Passing a locked card is allowed.
    const id = await locked.getAttribute('data-card-id');
    await page.keyboard.press('ArrowLeft');
    await expectNextCard(page, id);
  });

  test('two members like each other, one by dragging and one by keyboard, and both see the match', async ({
    signedInPage,
    globals,
  }) => {
    const julian = journeyMember(globals, 'Julian');
    const valentina = journeyMember(globals, 'Valentina');

    const a = await signedInPage('phone', julian.email, globals.journeyPassword);
    await a.page.goto('/app');
    const card = await passUntil(a.page, (label) => label.startsWith('Valentina'));
    // Drag the card well past the 100 px threshold to the right.
    const box = await card.boundingBox();
    if (!box) throw new Error('card has no box');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await a.page.mouse.move(x, y);
    await a.page.mouse.down();
    for (let step = 1; step <= 10; step += 1) await a.page.mouse.move(x + step * 22, y + step * 2);
    await a.page.mouse.up();
    await expect(a.page.getByText('You liked this profile')).toBeVisible();

    const v = await signedInPage('desktop', valentina.email, globals.journeyPassword);
    await v.page.goto('/app');
    await passUntil(v.page, (label) => label.startsWith('Julian'));
    await v.page.keyboard.press('ArrowRight');
    const dialog = v.page.getByRole('dialog', { name: "It's a Match!" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/You and Julian liked each other!/)).toBeVisible();
    await snap(v.page, 'match-dialog', 'desktop');
    // Announced once: the dialog, and no toast (neither a match toast nor the like's own).
    await expect(v.page.getByText("It's a Match!")).toHaveCount(1);
    await expect(v.page.locator('[data-sonner-toast]')).toHaveCount(0);
    await v.page.waitForTimeout(1_000);
    await expect(v.page.locator('[data-sonner-toast]')).toHaveCount(0);
    // Keep Swiping closes it and gives focus back to the deck, not the page body.
    await dialog.getByRole('button', { name: 'Keep Swiping' }).click();
    await expect(dialog).toBeHidden();
    // Radix moves focus a tick after the dialog leaves the page, so this is polled.
    await expect
      .poll(() =>
        v.page.evaluate(() => {
          const active = document.activeElement;
          return (
            active instanceof HTMLElement &&
            (active.dataset.topCard !== undefined || active.tagName === 'SECTION')
          );
        }),
      )
      .toBe(true);

    // Julian hears about it through his notifications.
    await a.page.reload();
    await a.page.getByRole('button', { name: /notifications/i }).click();
    await expect(a.page.getByRole('dialog').getByText(/You and Valentina liked each other!/)).toBeVisible();
  });

  test('shows a super like in Interests, and Remove takes it away', async ({ signedInPage }) => {
    const { page } = await signedInPage('phone', DEMO.chemistry.email, DEMO_PASSWORD);
    await page.goto('/app');
    const card = await passUntil(page, (label) => !label.startsWith('Locked'));
    const name = ((await card.getAttribute('aria-label')) ?? '').split(',')[0] as string;
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText('You super liked this profile')).toBeVisible();

    await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Interests' }).click();
    await page.getByRole('tab', { name: /My Favorites/ }).click();
    const panel = page.getByRole('tabpanel');
    const row = panel.getByRole('listitem').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('in your favorites')).toBeVisible();
    await row.getByRole('button', { name: /Remove/ }).click();
    await expect(panel.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
    // And it stays gone: the server deleted the super like. (Wait for the list to load, or a count of
    // zero would pass before the favourites arrived.)
    await page.reload();
    await page.getByRole('tab', { name: /My Favorites/ }).click();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('tabpanel').getByText(name)).toHaveCount(0);
  });

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    test(`looks finished on ${viewport}: discovery, interests and a profile page`, async ({
      signedInPage,
    }) => {
      const { page, consoleErrors } = await signedInPage(viewport, DEMO.vault.email, DEMO_PASSWORD);
      await page.goto('/app');
      const card = await waitForTopCard(page);
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      await snap(page, 'discovery', viewport);

      const id = await card.getAttribute('data-card-id');
      await page.goto(`/profile/${id}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      await snap(page, 'profile', viewport);

      await page.goto('/interests');
      await expect(page.getByRole('tab', { name: /Viewed Me/ })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      await snap(page, 'interests', viewport);
      expect(consoleErrors).toEqual([]);
    });
  }
});
