import { DEMO, DEMO_PASSWORD } from '../harness/demo';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  snap,
  test,
  type ViewportName,
} from '../harness/fixtures';

/** Screenshots of a screen at this width, checked for overflow and serious accessibility problems. */
async function look(page: import('@playwright/test').Page, name: string, viewport: ViewportName) {
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await snap(page, name, viewport);
}

// Aurelio's age check and verification wizard expired before anyone reviewed them (global setup ran
// the purge job past their date): the admin finds them under Expired, and he is told he may verify
// again. Neither side changes anything, so both viewports share him.
test.describe('a verification request nobody reviewed in time', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    test(`is listed as expired for the admin and offered again to the member (${viewport})`, async ({
      signedInPage,
      globals,
    }) => {
      // The demo admin signs in with a second factor; two sign-ins in one 30-s step may wait for the
      // next code (fixtures.ts signInContext).
      test.setTimeout(100_000);
      const aurelio = globals.expiredVerificationMember;

      const admin = await signedInPage(viewport, DEMO.admin.email, DEMO_PASSWORD);
      await admin.page.goto('/admin?tab=verification');
      await admin.page.getByRole('tab', { name: 'Expired' }).click();
      const cards = admin.page.getByRole('article').filter({ hasText: aurelio.name });
      const wizard = cards.filter({ hasText: 'Selfie and ID' });
      await expect(wizard).toBeVisible();
      await expect(wizard.getByText('Deleted: expired before review')).toHaveCount(2);
      await expect(cards.filter({ hasText: 'Age check (ID)' })).toBeVisible();
      await expect(cards.getByRole('button', { name: 'Approve' })).toHaveCount(0);
      await wizard.scrollIntoViewIfNeeded();
      await look(admin.page, 'admin-verification-expired', viewport);

      // Past the gate (his expired age check counts as a rejected one), to Edit Profile's Verify row.
      const member = await signedInPage(viewport, aurelio.email, globals.journeyPassword);
      await member.page.goto('/profile/edit');
      const row = member.page.getByTestId('verification-status');
      await expect(
        row.getByText('Your last verification expired before it was reviewed. You can submit again.'),
      ).toBeVisible();
      await look(member.page, 'profile-verify-expired', viewport);
      await row.getByRole('button', { name: 'Verify' }).click();
      await expect(member.page.getByRole('dialog', { name: 'Get Verified' })).toBeVisible();

      expect(admin.consoleErrors).toEqual([]);
      expect(member.consoleErrors).toEqual([]);
    });
  }
});
