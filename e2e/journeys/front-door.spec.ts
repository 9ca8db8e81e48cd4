import type { Page } from '@playwright/test';
import {
  EMAIL_CONFIRMED_TEXT,
  PASSWORD_RESET_DONE_TEXT,
  RECOVERY_SENT_TEXT,
  SIGN_UP_CHECK_EMAIL_TEXT,
  TOTP_PERIOD_SECONDS,
  WAITLIST_SUCCESS_TITLE,
} from '@royal/shared';
import { totpCode } from '../../apps/server/src/modules/auth';
import { DEMO, DEMO_PASSWORD } from '../harness/demo';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  fillSignInForm,
  harnessControl,
  snap,
  test,
} from '../harness/fixtures';
import { readGlobals } from '../harness/globals';

type ArrivedMail = { subject: string; text: string; html: string };

/** The e-mail to `to` that reached the SMTP server (subject matching), and the app link in it. */
async function mailLink(to: string, subject: string, path: string) {
  const mail = (await harnessControl('mail', { to, subject })) as ArrivedMail;
  const link = mail.text.match(new RegExp(`https?://[^\\s>]+${path}[^\\s>]*`))?.[0];
  expect(link, `a ${path} link in “${mail.subject}”`).toBeTruthy();
  // The link names the server's public origin; the browser opens the same path on the journey's.
  const url = new URL(link as string);
  return `${url.pathname}${url.search}`;
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await fillSignInForm(page, email, password);
}

test.describe('the front door', () => {
  test('a visitor applies to the waitlist, is approved, signs up with the e-mailed invite, confirms her e-mail, then forgets her password and resets it from the e-mail', async ({
    openPage,
    signedInPage,
  }) => {
    test.setTimeout(150_000);
    const email = `applicant-${Date.now().toString(36)}@example.test`;
    const { page } = await openPage('phone');

    // The waitlist form, as the spec words it.
    await page.goto('/waitlist');
    await page.getByLabel('Full name').fill('Aurelia Bianchi');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('City').selectOption('Miami, FL');
    await page
      .getByLabel('Why do you want to join?')
      .fill('I travel between Miami and Milan and want to meet people who value discretion.');
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await snap(page, 'waitlist-form', 'phone');
    // A form sent within three seconds of opening is taken for a bot's.
    await page.waitForTimeout(3_200);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { name: WAITLIST_SUCCESS_TITLE })).toBeVisible();
    await snap(page, 'waitlist-done', 'phone');

    // An admin approves the application through the API (the admin screen comes with its own issue).
    const admin = await signedInPage('desktop', DEMO.admin.email, DEMO_PASSWORD);
    const headers = { origin: readGlobals().baseUrl };
    const list = await admin.context.request.get('/api/admin/waitlist?status=pending');
    expect(list.status(), await list.text()).toBe(200);
    const { items } = (await list.json()) as { items: { id: string; email: string }[] };
    const application = items.find((item) => item.email === email);
    expect(application, 'the application is listed for the admin').toBeTruthy();
    const approved = await admin.context.request.post(`/api/admin/waitlist/${application?.id}/approve`, {
      headers,
    });
    expect(approved.status(), await approved.text()).toBe(200);

    // The invite arrives by e-mail; its link opens Join the Elite with the code filled in.
    await page.goto(await mailLink(email, 'invitation', '/signin'));
    await expect(page.getByRole('tab', { name: 'Join the Elite', selected: true })).toBeVisible();
    await expect(page.getByLabel('Invite code')).not.toHaveValue('');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('velvet-harbour-41');
    await page.getByRole('button', { name: 'Ascend to Elite Status' }).click();
    await expect(page.getByText(SIGN_UP_CHECK_EMAIL_TEXT).first()).toBeVisible();

    // The confirmation link from the e-mail confirms the address.
    await page.goto(await mailLink(email, 'Confirm your e-mail', '/confirm-email'));
    await expect(page.getByText(EMAIL_CONFIRMED_TEXT)).toBeVisible();
    await snap(page, 'confirm-email', 'phone');

    // Signed out, she has forgotten her password: a link by e-mail sets a new one.
    const other = await openPage('phone');
    await other.page.goto('/signin');
    await other.page.getByRole('link', { name: 'Forgot password?' }).click();
    await other.page.getByLabel('Email').fill(email);
    await other.page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(other.page.getByText(RECOVERY_SENT_TEXT)).toBeVisible();
    await expectAccessible(other.page);
    await snap(other.page, 'forgot-password-sent', 'phone');
    await other.page.goto(await mailLink(email, 'Reset your password', '/reset-password'));
    await other.page.getByLabel('New password', { exact: true }).fill('moonlit-terrace-58');
    await other.page.getByLabel('Repeat new password').fill('moonlit-terrace-58');
    await other.page.getByRole('button', { name: 'Set new password' }).click();
    await expect(other.page.getByText(PASSWORD_RESET_DONE_TEXT)).toBeVisible();

    // The reset signed out the session she had; the old password no longer opens the account.
    await page.goto('/settings');
    await page.waitForURL('**/signin');
    await signInWithForm(other.page, email, 'velvet-harbour-41');
    await expect(other.page.getByText('Invalid email or password')).toBeVisible();
    // Still on the form (the app owns it now): the new password.
    await other.page.getByLabel('Password').fill('moonlit-terrace-58');
    await other.page.getByRole('button', { name: 'Enter Royal Circle' }).click();
    await other.page.waitForURL(/\/(app|onboarding)/);
    expect(other.consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
  });
});

