import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectNoHorizontalOverflow,
  newPage,
  snap,
  useBrowser,
  VIEWPORTS,
  type ViewportName,
} from '../harness/browser';
import { DEMO, DEMO_PASSWORD } from '../harness/demo';

const b = useBrowser();

describe('the sign-in screen', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`looks finished and passes axe on ${viewport}`, async () => {
      const { page, context } = await newPage(b.browser, viewport);
      await page.goto('/signin');
      await expect
        .poll(() => page.getByRole('button', { name: 'Enter Royal Circle' }).isVisible())
        .toBe(true);
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      await snap(page, 'signin', viewport);
      await page.getByRole('tab', { name: 'Join the Elite' }).click();
      await expect.poll(() => page.getByText('min 6 characters').isVisible()).toBe(true);
      await snap(page, 'signup', viewport);
      await context.close();
    });
  }

  it('signs a member in through the form and lands on /app with their tier badge', async () => {
    const { page, context } = await newPage(b.browser, 'phone');
    await page.goto('/signin');
    await page.getByLabel('Email').fill(DEMO.verified.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Enter Royal Circle' }).click();
    await page.waitForURL('**/app');
    await expect.poll(() => page.getByText('Welcome back!').isVisible()).toBe(true);
    await expect.poll(() => page.locator('header [data-tier]').getAttribute('data-tier')).toBe('2');
    await context.close();
  });

  it('shows the error toast for a wrong password and stays on the form', async () => {
    const { page, context } = await newPage(b.browser, 'phone');
    await page.goto('/signin');
    await page.getByLabel('Email').fill(DEMO.basic.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Enter Royal Circle' }).click();
    await expect.poll(() => page.getByText('Invalid email or password').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/signin');
    await context.close();
  });

  it('creates an account from the Join the Elite tab', async () => {
    const { page, context } = await newPage(b.browser, 'desktop');
    await page.goto('/signin');
    await page.getByRole('tab', { name: 'Join the Elite' }).click();
    await page.getByLabel('Email').fill(`journey-${Date.now()}@example.test`);
    await page.getByLabel('Password').fill('midnight-orchid-77');
    await page.getByRole('button', { name: 'Ascend to Elite Status' }).click();
    await page.waitForURL('**/app');
    await expect.poll(() => page.getByText('Account created!').isVisible()).toBe(true);
    await expect.poll(() => page.locator('header [data-tier]').getAttribute('data-tier')).toBe('0');
    await context.close();
  });
});
