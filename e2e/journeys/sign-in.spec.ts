import { passComplianceGate } from '../harness/compliance-gate';
import { DEMO, DEMO_PASSWORD } from '../harness/demo';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  holdRequests,
  openJoinTab,
  snap,
  test,
  VIEWPORTS,
  type ViewportName,
} from '../harness/fixtures';

test.describe('the sign-in screen', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    test(`looks finished and passes axe on ${viewport}`, async ({ openPage }) => {
      const { page } = await openPage(viewport);
      await page.goto('/signin');
      await expect(page.getByRole('button', { name: 'Enter Royal Circle' })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      await snap(page, 'signin', viewport);
      await openJoinTab(page);
      await expect(page.getByText('min 6 characters')).toBeVisible();
      await snap(page, 'signup', viewport);
    });
  }

  test('paints from the HTML alone, before any script runs', async ({ browser, baseURL }) => {
    const scriptless = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await scriptless.newPage();
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: 'Royal Circle' })).toBeVisible();
    await expect(page.getByText('Royal Sign In')).toBeVisible();
    await scriptless.close();
  });

  test('signs a member in through the form and lands on /app with their tier badge', async ({ openPage }) => {
    const { page } = await openPage('phone');
    await page.goto('/signin');
    await page.getByLabel('Email').fill(DEMO.verified.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Enter Royal Circle' }).click();
    await page.waitForURL('**/app');
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page.locator('header [data-tier]')).toHaveAttribute('data-tier', '2');
  });

  test('takes typing and Enter before the app has started, then signs in once it has', async ({
    openPage,
  }) => {
    const { page } = await openPage('phone');
    // The page is live HTML until the visitor acts; hold the app's start-up script back so all of
    // this happens before the app owns the page (docs/decisions/019).
    const release = await holdRequests(page, '**/assets/boot-*.js');
    await page.goto('/signin');
    await page.getByLabel('Email').fill(DEMO.verified.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByLabel('Password').press('Enter');
    // Held, not sent by the browser: the address bar never shows the password.
    await expect(page.getByLabel('Password')).toHaveValue(DEMO_PASSWORD);
    expect(new URL(page.url()).search).toBe('');
    release();
    await page.waitForURL('**/app');
    await expect(page.getByText('Welcome back!')).toBeVisible();
  });

  test('shows the error toast for a wrong password and stays on the form', async ({ openPage }) => {
    const { page } = await openPage('phone');
    await page.goto('/signin');
    await page.getByLabel('Email').fill(DEMO.basic.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Enter Royal Circle' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/signin');
  });

  test('creates an account from the Join the Elite tab', async ({ openPage }) => {
    const { page } = await openPage('desktop');
    await page.goto('/signin');
    await openJoinTab(page);
    await page.getByLabel('Email').fill(`journey-${Date.now()}@example.test`);
    await page.getByLabel('Password').fill('midnight-orchid-77');
    await page.getByRole('button', { name: 'Ascend to Elite Status' }).click();
    await expect(page.getByText('Account created!')).toBeVisible();
    // A new member meets the compliance gate, then sets up their profile (profile.spec.ts goes
    // through both) before anything else.
    await expect(page.locator('header [data-tier]')).toHaveCount(0);
    await passComplianceGate(page);
    await page.waitForURL('**/onboarding');
    await expect(page.getByRole('heading', { name: 'What is your name?' })).toBeVisible();
  });
});
