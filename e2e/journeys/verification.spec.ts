import { verifiedSinceLabel } from '@royal/shared';
import { acceptLegalDocument } from '../harness/compliance-gate';
import { DEMO, DEMO_PASSWORD } from '../harness/demo';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  snap,
  test,
  type ViewportName,
} from '../harness/fixtures';

/** Screenshots of a step at this width, checked for overflow and serious accessibility problems. */
async function look(page: import('@playwright/test').Page, name: string, viewport: ViewportName) {
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await snap(page, name, viewport);
}

test.describe('the compliance gate and verification', () => {
  // The longest journey: two members, eleven screens each checked with axe, an upload and a chat.
  test.describe.configure({ timeout: 180_000 });
  for (const viewport of ['phone', 'desktop'] as const) {
    test(`a member declines, comes back, passes the gate with an ID, is verified through the wizard and can message (${viewport})`, async ({
      openPage,
      signedInPage,
      globals,
    }) => {
      const { him, her } = globals.verificationCandidates[viewport];
      const { page, consoleErrors } = await openPage(viewport);
      const signIn = async () => {
        await page.goto('/signin');
        await page.getByLabel('Email').fill(him.email);
        await page.getByLabel('Password').fill(globals.journeyPassword);
        await page.getByRole('button', { name: 'Enter Royal Circle' }).click();
      };

      // The gate opens before anything else; declining signs the member out.
      await signIn();
      const terms = page.getByRole('dialog', { name: 'Terms of Service' });
      await expect(terms).toBeVisible();
      await expect(terms.getByRole('button', { name: 'Accept & Continue' })).toBeDisabled();
      await look(page, 'gate-terms', viewport);
      await terms.getByRole('button', { name: 'Decline' }).click();
      await page.waitForURL('**/signin');
      await expect(page.getByRole('button', { name: 'Enter Royal Circle' })).toBeVisible();
      expect((await (await page.request.get('/api/session')).json()).user).toBeNull();

      // Back again: the same first step, then both documents accepted.
      await signIn();
      await acceptLegalDocument(page, 'Terms of Service', 'Terms Accepted');
      const privacy = page.getByRole('dialog', { name: 'Privacy Policy' });
      await expect(privacy).toBeVisible();
      await look(page, 'gate-privacy', viewport);
      await acceptLegalDocument(page, 'Privacy Policy', 'Privacy Policy Accepted');

      // The age check: intro, upload with its type, submitted.
      const age = page.getByRole('dialog', { name: 'Age Verification' });
      await expect(age).toBeVisible();
      await look(page, 'gate-age-intro', viewport);
      await age.getByRole('button', { name: 'Verify with ID' }).click();
      const upload = page.getByRole('dialog', { name: 'Upload Your ID' });
      await upload.getByText('Passport').click();
      await upload.getByLabel('ID image').setInputFiles(globals.sampleImages.id);
      await look(page, 'gate-age-upload', viewport);
      await upload.getByRole('button', { name: 'Upload ID' }).click();
      await expect(page.getByText('ID Uploaded Successfully')).toBeVisible();
      const submitted = page.getByRole('dialog', { name: 'ID Submitted' });
      await expect(submitted).toBeVisible();
      await look(page, 'gate-age-submitted', viewport);
      await submitted.getByRole('button', { name: 'Continue' }).click();
      await expect(page.locator('header [data-tier]')).toHaveAttribute('data-tier', '1');

      // Not verified yet: at tier 1 messaging is restricted.
      await page.goto('/messages');
      await expect(page.getByText('Please verify your account to send messages').first()).toBeVisible();

      // The wizard, with the file fallback for the selfie.
      await page.goto('/verify');
      await page.getByRole('button', { name: 'Verify' }).click();
      const wizard = page.getByRole('dialog');
      await expect(wizard.getByText('Step 1 of 5')).toBeVisible();
      await look(page, 'wizard-intro', viewport);
      await wizard.getByRole('button', { name: 'Start Verification' }).click();
      await expect(wizard.getByText('Step 2 of 5')).toBeVisible();
      await wizard.getByLabel('Upload a photo instead').setInputFiles(globals.sampleImages.selfie);
      await expect(wizard.getByRole('img', { name: 'Your selfie' })).toBeVisible();
      await expect(wizard.getByRole('button', { name: 'Retake' })).toBeVisible();
      await look(page, 'wizard-selfie', viewport);
      await wizard.getByRole('button', { name: 'Continue' }).click();
      await expect(wizard.getByText('Step 3 of 5')).toBeVisible();
      await wizard.getByLabel('ID image').setInputFiles(globals.sampleImages.id);
      await look(page, 'wizard-id', viewport);
      await wizard.getByText("Driver's License").click();
      await expect(wizard.getByText('Step 4 of 5')).toBeVisible();
      await expect(wizard.getByRole('img', { name: 'Your ID' })).toBeVisible();
      await look(page, 'wizard-review', viewport);
      await wizard.getByRole('button', { name: 'Submit for Review' }).click();
      await expect(wizard.getByText('Step 5 of 5')).toBeVisible();
      await expect(wizard.getByRole('heading', { name: 'Verification Submitted' })).toBeVisible();
      await look(page, 'wizard-complete', viewport);
      await wizard.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByText('Verification pending review')).toBeVisible();

      // An admin approves the wizard's request, looking at the images through their links.
      const admin = await signedInPage(viewport, DEMO.admin.email, DEMO_PASSWORD);
      await admin.page.goto('/admin?tab=verification');
      const card = admin.page
        .getByRole('article')
        .filter({ hasText: him.name })
        .filter({ hasText: 'Selfie and ID' });
      await expect(card).toBeVisible();
      const selfie = card.getByRole('img', { name: `Selfie of ${him.name}` });
      await expect(selfie).toBeVisible();
      await expect
        .poll(() => selfie.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await card.scrollIntoViewIfNeeded();
      await look(admin.page, 'admin-verification', viewport);
      await card.getByRole('button', { name: 'Approve' }).click();
      await expect(admin.page.getByText('Verification approved successfully')).toBeVisible();
      await expect(card).toBeHidden();
      await admin.page.getByRole('tab', { name: 'Approved' }).click();
      await expect(
        admin.page.getByRole('article').filter({ hasText: him.name }).filter({ hasText: 'Selfie and ID' }),
      ).toBeVisible();

      // The member is verified, and at tier 1 may now write to his match.
      await page.goto('/verify');
      await expect(page.getByText(verifiedSinceLabel(new Date()))).toBeVisible();
      await look(page, 'verify-verified', viewport);
      await page.goto('/messages');
      await expect(page.getByText('Enabled')).toBeVisible();
      await page.getByRole('button', { name: new RegExp(her.name) }).click();
      const chat = page.getByRole('region', { name: new RegExp(her.name) });
      const box = chat.getByRole('textbox', { name: `Message ${her.name}` });
      await box.fill('Verified at last. Dinner on Saturday?');
      await box.press('Enter');
      await expect(box).toHaveValue('');
      await expect(chat.getByText('Verified at last. Dinner on Saturday?')).toBeVisible();
      await expect(chat.getByText('Sent')).toBeVisible();

      expect(consoleErrors).toEqual([]);
      expect(admin.consoleErrors).toEqual([]);
    });
  }
});
