import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  harnessControl,
  snap,
  test,
  type ViewportName,
} from '../harness/fixtures';
import { DATE_PAIR_WALLET_CENTS } from '../harness/journey-members';

type PlanList = { items: { id: string; status: string }[] };

/** The chat's newest plan, as the member's own API reads it. */
async function newestPlan(page: Page, matchId: string) {
  const response = await page.request.get(`/api/matches/${matchId}/date-plans`);
  expect(response.ok()).toBe(true);
  const [plan] = ((await response.json()) as PlanList).items;
  if (!plan) throw new Error('no plan');
  return plan;
}

async function balanceOf(page: Page): Promise<number> {
  const response = await page.request.get('/api/wallet');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { balance_cents: number }).balance_cents;
}

/** Both themes of what is on screen, looked at and checked with axe. */
async function snapBothThemes(page: Page, name: string, viewport: ViewportName) {
  for (const dark of [true, false]) {
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    // The colours change through the buttons' transitions: a picture taken at once catches them halfway.
    await page.waitForTimeout(400);
    await snap(page, `${name}-${dark ? 'dark' : 'light'}`, viewport);
    await expectAccessible(page);
  }
  await expectNoHorizontalOverflow(page);
}

test.describe('date plans', () => {
  test('two members plan a date, he suggests another time, she accepts with deposits, both check in and the deposits come back; a second date she misses settles to him', async ({
    signedInPage,
    openPage,
    globals,
  }) => {
    // Two members' whole evening, with screenshots in both themes: about three minutes on two cores.
    test.setTimeout(300_000);
    const { him, her, matchId } = globals.datePair;
    const dante = await signedInPage('desktop', him.email, globals.journeyPassword);
    const bianca = await signedInPage('phone', her.email, globals.journeyPassword);
    const chatOf = (page: Page) => page.goto(`/messages/${matchId}`);

    // She proposes from their chat: the first verified place, $250 each, a note.
    await chatOf(bianca.page);
    await bianca.page.getByRole('button', { name: 'Plan a date' }).click();
    const sheet = bianca.page.getByRole('dialog', { name: 'Plan a date' });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('radio').first().check();
    await sheet.getByLabel('Your deposit ($)').fill('250');
    await sheet.getByLabel('Dante’s deposit ($)').fill('250');
    await sheet.getByLabel('Note (optional)').fill('Cocktails first?');
    await snapBothThemes(bianca.page, 'date-plan-sheet', 'phone');
    await sheet.getByRole('button', { name: 'Send proposal' }).click();
    await expect(bianca.page.getByText('Date proposal sent')).toBeVisible();

    // He sees it arrive live, and suggests nine o'clock instead.
    await chatOf(dante.page);
    const hisBar = dante.page.getByRole('button', { name: /Bianca proposes a date/ });
    await expect(hisBar).toBeVisible();
    await snapBothThemes(dante.page, 'date-plan-bar', 'desktop');
    await hisBar.click();
    const hisDetails = dante.page.getByRole('dialog', { name: 'Date with Bianca' });
    await expect(hisDetails.getByText('Cocktails first?')).toBeVisible();
    await snapBothThemes(dante.page, 'date-plan-card', 'desktop');
    await hisDetails.getByRole('button', { name: 'Suggest another' }).click();
    const counter = dante.page.getByRole('dialog', { name: 'Suggest another time or place' });
    await counter.getByLabel('Time').fill('21:00');
    await snapBothThemes(dante.page, 'date-plan-sheet', 'desktop');
    await counter.getByRole('button', { name: 'Send suggestion' }).click();
    await expect(dante.page.getByText('Suggestion sent')).toBeVisible();

    // She accepts his terms: both deposits are held.
    const herBar = bianca.page.getByRole('button', { name: /Dante proposes a date/ });
    await expect(herBar).toBeVisible({ timeout: 15_000 });
    await herBar.click();
    const herDetails = bianca.page.getByRole('dialog', { name: 'Date with Dante' });
    await snapBothThemes(bianca.page, 'date-plan-card', 'phone');
    await herDetails.getByRole('button', { name: /^Accept · hold \$250\.00/ }).click();
    await expect(bianca.page.getByText('Date confirmed')).toBeVisible();
    expect(await balanceOf(bianca.page)).toBe(DATE_PAIR_WALLET_CENTS - 25_000);
    await expect.poll(() => balanceOf(dante.page)).toBe(DATE_PAIR_WALLET_CENTS - 25_000);

    // Before she goes, she sends the date to her emergency contact and sets a safety timer.
    const contactEmail = `contact-${her.id.slice(0, 8)}@journey.test`;
    const saved = await bianca.page.request.patch('/api/me/settings', {
      data: { emergency_contact_name: 'Chiara', emergency_contact_email: contactEmail },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await bianca.page.getByRole('button', { name: 'Share with my emergency contact' }).click();
    await expect(bianca.page.getByText('Sent to your emergency contact').first()).toBeVisible();
    await bianca.page.getByLabel('Code word', { exact: true }).fill('blue orchid');
    await bianca.page.getByRole('button', { name: 'Set safety timer' }).click();
    await expect(bianca.page.getByText(/We will check in with you at/)).toBeVisible();
    await snapBothThemes(bianca.page, 'date-plan-timer', 'phone');

    // Her contact opens the e-mailed link without an account, on a phone and on a computer.
    const mail = (await harnessControl('mail', { to: contactEmail })) as { text: string };
    const link = /https?:\/\/\S*\/date-status\/[\w-]+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no status link in: ${mail.text}`);
    for (const viewport of ['phone', 'desktop'] as const) {
      const contact = await openPage(viewport);
      await contact.page.goto(new URL(link).pathname);
      await expect(contact.page.getByText('Bianca is meeting Dante')).toBeVisible();
      await expect(contact.page.getByText('A safety timer is set')).toBeVisible();
      await expect(contact.page.getByText(/@|\$/)).toHaveCount(0);
      await snap(contact.page, 'date-status', viewport);
      await expectAccessible(contact.page);
      await expectNoHorizontalOverflow(contact.page);
    }

    // She is safe: the code word ends the timer.
    await bianca.page.getByLabel('Code word', { exact: true }).fill('Blue Orchid');
    await bianca.page.getByRole('button', { name: 'I’m safe' }).click();
    await expect(bianca.page.getByText('Timer ended. Glad you are safe.')).toBeVisible();
    await bianca.page.keyboard.press('Escape');

    // The evening comes (the date is moved to five minutes from now): both are at the place.
    const first = await newestPlan(bianca.page, matchId);
    const place = (await harnessControl('date-plan-time', { plan_id: first.id, minutes: '5' })) as {
      lat: number;
      lng: number;
    };
    for (const { context } of [dante, bianca]) {
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: place.lat + 0.0005, longitude: place.lng });
    }
    await chatOf(bianca.page);
    await bianca.page.getByRole('button', { name: /Confirmed/ }).click();
    const herCheckIn = bianca.page.getByRole('dialog', { name: 'Date with Dante' });
    await expect(herCheckIn.getByRole('button', { name: 'I’m here' })).toBeVisible();
    await snapBothThemes(bianca.page, 'date-plan-check-in', 'phone');
    await herCheckIn.getByRole('button', { name: 'I’m here' }).click();
    await expect(bianca.page.getByText('You’re checked in')).toBeVisible();
    await expect(herCheckIn.getByText('Checked in within 100 m')).toBeVisible();

    await chatOf(dante.page);
    await dante.page.getByRole('button', { name: /Confirmed/ }).click();
    const hisCheckIn = dante.page.getByRole('dialog', { name: 'Date with Bianca' });
    await expect(hisCheckIn.getByRole('button', { name: 'Set safety timer' })).toBeVisible();
    await snapBothThemes(dante.page, 'date-plan-check-in', 'desktop');
    await hisCheckIn.getByRole('button', { name: 'Set safety timer' }).scrollIntoViewIfNeeded();
    await snapBothThemes(dante.page, 'date-plan-timer', 'desktop');
    await hisCheckIn.getByRole('button', { name: 'I’m here' }).click();
    await expect(dante.page.getByText('You both checked in. Deposits released.').first()).toBeVisible();
    expect(await balanceOf(dante.page)).toBe(DATE_PAIR_WALLET_CENTS);
    await expect.poll(() => balanceOf(bianca.page)).toBe(DATE_PAIR_WALLET_CENTS);
    // He rates the evening, privately.
    const rating = dante.page.getByRole('form', { name: 'Rate your date' });
    // The fifth star, as a member taps it (the radio itself is drawn as the star).
    await rating.locator('label', { has: dante.page.getByRole('radio', { name: '5 stars' }) }).click();
    await snapBothThemes(dante.page, 'date-plan-rating', 'desktop');
    await rating.getByRole('button', { name: 'Send rating' }).click();
    await expect(dante.page.getByText('Thank you. Your rating was sent privately.')).toBeVisible();
    await expect(rating).toBeHidden();
    await dante.page.keyboard.press('Escape');

    // A second date: he proposes, she accepts, and on the night she does not come.
    await dante.page.getByRole('button', { name: 'Plan a date' }).click();
    const second = dante.page.getByRole('dialog', { name: 'Plan a date' });
    await second.getByRole('radio').first().check();
    await second.getByLabel('Your deposit ($)').fill('250');
    await second.getByLabel('Bianca’s deposit ($)').fill('250');
    await second.getByRole('button', { name: 'Send proposal' }).click();
    await expect(dante.page.getByText('Date proposal sent')).toBeVisible();
    await chatOf(bianca.page);
    await bianca.page.getByRole('button', { name: /Dante proposes a date/ }).click();
    await bianca.page.getByRole('button', { name: /^Accept · hold/ }).click();
    await expect(bianca.page.getByText('Date confirmed')).toBeVisible();

    const missed = await newestPlan(dante.page, matchId);
    await harnessControl('date-plan-time', { plan_id: missed.id, minutes: '-40' });
    await chatOf(dante.page);
    await dante.page.getByRole('button', { name: /Confirmed/ }).click();
    const hisNight = dante.page.getByRole('dialog', { name: 'Date with Bianca' });
    await hisNight.getByRole('button', { name: 'I’m here' }).click();
    await expect(dante.page.getByText('You’re checked in')).toBeVisible();
    await hisNight.getByRole('button', { name: 'Claim a no-show' }).click();
    await expect(hisNight.getByText(/No-show claimed/).first()).toBeVisible();

    // She sees the claim and may dispute it; she lets it stand, and a day later it settles to him.
    await chatOf(bianca.page);
    await bianca.page.getByRole('button', { name: /No-show claimed/ }).click();
    await expect(bianca.page.getByRole('button', { name: 'Dispute the claim' })).toBeVisible();
    await snapBothThemes(bianca.page, 'date-plan-claimed', 'phone');
    await harnessControl('settle-date-plan', { plan_id: missed.id });
    await expect.poll(() => balanceOf(dante.page)).toBe(DATE_PAIR_WALLET_CENTS + 25_000);
    expect(await balanceOf(bianca.page)).toBe(DATE_PAIR_WALLET_CENTS - 25_000);
    await expect(
      bianca.page
        .getByRole('dialog', { name: 'Date with Dante' })
        .getByText(/Settled/)
        .first(),
    ).toBeVisible({
      timeout: 15_000,
    });
  });
});
