import { randomUUID } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import {
  expect,
  expectNoHorizontalOverflow,
  harnessControl,
  snap,
  test,
  VIEWPORTS,
} from '../harness/fixtures';
import { readGlobals } from '../harness/globals';

// What members see of issue 31's server changes (decisions 027, 028, 029, 031), each state made
// through the API (and the harness's control server for a block and the jobs) and photographed at a
// phone's width and a desktop's, in the default night theme: e2e/artifacts/screens/issue-31-*.png.

/** Checks the screen, then saves it, at the phone's width and then the desktop's. */
async function atBothWidths(page: Page, name: string, check: () => Promise<void>) {
  for (const viewport of ['phone', 'desktop'] as const) {
    await page.setViewportSize(VIEWPORTS[viewport]);
    await check();
    await expectNoHorizontalOverflow(page);
    await snap(page, `issue-31-${name}`, viewport);
  }
}

/** The element shows all its text: nothing cut off by a clamp, an ellipsis or its box. */
async function expectWhole(locator: Locator) {
  await expect(locator).toBeVisible();
  const clipped = await locator.evaluate(
    (element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
  );
  expect(clipped, `${await locator.textContent()} is cut off`).toBe(false);
}

/** A state-changing API call as the context's member; its JSON reply (2xx expected). */
async function apiPost(request: APIRequestContext, path: string, data: unknown, key?: string) {
  const headers: Record<string, string> = { origin: readGlobals().baseUrl };
  if (key) headers['idempotency-key'] = key;
  const response = await request.post(path, { data, headers });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** Money in the member's wallet as a deposit would put it there: the sandbox checkout, paid. */
async function deposit(context: BrowserContext, cents: number) {
  const { checkout_id } = await apiPost(
    context.request,
    '/api/wallet/deposits',
    { amount_cents: cents },
    randomUUID(),
  );
  await payCheckout(context, checkout_id);
}

async function payCheckout(context: BrowserContext, checkoutId: string) {
  await apiPost(context.request, `/api/payments/sandbox/checkouts/${checkoutId}/complete`, {
    outcome: 'pay',
  });
}

const sendMessage = (context: BrowserContext, matchId: string, content: string) =>
  apiPost(context.request, `/api/matches/${matchId}/messages`, { id: randomUUID(), content });

async function openNotifications(page: Page, unread: RegExp | string = /Notifications, \d+ unread/) {
  await page.getByRole('button', { name: unread }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  return panel;
}

async function openWallet(page: Page) {
  await page.goto('/more?wallet=open');
  const wallet = page.getByRole('dialog', { name: 'Escrow Wallet' });
  await expect(wallet).toBeVisible();
  return wallet;
}

test.describe('issue 31 on screen', () => {
  test('a chat’s new messages are one notice that counts them, read with the chat', async ({
    signedInPage,
    globals,
  }) => {
    const { him, her, matchId } = globals.issue31.notice;
    const rafael = await signedInPage('desktop', him.email, globals.journeyPassword);
    const beatrice = await signedInPage('phone', her.email, globals.journeyPassword);
    for (const line of ['Good evening, Beatrice.', 'Are you free on Friday?', 'I know a quiet place.'])
      await sendMessage(rafael.context, matchId, line);

    const { page } = beatrice;
    await page.goto('/messages');
    const panel = await openNotifications(page, 'Notifications, 1 unread');
    await atBothWidths(page, 'chat-notice', async () => {
      await expect(panel.getByRole('listitem')).toHaveCount(1);
      await expectWhole(panel.getByText('3 new messages from Rafael'));
      await expect(panel.getByText('New messages', { exact: true })).toBeVisible();
    });
    await page.keyboard.press('Escape');

    // Reading the chat reads its notice: the bell has nothing unread, the notice stays, read. (At
    // the desktop's width the chat stays open beside the list.)
    await page.getByRole('button', { name: /^Rafael/ }).click();
    const chat = page.getByRole('region', { name: /Rafael/ });
    await expect(chat.getByText('I know a quiet place.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    const read = await openNotifications(page, 'Notifications');
    await atBothWidths(page, 'chat-notice-read', async () => {
      await expect(read.getByText('3 new messages from Rafael')).toBeVisible();
      await expect(read.getByText('Unread')).toHaveCount(0);
    });
    expect(beatrice.consoleErrors).toEqual([]);
  });

  test('a send past the rate says so and keeps the draft', async ({ signedInPage, globals }) => {
    const { him, matchId } = globals.issue31.flood;
    const enzo = await signedInPage('phone', him.email, globals.journeyPassword);
    for (let i = 1; i <= 30; i += 1) await sendMessage(enzo.context, matchId, `Line ${i}`);

    const { page } = enzo;
    await page.goto(`/messages/${matchId}`);
    const chat = page.getByRole('region', { name: /Chiara/ });
    const box = chat.getByRole('textbox', { name: 'Message Chiara' });
    await box.fill('And one more thing: dinner on Saturday?');
    await chat.getByRole('button', { name: 'Send' }).click();
    await atBothWidths(page, 'send-rate', async () => {
      await expect(chat.getByRole('alert')).toHaveText(
        'You are sending messages too quickly. Please wait a moment and try again.',
      );
      await expect(box).toHaveValue('And one more thing: dinner on Saturday?');
    });
    // The refusal is the reply the app expects: only the 429 is logged by the browser.
    expect(enzo.consoleErrors.filter((e) => !e.includes('429'))).toEqual([]);
  });

  test('a send into a chat whose other member blocked you', async ({ signedInPage, globals }) => {
    const { him, her, matchId } = globals.issue31.block;
    const marco = await signedInPage('phone', him.email, globals.journeyPassword);
    const { page } = marco;
    // The chat's first messages and the match list come with the page; the realtime channel's first
    // join reads both again (realtime-context.tsx). The block goes in after those reads: made before
    // one of them, it finds the chat gone and closes the box before anything is typed (CI on 403b7a9
    // met exactly that with the chat's read, and on 05ed3b6 with the list's).
    const rereadOnJoin = (pathname: string) =>
      page.waitForResponse(
        (response) => response.request().method() === 'GET' && new URL(response.url()).pathname === pathname,
      );
    const rereads = [rereadOnJoin(`/api/matches/${matchId}/messages`), rereadOnJoin('/api/matches')];
    await page.goto(`/messages/${matchId}`);
    const chat = page.getByRole('region', { name: /Sofia/ });
    await expect(chat.getByRole('textbox', { name: 'Message Sofia' })).toBeVisible();
    for (const reread of await Promise.all(rereads)) expect(reread.status()).toBe(200);
    await harnessControl('block', { blocker_id: her.id, blocked_id: him.id });

    await chat.getByRole('textbox', { name: 'Message Sofia' }).fill('Still on for Friday?');
    await chat.getByRole('button', { name: 'Send' }).click();
    // The server answers as for a match that does not exist (decision 031); the chat says it is gone,
    // not why, and keeps the draft.
    const box = chat.getByRole('textbox', { name: 'Message Sofia' });
    await atBothWidths(page, 'send-blocked', async () => {
      await expect(chat.getByRole('alert')).toHaveText('This chat is no longer available.');
      await expect(box).toHaveValue('Still on for Friday?');
      await expect(box).toBeDisabled();
    });
    // Left, the chat is gone from the list too (on a phone: from lg the list is beside it).
    await page.setViewportSize(VIEWPORTS.phone);
    await chat.getByRole('button', { name: 'Back to messages' }).click();
    await expect(page.getByRole('button', { name: /^Sofia/ })).toHaveCount(0);
    await expect(page.getByText('No matches yet')).toBeVisible();
    expect(marco.consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
  });

  test('a held transfer that could not be delivered comes back', async ({ signedInPage, globals }) => {
    const { him, her } = globals.issue31.returned;
    const vittorio = await signedInPage('phone', him.email, globals.journeyPassword);
    await deposit(vittorio.context, 10_000);
    const { transfer } = await apiPost(
      vittorio.context.request,
      '/api/wallet/transfers',
      { receiver_id: her.id, amount_cents: 2_500, transfer_type: 'gift', confirmed: true },
      randomUUID(),
    );
    expect(transfer.status).toBe('held');
    // During the cool-off she blocks him; the release job then sends it back.
    await harnessControl('block', { blocker_id: her.id, blocked_id: him.id });
    expect(await harnessControl('release-transfer', { transfer_id: transfer.id })).toMatchObject({
      returned: 1,
    });

    const { page } = vittorio;
    const wallet = await openWallet(page);
    const row = wallet.getByTestId('wallet-history-row').filter({ hasText: 'Ginevra' });
    await atBothWidths(page, 'transfer-returned-history', async () => {
      await expect(wallet.getByTestId('wallet-balance')).toHaveText('$100.00');
      await row.scrollIntoViewIfNeeded();
      await expect(row).toContainText('Gift to Ginevra');
      await expect(row).toContainText('Returned');
      await expect(row.getByText('−$25.00')).toHaveCSS('text-decoration-line', 'line-through');
    });
    await page.keyboard.press('Escape');
    const panel = await openNotifications(page);
    await atBothWidths(page, 'transfer-returned-notice', async () => {
      await expectWhole(panel.getByText('Transfer returned'));
      await expectWhole(
        panel.getByText('Your transfer of $25.00 (Gift) could not be delivered and is back in your balance'),
      );
    });
  });

  test('a second transfer that makes $500 in a day asks for confirmation', async ({
    signedInPage,
    globals,
  }) => {
    const { largeSender, receiver } = globals.issue31;
    const leonardo = await signedInPage('phone', largeSender.email, globals.journeyPassword);
    await deposit(leonardo.context, 60_000);
    await apiPost(
      leonardo.context.request,
      '/api/wallet/transfers',
      { receiver_id: receiver.id, amount_cents: 30_000, transfer_type: 'gift' },
      randomUUID(),
    );

    const { page } = leonardo;
    const wallet = await openWallet(page);
    await wallet.getByRole('tab', { name: 'Transfer' }).click();
    await wallet.getByLabel('Receiver user ID').fill(receiver.id);
    await wallet.getByLabel('Amount (USD)').fill('200');
    const refused = page.waitForResponse('**/api/wallet/transfers');
    await wallet.getByRole('button', { name: 'Send Transfer' }).click();
    const reply = await (await refused).json();
    expect(reply.error).toMatchObject({ code: 'CONFIRMATION_REQUIRED', details: { reason: 'large_amount' } });
    const warning = wallet.getByRole('alert');
    await atBothWidths(page, 'transfer-large-sum', async () => {
      await warning.scrollIntoViewIfNeeded();
      await expect(warning).toContainText('Before you send money');
      await expect(warning).toContainText(
        'With this transfer you would send this member $500.00 or more within 24 hours.',
      );
      await expect(warning).toContainText('Romance scams often begin with a new match asking for money.');
      await expect(warning.getByRole('button', { name: 'I understand, send it' })).toBeVisible();
    });
  });

  test('the sponsor dialog refuses a member with their own plan; a paused sponsorship', async ({
    signedInPage,
    globals,
  }) => {
    const { sponsor, receiver, lapsingSponsor, unpaid } = globals.issue31;
    const ottavia = await signedInPage('phone', sponsor.email, globals.journeyPassword);
    await ottavia.page.goto('/more?tab=tiers');
    await ottavia.page.getByRole('button', { name: 'Sponsor User' }).click();
    const dialog = ottavia.page.getByRole('dialog', { name: 'Sponsor a member' });
    await dialog.getByLabel('Member user ID').fill(receiver.id);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await atBothWidths(ottavia.page, 'sponsor-member-has-plan', async () => {
      await expect(dialog.getByRole('alert')).toHaveText(
        'This member already has an active plan of their own. You can sponsor them once it ends.',
      );
    });

    const cesare = await signedInPage('phone', lapsingSponsor.email, globals.journeyPassword);
    await deposit(cesare.context, 10_000);
    const quote = await (
      await cesare.context.request.get(`/api/sponsorships/quote?user_id=${unpaid.id}`)
    ).json();
    await apiPost(
      cesare.context.request,
      '/api/sponsorships',
      { user_id: unpaid.id, price_cents: quote.price_cents },
      randomUUID(),
    );
    await harnessControl('lapse-plan', { user_id: lapsingSponsor.id });
    await cesare.page.goto('/more?tab=tiers');
    const list = cesare.page.getByRole('list', { name: 'Members you sponsor' });
    await atBothWidths(cesare.page, 'sponsor-paused', async () => {
      await list.scrollIntoViewIfNeeded();
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(list).toContainText('Noemi');
      await expect(list).toContainText('Paused until your Vault Verified plan is renewed');
    });
  });

  test('a plan paid twice goes to the wallet, and the member is told', async ({ signedInPage, globals }) => {
    const bruno = await signedInPage('phone', globals.issue31.doublePayer.email, globals.journeyPassword);
    // Two checkouts of one plan, opened side by side (two tabs), both paid.
    const opened = [];
    for (let i = 0; i < 2; i += 1)
      opened.push(
        await apiPost(bruno.context.request, '/api/subscription/checkout', { tier_level: 2 }, randomUUID()),
      );
    for (const { checkout_id } of opened) await payCheckout(bruno.context, checkout_id);

    const { page } = bruno;
    await page.goto('/more');
    const panel = await openNotifications(page);
    await atBothWidths(page, 'plan-paid-twice', async () => {
      await expectWhole(panel.getByText('Plan payment credited to your wallet'));
      await expectWhole(
        panel.getByText(
          'You already have this plan, so your payment of $24.99 for Verified Viber went to your escrow wallet.',
        ),
      );
    });
  });
});
