import type { Locator } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../harness/demo';
import { expect, test } from '../harness/fixtures';

/** The avatar is the square the server cut around the face (192 px), loaded, not a photo shrunk. */
async function expectFaceSquare(img: Locator) {
  await expect(img).toHaveAttribute('src', /\?size=face$/);
  await expect
    .poll(() =>
      img.evaluate((el: HTMLImageElement) => (el.complete ? [el.naturalWidth, el.naturalHeight] : null)),
    )
    .toEqual([192, 192]);
}

test.describe('avatars', () => {
  test('Messages, the chat, notifications and Interests show each member cut to the face', async ({
    signedInPage,
  }) => {
    const { page } = await signedInPage('phone', DEMO.chemistry.email, DEMO_PASSWORD);

    await page.goto('/messages');
    const row = page.locator('[data-match-row]').first();
    await expectFaceSquare(row.locator('img'));
    await row.click();
    // The chat is its own screen on a phone (decision 042), a region named after the member.
    await expectFaceSquare(page.getByRole('region').locator('header img').first());
    await page.getByRole('button', { name: 'Back to messages' }).click();

    // The seed's match notice carries the match's face, with the kind as a badge on it.
    await page.getByRole('button', { name: /notifications/i }).click();
    const notice = page.getByRole('dialog').getByRole('listitem').filter({ hasText: "It's a Match!" });
    await expectFaceSquare(notice.locator('img'));
    await page.keyboard.press('Escape');

    await page.goto('/interests');
    const member = page
      .getByRole('tabpanel')
      .getByRole('listitem')
      .filter({ hasNotText: 'Locked member' })
      .first();
    await expectFaceSquare(member.locator('img'));
  });
});
