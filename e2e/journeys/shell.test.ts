import { describe, expect, it } from 'vitest';
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

const b = useBrowser();

describe('the member shell', () => {
  for (const [who, login] of Object.entries(DEMO)) {
    it(`shows ${who} the shell with the tier ${login.tier} badge`, async () => {
      const { page, context, consoleErrors } = await newPage(b.browser, 'phone');
      await signInContext(context, login.email, DEMO_PASSWORD);
      await page.goto('/app');
      await expect
        .poll(() => page.locator('header [data-tier]').getAttribute('data-tier'))
        .toBe(String(login.tier));
      const nav = page.getByRole('navigation', { name: /main/i });
      for (const entry of ['Swipe', 'Search', 'Interests', 'Messages', 'More']) {
        await expect.poll(() => nav.getByRole('link', { name: entry }).isVisible()).toBe(true);
      }
      expect(await nav.getByRole('link', { name: 'Swipe' }).getAttribute('aria-current')).toBe('page');
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`opens notifications and settings, persists a toggle, on ${viewport}`, async () => {
      const { page, context } = await newPage(b.browser, viewport);
      await signInContext(context, DEMO.chemistry.email, DEMO_PASSWORD);
      await page.goto('/interests');
      await expect
        .poll(() =>
          page
            .getByRole('navigation', { name: /main/i })
            .getByRole('link', { name: 'Interests' })
            .getAttribute('aria-current'),
        )
        .toBe('page');
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      await snap(page, 'shell', viewport);

      await page.getByRole('button', { name: /notifications/i }).click();
      await expect
        .poll(() => page.getByRole('dialog').getByText('Notifications').first().isVisible())
        .toBe(true);
      await snap(page, 'notifications-popover', viewport);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: /settings/i }).click();
      const dark = page.getByRole('switch', { name: 'Dark Mode' });
      await expect.poll(() => dark.isVisible()).toBe(true);
      await snap(page, 'settings-popover', viewport);
      const before = await dark.getAttribute('aria-checked');
      await dark.click();
      await expect.poll(() => dark.getAttribute('aria-checked')).not.toBe(before);
      // Persisted on the server: a fresh load shows the new value.
      await page.reload();
      await page.getByRole('button', { name: /settings/i }).click();
      await expect
        .poll(() => page.getByRole('switch', { name: 'Dark Mode' }).getAttribute('aria-checked'))
        .not.toBe(before);
      await page.getByRole('switch', { name: 'Dark Mode' }).click();
      await context.close();
    });
  }

  it('signs out from the top bar with the spec toast', async () => {
    const { page, context } = await newPage(b.browser, 'phone');
    await signInContext(context, DEMO.basic.email, DEMO_PASSWORD);
    await page.goto('/app');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByText('You have been signed out successfully').isVisible()).toBe(true);
    await page.goto('/app');
    await page.waitForURL('**/signin');
    await context.close();
  });

  it('shows the 404 page for an unknown route', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const { page, context } = await newPage(b.browser, viewport);
      await signInContext(context, DEMO.basic.email, DEMO_PASSWORD);
      await page.goto('/no-such-place');
      await expect.poll(() => page.getByText('Oops! Page not found').isVisible()).toBe(true);
      await expectAccessible(page);
      await snap(page, 'not-found', viewport);
      await context.close();
    }
  });
});
