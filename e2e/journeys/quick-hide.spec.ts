import { DEMO, DEMO_PASSWORD } from '../harness/demo';
import { expect, expectAccessible, expectNoHorizontalOverflow, test } from '../harness/fixtures';

// Issue 40, the discretion package: quick-hide by keyboard, and back with the app PIN. The PIN lives in
// this browser context only (localStorage), so the demo member's other journeys never meet it.

const PIN = '482916';

test.describe('quick-hide', () => {
  test('a member sets an app PIN, hides the screen with Escape twice, and comes back with the PIN where she was', async ({
    signedInPage,
  }) => {
    const { page, consoleErrors } = await signedInPage('desktop', DEMO.verified.email, DEMO_PASSWORD);
    const me = (await (await page.request.get('/api/me')).json()) as { name: string };

    // Settings → Discretion: a PIN typed twice, asked again after 15 minutes away.
    await page.goto('/settings');
    const discretion = page.getByRole('region', { name: 'Discretion' });
    await discretion.getByRole('button', { name: 'Set a PIN' }).click();
    const pinForm = page.getByRole('form', { name: 'Set a PIN' });
    await pinForm.getByLabel('PIN (4–6 digits)').fill(PIN);
    await pinForm.getByLabel('Confirm PIN').fill(PIN);
    await pinForm.getByLabel('Lock after').selectOption({ label: '15 minutes' });
    await pinForm.getByRole('button', { name: 'Set PIN' }).click();
    await expect(page.getByText('PIN set', { exact: true })).toBeVisible();
    await expect(discretion.getByRole('button', { name: 'Remove PIN' })).toBeVisible();

    // Her own page, with her name on it, scrolled a little.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'More' }).click();
    await page.waitForURL('**/more');
    const herName = page.getByText(me.name, { exact: true }).first();
    await expect(herName).toBeVisible();
    await page.mouse.wheel(0, 200);
    const scrolled = await page.evaluate(() => window.scrollY);

    // Escape twice: an ordinary page at once, with an ordinary title and icon, and nothing of hers
    // on screen or in the accessibility tree.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'Reading list' })).toBeVisible();
    await expect(page).toHaveTitle('Reading list');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/icons/neutral.svg');
    await expect(page.locator('body')).not.toContainText(me.name, { useInnerText: true });
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);

    // Done asks for the PIN: a wrong one is counted, the right one brings her back where she was.
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.type('000000');
    await expect(page.getByText('Wrong PIN. 4 tries left.')).toBeVisible();
    await page.keyboard.type(PIN);
    await expect(herName).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/more');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(page).toHaveTitle(/Royal Circle|New activity/);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
    // The session stayed: the app still talks to the server as her.
    expect((await page.request.get('/api/me')).status()).toBe(200);

    expect(consoleErrors).toEqual([]);
  });
});
