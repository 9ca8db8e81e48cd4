import { expect, expectAccessible, expectNoHorizontalOverflow, snap, test } from '../harness/fixtures';

test.describe('messages', () => {
  test('two members chat both ways live: notification, read ticks, typing, Enter to send', async ({
    signedInPage,
    globals,
  }) => {
    // Two members in two browsers, each step waiting on the other's live update: about 50 s on a quiet
    // machine, so the default minute left no room when CI runs journeys side by side.
    test.setTimeout(120_000);
    const { him, her, matchId } = globals.chatPair;
    const lorenzo = await signedInPage('desktop', him.email, globals.journeyPassword);
    const isabella = await signedInPage('phone', her.email, globals.journeyPassword);

    // She is on the deck; he opens their chat from the Messages screen and writes.
    await isabella.page.goto('/app');
    await expect(isabella.page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await lorenzo.page.goto('/messages');
    await expect(lorenzo.page.getByRole('heading', { name: 'Messages' })).toBeVisible();
    await expect(lorenzo.page.getByText('Enabled')).toBeVisible();
    await lorenzo.page.getByRole('button', { name: /^Isabella/ }).click();
    // On a desktop the chat opens beside the list, at its own URL.
    const hisChat = lorenzo.page.getByRole('region', { name: /Isabella/ });
    await expect(hisChat).toBeVisible();
    await expect(lorenzo.page).toHaveURL(new RegExp(`/messages/${matchId}$`));
    await expect(lorenzo.page.getByRole('list', { name: 'Your matches' })).toBeVisible();
    await expect(lorenzo.page.getByRole('button', { name: /^Isabella/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    const hisBox = hisChat.getByRole('textbox', { name: 'Message Isabella' });
    // With a mouse and keyboard the chat opens ready to type.
    await expect(hisBox).toBeFocused();
    await hisBox.fill('Good evening, Isabella.');
    await hisBox.press('Shift+Enter');
    await hisBox.pressSequentially('Dinner on Friday?');
    await hisBox.press('Enter');
    // The draft stays in the box until the server has it (a failed send is retried with the same id).
    await expect(hisBox).toHaveValue('');
    await expect(hisChat.getByText(/Good evening, Isabella\.\s+Dinner on Friday\?/)).toBeVisible();
    await expect(hisChat.getByText('Sent')).toBeVisible();

    // Her top bar learns of it without a reload.
    await expect(isabella.page.getByRole('button', { name: /Notifications, 1 unread/ })).toBeVisible({
      timeout: 10_000,
    });

    // She opens the chat: the message is there, and his tick turns to Read.
    await isabella.page.goto('/messages');
    const row = isabella.page.getByRole('button', { name: /^Lorenzo/ });
    await expect(row.getByRole('status', { name: '1 unread' })).toBeVisible();
    await row.click();
    // On her phone the chat is a screen of its own, with the way back, and no list beside it.
    const herChat = isabella.page.getByRole('region', { name: /Lorenzo/ });
    await expect(herChat.getByText(/Dinner on Friday\?/)).toBeVisible();
    await expect(herChat.getByRole('button', { name: 'Back to messages' })).toBeVisible();
    await expect(isabella.page.getByRole('list', { name: 'Your matches' })).toBeHidden();
    await expect(isabella.page).toHaveURL(new RegExp(`/messages/${matchId}$`));
    // On her touch screen the box waits to be tapped: no keyboard raised over the conversation.
    await expect(herChat.getByRole('textbox', { name: 'Message Lorenzo' })).not.toBeFocused();
    await expect(hisChat.getByText('Read')).toBeVisible({ timeout: 10_000 });

    // She types: he sees typing...; she sends with Enter and it appears on his side at once.
    const herBox = herChat.getByRole('textbox', { name: 'Message Lorenzo' });
    await herBox.pressSequentially('I would love to', { delay: 40 });
    await expect(hisChat.getByText('typing...')).toBeVisible({ timeout: 10_000 });
    await herBox.press('Enter');
    await expect(herBox).toHaveValue('');
    await expect(hisChat.getByText('I would love to')).toBeVisible({ timeout: 10_000 });
    await expect(hisChat.getByText('typing...')).toBeHidden({ timeout: 10_000 });
    await expect(herChat.getByText('I would love to')).toBeVisible();

    await snap(lorenzo.page, 'messages-chat', 'desktop');
    await snap(isabella.page, 'messages-chat', 'phone');
    await expectAccessible(lorenzo.page);
    await expectAccessible(isabella.page);

    // Nothing of her chat is under the navigation: the composer's box, button and hint end above it.
    const composerBottom = await herBox.evaluate((box) =>
      Math.max(
        ...[...(box.closest('form')?.querySelectorAll('textarea, button, p') ?? [])].map(
          (part) => part.getBoundingClientRect().bottom,
        ),
      ),
    );
    const navTop = await isabella.page
      .getByRole('navigation', { name: 'Main' })
      .evaluate((nav) => nav.getBoundingClientRect().top);
    expect(composerBottom).toBeLessThanOrEqual(navTop);

    // Escape on her phone returns to the list, the focus on the conversation she left.
    await isabella.page.keyboard.press('Escape');
    await expect(isabella.page.getByRole('list', { name: 'Your matches' })).toBeVisible();
    await expect(isabella.page).toHaveURL(/\/messages$/);
    await expect(isabella.page.getByRole('button', { name: /^Lorenzo/ })).toBeFocused();
    await expectNoHorizontalOverflow(isabella.page);
    await snap(isabella.page, 'messages-list', 'phone');
    // His browser's back returns to the list, the pane beside it waiting for a choice.
    await lorenzo.page.goBack();
    await expect(hisChat).toBeHidden();
    await expect(lorenzo.page.getByRole('heading', { name: 'Select a conversation' })).toBeVisible();
    await expect(lorenzo.page.getByRole('button', { name: /^Isabella/ })).toBeFocused();
    await snap(lorenzo.page, 'messages-list', 'desktop');
    expect(lorenzo.consoleErrors).toEqual([]);
    expect(isabella.consoleErrors).toEqual([]);
  });
});
