import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import {
  ARTIFACTS,
  deckTopCard,
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  snap,
  test,
  topCard,
} from '../harness/fixtures';

/** Clicks `action` and pays on the TEST MODE checkout page it opens in a new tab. */
async function payInSandbox(context: BrowserContext, action: () => Promise<void>, amount: string) {
  const [checkout] = await Promise.all([context.waitForEvent('page'), action()]);
  await checkout.waitForLoadState();
  await expect(checkout.getByRole('note')).toHaveText(/test mode/i);
  await expect(checkout.getByText(amount).first()).toBeVisible();
  return checkout;
}

/** Passes cards until the top one is locked (or not), at most 40 times. */
async function passUntilCard(page: Page, locked: boolean) {
  for (let i = 0; i < 40; i += 1) {
    const card = await deckTopCard(page);
    const label = (await card.getAttribute('aria-label')) ?? '';
    if (label.startsWith('Locked') === locked) return card;
    const id = await card.getAttribute('data-card-id');
    await page.getByRole('button', { name: 'Pass', exact: true }).click();
    await cardGone(page, id);
  }
  throw new Error('no such card in the deck');
}

/**
 * Waits until the deck has let go of a card (its exit animation included), so the next read of the
 * top card, or the next button press, is about the card after it.
 */
async function cardGone(page: Page, id: string | null) {
  await expect(page.locator(`article[data-card-id="${id}"]`)).toHaveCount(0, { timeout: 10_000 });
}

