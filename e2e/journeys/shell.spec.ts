import { DEMO, DEMO_PASSWORD } from '../harness/demo';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  snap,
  test,
  VIEWPORTS,
  type ViewportName,
} from '../harness/fixtures';

test.describe('the member shell', () => {
  for (const [who, login] of Object.entries(DEMO)) {
    test(`shows ${who} the shell with the tier ${login.tier} badge`, async ({ signedInPage }) => {
      const { page, consoleErrors } = await signedInPage('phone', login.email, DEMO_PASSWORD);
      await page.goto('/app');
      await expect(page.locator('header [data-tier]')).toHaveAttribute('data-tier', String(login.tier));
      const nav = page.getByRole('navigation', { name: /main/i });
      for (const entry of ['Swipe', 'Search', 'Interests', 'Messages', 'More']) {
        await expect(nav.getByRole('link', { name: entry })).toBeVisible();
      }
      expect(await nav.getByRole('link', { name: 'Swipe' }).getAttribute('aria-current')).toBe('page');
      expect(consoleErrors).toEqual([]);
    });
  }

  test("keeps the theme a member's /app was rendered in, whatever this browser remembers", async ({
    signedInPage,
  }) => {
    const { page, consoleErrors } = await signedInPage('phone', DEMO.verified.email, DEMO_PASSWORD);
    // This browser last painted the light variant (another member's choice, or one since changed on
    // another device); the member's own saved choice is the night-royal default.
    await page.addInitScript(() => {
      localStorage.setItem('royal-circle:dark-mode', '0');
      const themes: boolean[] = [];
      Object.assign(window, { themesSeen: themes });
      new MutationObserver(() =>
        themes.push(document.documentElement?.classList.contains('dark') ?? false),
      ).observe(document, { attributes: true, attributeFilter: ['class'], subtree: true });
    });
    await page.goto('/app');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    // Until the app owns the page, and after: never flipped to the remembered light variant.
    await expect(page.locator('#root[data-prerendered="member"]:not([inert])')).toBeAttached();
    const themesSeen = await page.evaluate(() => (window as unknown as { themesSeen: boolean[] }).themesSeen);
    expect(themesSeen).not.toContain(false);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(consoleErrors).toEqual([]);
  });

  test.describe('popovers', () => {
    // In order, in one worker: both toggle the same member's Dark Mode and turn it back.
    test.describe.configure({ mode: 'default' });
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      test(`opens notifications and settings, persists a toggle, on ${viewport}`, async ({
        signedInPage,
      }) => {
        const { page } = await signedInPage(viewport, DEMO.chemistry.email, DEMO_PASSWORD);
        await page.goto('/interests');
        await expect(
          page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Interests' }),
        ).toHaveAttribute('aria-current', 'page');
        await expectNoHorizontalOverflow(page);
        await expectAccessible(page);
        await snap(page, 'shell', viewport);

        await page.getByRole('button', { name: /notifications/i }).click();
        await expect(page.getByRole('dialog').getByText('Notifications').first()).toBeVisible();
        await snap(page, 'notifications-popover', viewport);
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: /settings/i }).click();
        const dark = page.getByRole('switch', { name: 'Dark Mode' });
        await expect(dark).toBeVisible();
        await snap(page, 'settings-popover', viewport);
        const before = await dark.getAttribute('aria-checked');
        expect(before).toMatch(/^(true|false)$/);
        // A positive assertion (a negated one would pass while the switch is not rendered yet).
        const after = before === 'true' ? 'false' : 'true';
        await dark.click();
        await expect(dark).toHaveAttribute('aria-checked', after);
        // Persisted on the server: a fresh load shows the new value.
        await page.reload();
        await page.getByRole('button', { name: /settings/i }).click();
        await expect(page.getByRole('switch', { name: 'Dark Mode' })).toHaveAttribute('aria-checked', after);
        await page.getByRole('switch', { name: 'Dark Mode' }).click();
      });
    }
  });

  test('signs out from the top bar with the spec toast', async ({ signedInPage }) => {
    const { page } = await signedInPage('phone', DEMO.basic.email, DEMO_PASSWORD);
    await page.goto('/app');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('You have been signed out successfully')).toBeVisible();
    await page.goto('/app');
    await page.waitForURL('**/signin');
  });

  test('shows the 404 page for an unknown route', async ({ signedInPage }) => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const { page, context } = await signedInPage(viewport, DEMO.basic.email, DEMO_PASSWORD);
      await page.goto('/no-such-place');
      await expect(page.getByText('Oops! Page not found')).toBeVisible();
      await expectAccessible(page);
      await snap(page, 'not-found', viewport);
      await context.close();
    }
  });
});
