import { DEMO, DEMO_PASSWORD } from '../harness/demo';
import { expect, signInContext, test } from '../harness/fixtures';
import { capture, findings, type Shot, shotContext, THEMES, useTheme, WIDTHS } from './shot';

// Issue 35's screens: the landing page, the waitlist, password recovery, the sign-in's code step, and
// Settings' Security section with the two-factor dialog. The signed-out pages are drawn in the night
// theme whatever the visitor's setting (they have no member), so they are taken once per width.
/** A link token of the right shape: the reset page shows its form (the server judges the token on submit). */
const SAMPLE_TOKEN = 'A'.repeat(43);

for (const theme of THEMES) {
  for (const width of WIDTHS.filter((w) => w.name === '390' || w.name === '1440')) {
    test(`the front door at ${width.name} px, ${theme.name}`, async ({ browser, globals }) => {
      test.setTimeout(240_000);
      if (theme.name === 'night') {
        const visitor = await shotContext(browser, globals.baseUrl, width);
        const page = await visitor.newPage();
        const shot: Shot = { page, width, theme };
        for (const [name, path, heading] of [
          ['landing', '/landing', 'Enter the Royal Circle'],
          ['waitlist', '/waitlist', 'Join the Waitlist'],
          ['forgot-password', '/forgot-password', 'Forgot password?'],
          ['reset-password', `/reset-password?token=${SAMPLE_TOKEN}`, 'Choose a new password'],
        ] as const) {
          await page.goto(path);
          await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
          // Move the pointer once: a prerendered page starts the app on the visitor's first act.
          await page.mouse.move(5, 5);
          await capture(shot, name);
        }
        // The code step, as the demo admin (who has two-factor) sees it after the password.
        await page.goto('/signin');
        await page.getByLabel('Email').fill(DEMO.admin.email);
        await page.getByLabel('Password').fill(DEMO_PASSWORD);
        await page.getByRole('button', { name: 'Enter Royal Circle' }).click();
        await expect(page.getByLabel('Authentication code')).toBeVisible();
        await capture(shot, 'sign-in-code');
        await visitor.close();
      }

      const context = await shotContext(browser, globals.baseUrl, width);
      const page = await context.newPage();
      const shot: Shot = { page, width, theme };
      await signInContext(context, DEMO.chemistry.email, DEMO_PASSWORD);
      await useTheme(context, globals.baseUrl, theme.darkMode);
      await page.goto('/settings');
      const security = page.getByRole('region', { name: 'Two-Factor Authentication' });
      await security.scrollIntoViewIfNeeded();
      await expect(page.getByRole('region', { name: 'Sessions' }).getByText('This device')).toBeVisible();
      await capture(shot, 'settings-security');
      // The dialog's QR step (left without a code: nothing is turned on).
      await page.getByRole('button', { name: 'Turn On Two-Factor' }).click();
      const enrol = page.getByRole('dialog', { name: 'Turn On Two-Factor' });
      await enrol.getByLabel('Password').fill(DEMO_PASSWORD);
      await enrol.getByRole('button', { name: 'Continue' }).click();
      await expect(enrol.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
      await capture(shot, 'two-factor-enrol');
      await context.close();
      expect(findings.splice(0), 'axe: serious or critical findings').toEqual([]);
    });
  }
}
