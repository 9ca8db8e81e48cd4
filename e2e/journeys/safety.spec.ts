import { expect, expectAccessible, expectNoHorizontalOverflow, snap, test } from '../harness/fixtures';

test.describe('blocks and reports', () => {
  test('a member reports and blocks from the chat: it closes on both sides, and the Safety Center unblocks', async ({
    signedInPage,
    globals,
  }) => {
    // Two browsers, each step waiting on the other's live update.
    test.setTimeout(120_000);
    const { him, her, matchId } = globals.safetyPair;
    const giulio = await signedInPage('desktop', him.email, globals.journeyPassword);
    const carla = await signedInPage('phone', her.email, globals.journeyPassword);

    await giulio.page.goto(`/messages/${matchId}`);
    await expect(giulio.page.getByRole('region', { name: /Carla/ })).toBeVisible();
    await carla.page.goto(`/messages/${matchId}`);
    const herChat = carla.page.getByRole('region', { name: /Giulio/ });
    await expect(herChat).toBeVisible();

    // A report: what happened, in her words; the dialog asks before it sends.
    await herChat.getByRole('button', { name: 'Report Giulio' }).click();
    const report = carla.page.getByRole('dialog', { name: 'Report Giulio' });
    await report.getByRole('button', { name: 'Submit Report' }).click();
    await expect(report.getByText('Choose what happened')).toBeVisible();
    await report.getByRole('radio', { name: 'Harassment' }).check();
    await report.getByLabel('Details').fill('Kept insisting after I said no.');
    await expectNoHorizontalOverflow(carla.page);
    await snap(carla.page, 'report-dialog', 'phone');
    await expectAccessible(carla.page);
    await report.getByRole('button', { name: 'Submit Report' }).click();
    await expect(carla.page.getByText('Report Submitted')).toBeVisible();
    await expect(report).toBeHidden();

    // Then a block: her chat closes to the list, where he no longer is.
    await herChat.getByRole('button', { name: 'Block Giulio' }).click();
    const block = carla.page.getByRole('dialog', { name: 'Block Giulio?' });
    await snap(carla.page, 'block-dialog', 'phone');
    await expectAccessible(carla.page);
    await block.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(carla.page.getByText('User Blocked')).toBeVisible();
    await expect(herChat).toBeHidden();
    await expect(carla.page.getByRole('button', { name: /^Giulio/ })).toHaveCount(0);

    // His open chat closes without a reload, and she is gone from his list.
    await expect(giulio.page.getByRole('region', { name: 'Chat not found' })).toBeVisible({
      timeout: 10_000,
    });
    await expect(giulio.page.getByRole('button', { name: /^Carla/ })).toHaveCount(0);

    // The Safety Center lists him; Unblock lifts it.
    await carla.page.goto('/safety');
    await carla.page.getByRole('tab', { name: 'Blocked Members' }).click();
    const blocked = carla.page.getByRole('list', { name: 'Blocked members' });
    await expect(blocked.getByText('Giulio')).toBeVisible();
    await expectNoHorizontalOverflow(carla.page);
    await snap(carla.page, 'safety-blocked', 'phone');
    await expectAccessible(carla.page);
    await blocked.getByRole('button', { name: 'Unblock Giulio' }).click();
    await expect(carla.page.getByText('User Unblocked')).toBeVisible();
    await expect(carla.page.getByText('No one blocked')).toBeVisible();

    expect(carla.consoleErrors).toEqual([]);
    // His side asked for the chat it had open and was told it is gone (a 404, as the server answers).
    expect(giulio.consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
  });
});
