import type { Page } from '@playwright/test';
import { APPEAL_SENT_TEXT, enforcementReasonText, TOTP_PERIOD_SECONDS } from '@royal/shared';
import { totpCode } from '../../apps/server/src/modules/auth';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  fillSignInForm,
  harnessControl,
  snap,
  test,
} from '../harness/fixtures';
import { JOURNEY_ADMIN_TOTP_SECRET } from '../harness/journey-members';

// Issue 37's journey: an admin signs in with a code from her authenticator, finds a member by e-mail,
// changes her tier (the member's open tab shows it without a reload), suspends her with a reason
// (the member's tab goes to the sign-in screen with the reason's plain text; she signs in again and
// appeals), grants the appeal, decides a report, approves a waitlist application and reads the audit
// log. Its own admin, members, report and application (journey-members.ts createAdminDesk).

/** The code step of the sign-in form, with this step's code (the next one if this one was spent). */
async function enterCode(page: Page) {
  const field = page.getByLabel('Authentication code');
  await expect(field).toBeVisible();
  for (const offset of [0, 1]) {
    await field.fill(totpCode(JOURNEY_ADMIN_TOTP_SECRET, Date.now() + offset * TOTP_PERIOD_SECONDS * 1000));
    await page.getByRole('button', { name: 'Verify' }).click();
    if (
      await page.waitForURL('**/app', { timeout: 5_000 }).then(
        () => true,
        () => false,
      )
    )
      return;
  }
  throw new Error('the admin journey could not complete the code step');
}

test.describe('the admin dashboard', () => {
  test('an admin signs in with a code, changes a member’s tier live, suspends her (she appeals and is let back), decides a report, approves an application and reads the audit log', async ({
    openPage,
    signedInPage,
    globals,
  }) => {
    test.setTimeout(240_000);
    const { admin, member, reported, applicant } = globals.adminDesk;

    // Chiara is in the app on her phone, at tier 1.
    const chiara = await signedInPage('phone', member.email, globals.journeyPassword);
    await chiara.page.goto('/app');
    await expect(chiara.page.locator('header [data-tier]')).toHaveAttribute('data-tier', '1');

    // The admin signs in through the form: the password, then her authenticator's code.
    const { page } = await openPage('desktop');
    await page.goto('/signin');
    await fillSignInForm(page, admin.email, globals.journeyPassword);
    await enterCode(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Total Users')).toBeVisible();

    // Users: found by her e-mail; her detail; Tier 3, which her phone shows without a reload.
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(member.email);
    const users = page.getByRole('table', { name: 'Users' });
    await expect(users.getByRole('row')).toHaveCount(2);
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    await users.getByRole('button', { name: member.name }).click();
    const detail = page.getByRole('dialog', { name: member.name });
    await expect(detail.getByText(member.email).first()).toBeVisible();
    await expect(detail.getByText('Not suspended or banned')).toBeVisible();
    await detail.getByRole('combobox', { name: 'Tier' }).selectOption('3');
    await expect(page.getByText('User tier updated to 3')).toBeVisible();
    await expect(chiara.page.locator('header [data-tier]')).toHaveAttribute('data-tier', '3');
    await snap(page, 'admin-member-detail', 'desktop');

    // Suspended for a week for harassment: her phone is signed out to the reason's plain text.
    await detail.getByRole('button', { name: 'Suspend' }).click();
    const suspend = page.getByRole('dialog', { name: `Suspend ${member.name}` });
    await suspend.getByLabel('Reason').selectOption('harassment');
    await suspend.getByLabel('Period').selectOption('7');
    await suspend.getByLabel(/^Note for the team/).fill('Two members described unwanted messages this week.');
    await expectAccessible(page);
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await expect(page.getByText('Member suspended')).toBeVisible();
    await expect(detail.getByText(/Suspended until/).first()).toBeVisible();

    const notice = chiara.page.getByRole('region', { name: 'Your account is suspended' });
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(notice.getByText(enforcementReasonText('harassment'))).toBeVisible();
    // The tab was signed out, so the appeal waits for her password: she signs in again and appeals.
    await fillSignInForm(chiara.page, member.email, globals.journeyPassword);
    const appealText = 'I blocked a man who kept writing to me; I never wrote to anyone who said no.';
    await notice.getByLabel('Your appeal').fill(appealText);
    await snap(chiara.page, 'admin-suspension-notice', 'phone');
    await expectAccessible(chiara.page);
    await notice.getByRole('button', { name: 'Send Appeal' }).click();
    await expect(notice.getByText(APPEAL_SENT_TEXT)).toBeVisible();

    // Appeals: claimed on opening, granted with a note; she can sign in again.
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: /^Appeals/ }).click();
    await page
      .getByRole('button', { name: new RegExp(member.name) })
      .first()
      .click();
    const appeal = page.getByRole('dialog', { name: `Appeal from ${member.name}` });
    await expect(appeal.getByText(appealText)).toBeVisible();
    await expect(appeal.getByText(/Claimed by you until/)).toBeVisible();
    await appeal.getByLabel('Note for the team').fill('First report against her; the messages were his.');
    await appeal.getByRole('button', { name: 'Lift' }).click();
    await expect(page.getByText('Appeal decided: the action was lifted')).toBeVisible();
    await fillSignInForm(chiara.page, member.email, globals.journeyPassword);
    await chiara.page.waitForURL('**/app');

    // Reports: Massimo's, beside his history; actioned.
    await page.getByRole('tab', { name: /^Reports/ }).click();
    await page
      .getByRole('table', { name: 'Open reports, oldest first' })
      .getByRole('button', { name: reported.name })
      .click();
    const report = page.getByRole('dialog', { name: `Report against ${reported.name}` });
    await expect(report.getByText(/Claimed by you until/)).toBeVisible();
    await expect(
      report.getByText('He kept messaging after I said no, from a second account too.'),
    ).toBeVisible();
    await report.getByLabel('Note for the audit log (optional)').fill('Confirmed from the chat; warned.');
    await expectAccessible(page);
    await report.getByRole('button', { name: 'Actioned' }).click();
    await expect(page.getByText('Report actioned')).toBeVisible();

    // Waitlist: Beatrice's application approved; her invite arrives.
    await page.getByRole('tab', { name: /^Waitlist/ }).click();
    await page.getByRole('button', { name: applicant.name }).click();
    const application = page.getByRole('dialog', { name: applicant.name });
    await application.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Application approved')).toBeVisible();
    const invite = (await harnessControl('mail', { to: applicant.email })) as { text: string };
    expect(invite.text).toMatch(/invite/i);

    // The audit log, filtered to Chiara: every decision about her, newest first, with who and from where.
    await page.getByRole('tab', { name: 'Audit Log' }).click();
    await page.getByLabel('Member id').fill(member.id);
    await page.getByRole('button', { name: 'Apply' }).click();
    const log = page.getByRole('table', { name: 'Audit log, newest first' });
    await expect(log.getByRole('row')).toHaveCount(5);
    const actions = await log.getByRole('row').locator('td:nth-child(3)').allTextContents();
    expect(actions).toEqual([
      'Appeal granted: lifted',
      'Suspension or ban appealed',
      'Member suspended',
      'Tier change',
    ]);
    await expect(log.getByText(admin.name).first()).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'admin-audit-log', 'desktop');
  });
});