/** A picture of the page at a wide desktop (1440 px), then back to the phone. */
async function atDesktop(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: join(ARTIFACTS, 'screens', `${name}.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
}

async function openWallet(page: Page) {
  await page.goto('/more');
  await page.getByRole('button', { name: 'Escrow Wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Escrow Wallet' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('the escrow wallet and subscriptions', () => {
  test('deposit through the sandbox, transfer to another member who sees it arrive', async ({
    signedInPage,
    globals,
  }) => {
    // Two members, a checkout tab, a webhook and three accessibility scans: about 25 s alone, and
    // up to a minute on a loaded two-core CI machine at the end of the run (where it once timed out).
    test.setTimeout(120_000);
    const { payer, payee } = globals.walletTrio;
    const alessandro = await signedInPage('desktop', payer.email, globals.journeyPassword);
    const giulia = await signedInPage('phone', payee.email, globals.journeyPassword);

    const wallet = await openWallet(alessandro.page);
    await expect(wallet.getByTestId('wallet-balance')).toHaveText('$0.00');
    await wallet.getByLabel('Amount (USD)').fill('0.5');
    await wallet.getByRole('button', { name: 'Deposit', exact: true }).click();
    await expect(alessandro.page.getByText('Minimum deposit is $1.00')).toBeVisible();

    await wallet.getByLabel('Amount (USD)').fill('150');
    const checkout = await payInSandbox(
      alessandro.context,
      async () => {
        await wallet.getByRole('button', { name: 'Deposit', exact: true }).click();
        // Checked at once: the toast leaves after a few seconds.
        await expect(alessandro.page.getByText('Redirecting to payment')).toBeVisible();
      },
      '$150.00',
    );
    await snap(checkout, 'sandbox-checkout', 'desktop');
    await expectAccessible(checkout);
    await checkout.getByRole('button', { name: 'Pay $150.00' }).click();
    await expect(checkout.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
    await checkout.close();
    // The first tab shows the new balance once the payment's webhook has landed.
    await expect(wallet.getByTestId('wallet-balance')).toHaveText('$150.00', { timeout: 15_000 });

    await wallet.getByRole('tab', { name: 'Transfer' }).click();
    await wallet.getByLabel('Receiver user ID').fill(payee.id);
    await wallet.getByLabel('Amount (USD)').fill('40');
    await wallet.getByLabel('Transfer type').selectOption('gift');
    await wallet.getByLabel('Message (optional)').fill('For Friday’s dinner');
    await wallet.getByRole('button', { name: 'Send Transfer' }).click();
    await expect(alessandro.page.getByText('Transfer sent')).toBeVisible();
    await expect(wallet.getByTestId('wallet-balance')).toHaveText('$110.00');
    await expect(wallet.getByText('Gift to Giulia')).toBeVisible();
    await snap(alessandro.page, 'wallet-dialog', 'desktop');
    await expectAccessible(alessandro.page);

    const hers = await openWallet(giulia.page);
    await expect(hers.getByTestId('wallet-balance')).toHaveText('$40.00');
    await expect(hers.getByText('Gift from Alessandro')).toBeVisible();
    await expect(hers.getByText(/For Friday’s dinner/)).toBeVisible();
    await snap(giulia.page, 'wallet-dialog', 'phone');
    await expectNoHorizontalOverflow(giulia.page);
    // Closed, the focus goes back to the menu item that opened it, not to the page.
    await giulia.page.keyboard.press('Escape');
    await expect(hers).toBeHidden();
    await expect(giulia.page.getByRole('button', { name: 'Escrow Wallet' })).toBeFocused();

    // The plan screens at a wide desktop, as he sees them.
    await alessandro.page.setViewportSize({ width: 1440, height: 900 });
    await alessandro.page.goto('/subscription');
    await expect(alessandro.page.getByTestId('plan-status')).toHaveText(/^Active until /);
    await alessandro.page.screenshot({ path: join(ARTIFACTS, 'screens', 'subscription-desktop-1440.png') });
    await alessandro.page.goto('/more?tab=tiers');
    await expect(alessandro.page.getByRole('region', { name: 'Tier Status' })).toBeVisible();
    await alessandro.page.screenshot({
      path: join(ARTIFACTS, 'screens', 'tier-management-desktop-1440.png'),
    });
    await expectNoHorizontalOverflow(alessandro.page);
    expect(alessandro.consoleErrors).toEqual([]);
    expect(giulia.consoleErrors).toEqual([]);
  });

  test('an Observer subscribes to tier 2 and can swipe at once', async ({ signedInPage, globals }) => {
    const { newcomer } = globals.walletTrio;
    const matteo = await signedInPage('phone', newcomer.email, globals.journeyPassword);
    const { page } = matteo;
    await page.goto('/app');
    const like = page.getByRole('button', { name: 'Like', exact: true });
    await expect(like).toHaveAttribute('data-locked', '', { timeout: 15_000 });

    await page.goto('/subscription');
    await expect(page.getByTestId('plan-status')).toHaveText('Not active');
    await snap(page, 'subscription', 'phone');
    const plan = page.getByRole('article', { name: 'Verified Viber' });
    await expect(plan.getByText('Most Popular', { exact: true })).toBeVisible();
    const checkout = await payInSandbox(
      matteo.context,
      () => plan.getByRole('button', { name: 'Subscribe Now' }).click(),
      '$24.99',
    );
    await checkout.getByRole('button', { name: 'Pay $24.99' }).click();
    await expect(checkout.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
    await checkout.close();
    await expect(page.getByTestId('plan-status')).toHaveText(/^Active until /, { timeout: 15_000 });
    await expect(plan.getByRole('button', { name: 'Current' })).toBeDisabled();

    // Manage opens the sandbox's plan page; cancelling at the period end keeps the plan until then.
    const [portal] = await Promise.all([
      matteo.context.waitForEvent('page'),
      page.getByRole('button', { name: 'Manage' }).click(),
    ]);
    await expect(portal.getByRole('note')).toHaveText(/test mode/i);
    await portal.getByRole('button', { name: 'Cancel at the end of the period' }).click();
    await expect(portal.getByTestId('portal-renewal')).toHaveText('Ends at the close of this period');
    await portal.getByRole('button', { name: 'Keep my plan' }).click();
    await expect(portal.getByRole('button', { name: 'Cancel at the end of the period' })).toBeVisible();
    await portal.close();

    await page.goto('/app');
    await expect(like).toBeVisible({ timeout: 15_000 });
    await expect(like).not.toHaveAttribute('data-locked', '');
    await like.click();
    await expect(page.getByRole('dialog', { name: 'Upgrade Required' })).toBeHidden();

    await page.goto('/more?tab=tiers');
    await expect(
      page.getByRole('article', { name: 'Verified Viber' }).getByRole('button', { name: 'Current' }),
    ).toBeVisible();
    await expect(
      page.getByRole('article', { name: 'Verified Viber' }).getByText('Most Popular'),
    ).toBeVisible();
    await snap(page, 'tier-management', 'phone');
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    expect(matteo.consoleErrors).toEqual([]);
  });

  test('a tier-1 member buys a Super Likes Pack and Message Tokens, then super likes beyond the day and likes a locked card', async ({
    signedInPage,
    globals,
  }) => {
    const { booster } = globals.walletTrio;
    const federico = await signedInPage('phone', booster.email, globals.journeyPassword);
    const { page } = federico;
    const left = page.getByTestId('super-likes-left');
    const superLike = page.getByRole('button', { name: 'Super Like', exact: true });

    // The day's one super like.
    await page.goto('/app');
    await passUntilCard(page, false);
    await expect(left).toHaveText('Super likes left today: 1');
    const first = await topCard(page).getAttribute('data-card-id');
    await superLike.click();
    await expect(page.getByText('You super liked this profile')).toBeVisible();
    await expect(left).toHaveText('Super likes left today: 0');
    await cardGone(page, first);

    // The next one is offered the pack instead of a refusal.
    await passUntilCard(page, false);
    await superLike.click();
    const offer = page.getByRole('dialog', { name: 'No Super Likes Left' });
    await expect(offer).toContainText("You've used today's super likes. Get a Super Likes Pack for 10 more.");
    await snap(page, 'super-like-offer', 'phone');
    await expectAccessible(page);
    await offer.getByRole('link', { name: 'Get a Super Likes Pack' }).click();

    // One-Time Boosts: the After Dark Pass is on sale (events exist); buy both packs in the sandbox.
    await expect(page).toHaveURL(/\/subscription\?tab=boosts$/);
    await expect(page.getByRole('tab', { name: 'One-Time Boosts' })).toHaveAttribute('aria-selected', 'true');
    const afterDark = page.locator('li[data-boost="after_dark_pass"]');
    await expect(afterDark).toContainText('$12.99');
    await expect(afterDark.getByRole('button', { name: 'Buy After Dark Pass' })).toBeEnabled();
    for (const [name, price] of [
      ['Super Likes Pack', '$9.99'],
      ['Message Tokens', '$7.99'],
    ] as const) {
      const checkout = await payInSandbox(
        federico.context,
        () => page.getByRole('button', { name: `Buy ${name}` }).click(),
        price,
      );
      await checkout.getByRole('button', { name: `Pay ${price}` }).click();
      await expect(checkout.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
      await checkout.close();
    }
    await expect(page.locator('li[data-boost="super_likes"]')).toContainText('You have 10 left', {
      timeout: 15_000,
    });
    await expect(page.locator('li[data-boost="message_tokens"]')).toContainText('You have 5 left', {
      timeout: 15_000,
    });
    await snap(page, 'boosts', 'phone');
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);

    // Beyond the day's allowance a super like now spends a token.
    await page.goto('/app');
    await passUntilCard(page, false);
    await expect(left).toHaveText('Super likes left today: 0 · 10 tokens');
    await snap(page, 'discovery-super-likes', 'phone');
    await atDesktop(page, 'discovery-super-likes-desktop-1440');
    const superLiked = await topCard(page).getAttribute('data-card-id');
    await superLike.click();
    await expect(page.getByText('You super liked this profile')).toBeVisible();
    await expect(left).toHaveText('Super likes left today: 0 · 9 tokens');
    await cardGone(page, superLiked);

    // A locked card takes a like paid with a message token.
    const locked = await passUntilCard(page, true);
    const tokenLike = locked.getByRole('button', { name: 'Like with a message token (5 left)' });
    await expect(tokenLike).toBeVisible();
    await expect(
      locked.getByRole('link', { name: /^Upgrade to (Verified Viber|Chemistry Tier|Vault Verified)$/ }),
    ).toBeVisible();
    await snap(page, 'locked-card-token', 'phone');
    await expectAccessible(page);
    await atDesktop(page, 'locked-card-token-desktop-1440');
    const lockedId = await locked.getAttribute('data-card-id');
    await tokenLike.click();
    await expect(page.getByText('You liked this profile')).toBeVisible();
    await cardGone(page, lockedId);
    await expectNoHorizontalOverflow(page);

    // The profile page shows the same counts under its buttons.
    const next = await passUntilCard(page, false);
    await page.goto(`/profile/${await next.getAttribute('data-card-id')}`);
    await expect(left).toHaveText('Super likes left today: 0 · 9 tokens');
    await left.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await snap(page, 'profile-super-likes', 'phone');
    await atDesktop(page, 'profile-super-likes-desktop-1440');

    await page.goto('/subscription?tab=boosts');
    await expect(page.locator('li[data-boost="after_dark_pass"]')).toContainText('$12.99');
    await atDesktop(page, 'boosts-desktop-1440');
    expect(federico.consoleErrors).toEqual([]);
  });
});
