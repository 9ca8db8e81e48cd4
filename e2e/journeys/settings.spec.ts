import { readFile } from 'node:fs/promises';
import { DATA_EXPORT_REQUESTED_TEXT } from '@royal/shared';
import { unzip } from '../../apps/server/test/unzip';
import { DEMO, DEMO_PASSWORD } from '../harness/demo';
import { expect, expectAccessible, expectNoHorizontalOverflow, test } from '../harness/fixtures';

test.describe('settings', () => {
  test('a member makes her profile private on the Settings page: her match still sees her, a stranger does not, until she makes it public again in the Safety Center', async ({
    signedInPage,
    globals,
  }) => {
    test.setTimeout(120_000);
    const { him, her } = globals.settingsPair;
    const elena = await signedInPage('phone', her.email, globals.journeyPassword);
    const marco = await signedInPage('desktop', him.email, globals.journeyPassword);
    const stranger = await signedInPage('desktop', DEMO.vault.email, DEMO_PASSWORD);
    const herName = stranger.page.getByRole('heading', { level: 1, name: /Elena/ });

    await stranger.page.goto(`/profile/${her.id}`);
    await expect(herName).toBeVisible();

    // The Settings page: Private, then Save Settings.
    await elena.page.goto('/settings');
    await elena.page.getByRole('radio', { name: /Private/ }).check();
    await expectNoHorizontalOverflow(elena.page);
    await expectAccessible(elena.page);
    await elena.page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(elena.page.getByText('Settings saved successfully!')).toBeVisible();

    // From the server on: a stranger's next look finds no one; her match still sees her page.
    await stranger.page.reload();
    await expect(stranger.page.getByText('Profile not found')).toBeVisible();
    await marco.page.goto(`/profile/${her.id}`);
    await expect(marco.page.getByRole('heading', { level: 1, name: /Elena/ })).toBeVisible();

    // Public again from the Safety Center's Safety Settings tab, saved as she picks it.
    await elena.page.goto('/safety');
    await elena.page.getByRole('tab', { name: 'Safety Settings' }).click();
    // The picker shows what the server saved, so it turns once the save is answered (`check()`
    // looks at once and failed in CI when the answer took longer).
    const publicChoice = elena.page.getByRole('radio', { name: /Public/ });
    await publicChoice.click();
    await expect(publicChoice).toBeChecked();
    await expect(elena.page.getByText('Your safety settings have been saved')).toBeVisible();
    await stranger.page.reload();
    await expect(herName).toBeVisible();

    for (const session of [elena, marco, stranger])
      expect(session.consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
  });
});

test.describe('leaving', () => {
  test('a member exports her data and opens the archive, then deletes her account: her match no longer finds her and she cannot sign in', async ({
    signedInPage,
    openPage,
    globals,
  }) => {
    test.setTimeout(120_000);
    const { him, her } = globals.leavingPair;
    const sofia = await signedInPage('phone', her.email, globals.journeyPassword);
    const luca = await signedInPage('desktop', him.email, globals.journeyPassword);
    await luca.page.goto(`/profile/${her.id}`);
    await expect(luca.page.getByRole('heading', { level: 1, name: /Sofia/ })).toBeVisible();

    // Export My Data: the archive is prepared by a job, then offered on the same page.
    await sofia.page.goto('/settings');
    await sofia.page.getByRole('button', { name: 'Export My Data' }).click();
    // The toast and the section's state say the same words.
    await expect(sofia.page.getByText(DATA_EXPORT_REQUESTED_TEXT).first()).toBeVisible();
    const link = sofia.page.getByRole('link', { name: 'Download it' });
    await expect(link).toBeVisible({ timeout: 30_000 });
    const [download] = await Promise.all([sofia.page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^royal-circle-data-.*\.zip$/);
    const files = await unzip(await readFile(await download.path()));
    expect(files.get('README.txt')?.toString('utf8')).toMatch(/profile\.json/);
    const profile = JSON.parse(files.get('profile.json')?.toString('utf8') ?? '{}');
    expect(profile.account).toMatchObject({ id: her.id, email: her.email });
    expect(profile.profile).toMatchObject({ name: her.name });

    // Delete Account: the password and the typed word, then signed out to the landing page.
    await sofia.page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = sofia.page.getByRole('dialog', { name: 'Delete Account' });
    await expect(dialog).toBeVisible();
    await expectAccessible(sofia.page);
    await dialog.getByLabel('Password').fill(globals.journeyPassword);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(sofia.page.getByText('Your account has been deleted')).toBeVisible();
    await sofia.page.waitForURL('**/landing');

    // Her match finds no one, and her messages list no longer holds her.
    await luca.page.reload();
    await expect(luca.page.getByText('Profile not found')).toBeVisible();
    await luca.page.goto('/messages');
    await expect(luca.page.getByRole('heading', { name: 'Messages', exact: false }).first()).toBeVisible();
    await expect(luca.page.getByText('Sofia')).toHaveCount(0);

    // Her address and password no longer open an account.
    const { page } = await openPage('phone');
    await page.goto('/signin');
    await page.getByLabel('Email').fill(her.email);
    await page.getByLabel('Password').fill(globals.journeyPassword);
    await page.getByRole('button', { name: 'Enter Royal Circle' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/signin');

    expect(sofia.consoleErrors).toEqual([]);
    expect(luca.consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
  });
});
