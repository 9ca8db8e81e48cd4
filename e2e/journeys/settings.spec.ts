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
    await elena.page.getByRole('radio', { name: /Public/ }).check();
    await expect(elena.page.getByText('Your safety settings have been saved')).toBeVisible();
    await stranger.page.reload();
    await expect(herName).toBeVisible();

    for (const session of [elena, marco, stranger])
      expect(session.consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
  });
});
