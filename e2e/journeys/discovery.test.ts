import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  expectAccessible,
  expectNoHorizontalOverflow,
  newPage,
  signInContext,
  snap,
  useBrowser,
  VIEWPORTS,
  type ViewportName,
} from '../harness/browser';
import { DEMO, DEMO_PASSWORD } from '../harness/demo';
import { JOURNEY_PASSWORD, type JourneyMember } from '../harness/journey-members';

const b = useBrowser();
const topCard = (page: Page) => page.locator('article[data-top-card]');

async function waitForTopCard(page: Page) {
  await topCard(page).waitFor({ state: 'visible', timeout: 15_000 });
  return topCard(page);
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
    await expect.poll(() => topCard(page).getAttribute('data-card-id'), { timeout: 10_000 }).not.toBe(id);
  }
  throw new Error('no matching card found');
}

describe('discovery', () => {
  // First: the match journey below makes Valentina (tier 2) the most recently active teaser.
  it('shows a tier-1 member a locked tier-3 card and the Upgrade dialog', async () => {
    const { page, context } = await newPage(b.browser, 'phone');
    await signInContext(context, DEMO.basic.email, DEMO_PASSWORD);
    await page.goto('/app');
    const locked = await passUntil(page, (label, tier) => label.startsWith('Locked') && tier === '3', 30);
    // The server masked it: no name, city or bio reached the browser.
    expect(await locked.textContent()).not.toMatch(/Miami|Los Angeles|New York/);
    await snap(page, 'locked-card', 'phone');
    await page.keyboard.press('ArrowRight');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Upgrade Required').isVisible()).toBe(true);
    await expect
      .poll(() => dialog.getByText('Upgrade to Tier 3 or higher to interact with this profile').isVisible())
      .toBe(true);
    await expectAccessible(page);
    await snap(page, 'upgrade-dialog', 'phone');
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Passing a locked card is allowed.
    const id = await locked.getAttribute('data-card-id');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => topCard(page).getAttribute('data-card-id')).not.toBe(id);
    await context.close();
  });

  it('two members like each other, one by dragging and one by keyboard, and both see the match', async () => {
    const [julian, valentina] = inject('journeyMembers') as [JourneyMember, JourneyMember];

    const a = await newPage(b.browser, 'phone');
    await signInContext(a.context, julian.email, JOURNEY_PASSWORD);
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
    await expect.poll(() => a.page.getByText('You liked this profile').isVisible()).toBe(true);

    const v = await newPage(b.browser, 'desktop');
    await signInContext(v.context, valentina.email, JOURNEY_PASSWORD);
    await v.page.goto('/app');
    await passUntil(v.page, (label) => label.startsWith('Julian'));
    await v.page.keyboard.press('ArrowRight');
    const dialog = v.page.getByRole('dialog');
    await expect.poll(() => dialog.getByText("It's a Match!").first().isVisible()).toBe(true);
    await expect
      .poll(() =>
        dialog
          .getByText(/Julian/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await snap(v.page, 'match-dialog', 'desktop');

    // Julian hears about it through his notifications.
    await a.page.reload();
    await a.page.getByRole('button', { name: /notifications/i }).click();
    await expect
      .poll(() =>
        a.page
          .getByRole('dialog')
          .getByText(/You and Valentina liked each other!/)
          .isVisible(),
      )
      .toBe(true);
    await a.context.close();
    await v.context.close();
  });

  it('shows a super like in Interests, and Remove takes it away', async () => {
    const { page, context } = await newPage(b.browser, 'phone');
    await signInContext(context, DEMO.chemistry.email, DEMO_PASSWORD);
    await page.goto('/app');
    const card = await passUntil(page, (label) => !label.startsWith('Locked'));
    const name = ((await card.getAttribute('aria-label')) ?? '').split(',')[0] as string;
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.getByText('You super liked this profile').isVisible()).toBe(true);

    await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Interests' }).click();
    await page.getByRole('tab', { name: /My Favorites/ }).click();
    const panel = page.getByRole('tabpanel');
    const row = panel.getByRole('listitem').filter({ hasText: name });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.getByText('in your favorites').isVisible()).toBe(true);
    await row.getByRole('button', { name: /Remove/ }).click();
    await expect.poll(() => panel.getByRole('listitem').filter({ hasText: name }).count()).toBe(0);
    // And it stays gone: the server deleted the super like.
    await page.reload();
    await page.getByRole('tab', { name: /My Favorites/ }).click();
    await expect.poll(() => page.getByRole('tabpanel').getByText(name).count()).toBe(0);
    await context.close();
  });

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`looks finished on ${viewport}: discovery, interests and a profile page`, async () => {
      const { page, context, consoleErrors } = await newPage(b.browser, viewport);
      await signInContext(context, DEMO.vault.email, DEMO_PASSWORD);
      await page.goto('/app');
      const card = await waitForTopCard(page);
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      await snap(page, 'discovery', viewport);

      const id = await card.getAttribute('data-card-id');
      await page.goto(`/profile/${id}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      await snap(page, 'profile', viewport);

      await page.goto('/interests');
      await page.getByRole('tab', { name: /Viewed Me/ }).waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      await snap(page, 'interests', viewport);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
