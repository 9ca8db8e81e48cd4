import { DEMO, DEMO_PASSWORD } from '../harness/demo';
import { expect, signInContext, test, topCard } from '../harness/fixtures';
import { capture, findings, type Shot, shotContext, THEMES, useTheme, WIDTHS } from './shot';

// Issue 33's states that screens.spec.ts does not reach: an Observer's empty and restricted screens
// (each offers the next step), Browse where it goes beyond the distance preference, the deck when its
// feed fails (Try Again, not a skeleton), and the deck on a phone held sideways.
for (const theme of THEMES) {
  for (const width of WIDTHS) {
    test(`first impressions at ${width.name} px, ${theme.name}`, async ({ browser, globals }) => {
      const context = await shotContext(browser, globals.baseUrl, width);
      const page = await context.newPage();
      const shot: Shot = { page, width, theme };
      await signInContext(context, DEMO.observer.email, DEMO_PASSWORD);
      await useTheme(context, globals.baseUrl, theme.darkMode);

      for (const [name, path, nextStep] of [
        ['interests-observer', '/interests', /Interests/],
        ['messages-observer', '/messages', /Upgrade/],
        ['wallet-observer', '/more?wallet=open', /Deposits start at Basic Access/],
      ] as const) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expect(page.getByText(nextStep).first()).toBeVisible();
        await capture(shot, name);
      }

      // Browse near first: the heading where the results go beyond the member's distance preference
      // (further down when many members are near: the list loads on as it scrolls).
      await page.goto('/search');
      const widened = page.getByRole('heading', {
        level: 3,
        name: /^(Further than|No one within) \d+ miles/,
      });
      for (let scrolls = 0; scrolls < 20 && (await widened.count()) === 0; scrolls += 1) {
        await page.mouse.wheel(0, 5000);
        await page.waitForLoadState('networkidle');
      }
      await widened.scrollIntoViewIfNeeded();
      await capture(shot, 'search-widening');

      // The feed fails: the error with Try Again, within the feed's timeout.
      await page.route('**/api/discovery/feed*', (route) =>
        route.fulfill({
          status: 500,
          json: { error: { code: 'INTERNAL', message: 'Failed to fetch profiles' } },
        }),
      );
      await page.goto('/interests');
      await page.waitForLoadState('networkidle');
      await page.getByRole('link', { name: 'Swipe' }).first().click();
      await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible({ timeout: 10_000 });
      await capture(shot, 'discovery-error');
      await page.unroute('**/api/discovery/feed*');

      // A phone held sideways (once per theme): the card, its buttons and the bars all fit.
      if (width.name === '390') {
        await page.setViewportSize({ width: 844, height: 390 });
        await page.goto('/app');
        await expect(topCard(page)).toBeVisible({ timeout: 15_000 });
        await capture(
          { ...shot, width: { name: '844x390', width: 844, height: 390 } as never },
          'discovery-landscape',
        );
      }

      await context.close();
      expect(findings.splice(0), 'axe: serious or critical findings').toEqual([]);
    });
  }
}
