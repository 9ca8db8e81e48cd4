import { expect, expectAccessible, test } from '../harness/fixtures';

/** What Chromium logs for each request it could not make while the network was gone. */
const offlineNoise = (error: string) => /ERR_INTERNET_DISCONNECTED|WebSocket/.test(error);

test.describe('offline chat', () => {
  test('a message written offline waits on the device, goes out when the connection returns, and reaches the other member', async ({
    signedInPage,
    globals,
  }) => {
    test.setTimeout(120_000);
    // A matched pair whose own journey (settings.spec.ts) never opens their chat.
    const { him, her, matchId } = globals.settingsPair;
    const marco = await signedInPage('desktop', him.email, globals.journeyPassword);
    const elena = await signedInPage('phone', her.email, globals.journeyPassword);

    // She has their chat open; so has he.
    await elena.page.goto(`/messages/${matchId}`);
    const herChat = elena.page.getByRole('region', { name: /Marco/ });
    await expect(herChat.getByRole('textbox', { name: 'Message Marco' })).toBeVisible();
    await marco.page.goto(`/messages/${matchId}`);
    const hisChat = marco.page.getByRole('region', { name: /Elena/ });
    const hisBox = hisChat.getByRole('textbox', { name: 'Message Elena' });
    await expect(hisBox).toBeEnabled();

    // His network goes: the chat says so, and he can still write.
    await marco.context.setOffline(true);
    await expect(
      hisChat.getByText('You are offline — messages will be sent when you reconnect.'),
    ).toBeVisible();
    await expect(hisBox).toBeEnabled();
    const text = 'Written on the train, sent when the signal came back.';
    await hisBox.fill(text);
    await hisBox.press('Enter');
    await expect(hisBox).toHaveValue('');
    const line = hisChat.getByRole('listitem').filter({ hasText: text });
    await expect(line.getByText('Waiting for connection')).toBeVisible();
    await expectAccessible(marco.page);

    // The network returns: it goes out and shows as sent (or read, once her open chat has it).
    await marco.context.setOffline(false);
    await expect(line.getByText(/^(Sent|Read)$/)).toBeAttached({ timeout: 15_000 });
    await expect(line.getByText('Waiting for connection')).toBeHidden();
    await expect(
      hisChat.getByText('You are offline — messages will be sent when you reconnect.'),
    ).toBeHidden();
    await expect(hisChat.getByText(text)).toHaveCount(1);

    // She receives it live, in her open chat.
    await expect(herChat.getByText(text)).toBeVisible({ timeout: 15_000 });

    // A reload finds it sent, once, and nothing left waiting on his device.
    await marco.page.reload();
    await expect(hisChat.getByText(text)).toHaveCount(1);
    await expect(hisChat.getByText('Waiting for connection')).toHaveCount(0);
    expect(
      await marco.page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith('rc.chat-outbox')),
      ),
    ).toEqual([]);

    expect(marco.consoleErrors.filter((error) => !offlineNoise(error))).toEqual([]);
    expect(elena.consoleErrors).toEqual([]);
  });
});