/** A virtual authenticator (Chromium's, over CDP) on `page`, holding `credentials` when given. */
/** A credential as Chromium's virtual authenticator lists it (WebAuthn.getCredentials over CDP). */
type VirtualCredential = {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
};

async function virtualAuthenticator(page: Page, credentials: VirtualCredential[] = []) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  for (const credential of credentials)
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
  return {
    credentials: async (): Promise<VirtualCredential[]> =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

test.describe('second factor and passkeys', () => {
  test('a member turns on two-factor and signs in with a code, then adds a passkey and signs in with it', async ({
    signedInPage,
    openPage,
    globals,
  }) => {
    test.setTimeout(150_000);
    const { him } = globals.securityPair;
    const dario = await signedInPage('desktop', him.email, globals.journeyPassword);

    // Settings → Security: the password, the QR code (or its key), a code, ten backup codes.
    await dario.page.goto('/settings');
    await dario.page.getByRole('button', { name: 'Turn On Two-Factor' }).click();
    const enrol = dario.page.getByRole('dialog', { name: 'Turn On Two-Factor' });
    await enrol.getByLabel('Password').fill(globals.journeyPassword);
    await enrol.getByRole('button', { name: 'Continue' }).click();
    await expect(enrol.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await expectAccessible(dario.page);
    await snap(dario.page, 'two-factor-enrol', 'desktop');
    const secret = (await enrol.locator('code').textContent()) ?? '';
    await enrol.getByLabel('6-digit code').fill(totpCode(secret, Date.now()));
    await enrol.getByRole('button', { name: 'Confirm' }).click();
    await expect(enrol.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
    await enrol.getByRole('button', { name: 'I Saved Them' }).click();

    // Another device: the password, then the next code (the one just used is refused as a replay).
    const laptop = await openPage('phone');
    await signInWithForm(laptop.page, him.email, globals.journeyPassword);
    const code = laptop.page.getByLabel('Authentication code');
    await expect(code).toBeVisible();
    await snap(laptop.page, 'two-factor-sign-in', 'phone');
    await code.fill(totpCode(secret, Date.now() + TOTP_PERIOD_SECONDS * 1000));
    await laptop.page.getByRole('button', { name: 'Verify' }).click();
    await laptop.page.waitForURL('**/app');

    // A passkey, added on the first device's authenticator.
    const authenticator = await virtualAuthenticator(dario.page);
    await dario.page.getByLabel('Passkey name').fill('Studio laptop');
    await dario.page
      .getByRole('region', { name: 'Passkeys' })
      .getByLabel('Password')
      .fill(globals.journeyPassword);
    await dario.page.getByRole('button', { name: 'Add Passkey' }).click();
    await expect(dario.page.getByText('Passkey added')).toBeVisible();
    await expect(dario.page.getByText('Studio laptop')).toBeVisible();
    await snap(dario.page, 'security-settings', 'desktop');

    // The same passkey on a new device's sign-in screen: no password, no code.
    const tablet = await openPage('desktop');
    await tablet.page.goto('/signin');
    await virtualAuthenticator(tablet.page, await authenticator.credentials());
    await tablet.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await tablet.page.waitForURL('**/app');
    for (const session of [dario, laptop, tablet]) expect(session.consoleErrors).toEqual([]);
  });
});
