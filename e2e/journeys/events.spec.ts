import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import type { EventTicket } from '@royal/shared';
import { DEMO, DEMO_PASSWORD } from '../harness/demo';
import { writeQrImage, writeQrVideo } from '../harness/fake-camera';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  harnessControl,
  signInContext,
  snap,
  test,
  VIEWPORTS,
} from '../harness/fixtures';
import playwrightConfig from '../playwright.config';

/** A date some days ahead, as the form's date field takes it (yyyy-mm-dd). */
function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The launch flags every journey's browser has, plus Chromium's fake camera playing `video`. */
function fakeCameraArgs(video: string): string[] {
  const args = playwrightConfig.projects?.[0]?.use?.launchOptions?.args ?? [];
  return [
    ...args,
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ];
}

async function createEvent(page: Page, name: string) {
  await page.goto('/events');
  await page.getByRole('link', { name: 'Add Event' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Event' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  // The spec's rule: nothing to save until the event has a name and a venue.
  await expect(save).toBeDisabled();
  await page.getByLabel('Event Name').fill(name);
  await page.getByLabel('Description').fill('A candle-lit evening of jazz and champagne on the water.');
  await page.getByLabel('Venue').fill('The Gilded Pier');
  await page.getByLabel('Address').fill('1 Ocean Drive');
  await page.getByLabel('City').selectOption('Miami, FL');
  await page.getByLabel(/^Date/).fill(daysAhead(5));
  await page.getByLabel(/^Time/).fill('21:00');
  await page.getByLabel('Max Guests').fill('40');
  for (const tier of [2, 3, 4])
    await page.getByRole('checkbox', { name: new RegExp(`^Tier ${tier}`) }).check();
  await expectAccessible(page);
  await save.click();
  await expect(page.getByText('Event Created')).toBeVisible();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const id = page.url().match(/\/events\/([0-9a-f-]{36})/)?.[1];
  expect(id, 'the details page of the new event').toBeTruthy();
  return id as string;
}

test.describe('events', () => {
  test('a promoter creates an event; a member RSVPs and sees her ticket; the promoter checks her in from a photo of it and again with the camera; at 2 AM she is asked about Freakoff', async ({
    signedInPage,
    globals,
  }) => {
    test.setTimeout(180_000);
    const name = `Moonlight Jazz Cruise ${Date.now().toString(36)}`;
    const promoter = await signedInPage('desktop', DEMO.promoter.email, DEMO_PASSWORD);
    const eventId = await createEvent(promoter.page, name);

    // Bianca (tier 2) finds it in the list and takes a seat.
    const guest = await signedInPage('phone', globals.eventGuest.email, globals.journeyPassword);
    const { page } = guest;
    await page.goto('/events');
    const card = page.getByRole('article', { name });
    await expect(card).toContainText('0/40');
    await card.getByRole('button', { name: 'RSVP Now' }).click();
    await expect(card).toContainText('1/40');
    await expectNoHorizontalOverflow(page);
    await snap(page, 'events-list-going', 'phone');
    await card.getByRole('link', { name: `View Details: ${name}` }).click();
    const ticket = page.getByRole('region', { name: 'Your Ticket' });
    await expect(ticket.getByRole('img', { name: /QR/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      `/api/events/${eventId}/calendar.ics`,
    );
    await expectAccessible(page);
    await snap(page, 'event-ticket', 'phone');
    const reply = await guest.context.request.get(`/api/events/${eventId}/ticket`);
    expect(reply.status(), await reply.text()).toBe(200);
    const { code } = (await reply.json()) as EventTicket;

    // At the door, on the promoter's phone: a photo of the ticket.
    const folder = mkdtempSync(join(tmpdir(), 'royal-ticket-'));
    const photo = join(folder, 'ticket.png');
    await writeQrImage(code, photo);
    const door = await signedInPage('phone', DEMO.promoter.email, DEMO_PASSWORD);
    await door.page.goto(`/events/${eventId}/check-in`);
    await expect(door.page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await door.page.getByLabel('Choose a photo of the ticket').setInputFiles(photo);
    const result = door.page.getByRole('status', { name: 'Check-in result' });
    await expect(result).toContainText('Checked in');
    await expect(result).toContainText(globals.eventGuest.name);
    await expect(door.page.getByRole('list', { name: 'Guests' })).toContainText(globals.eventGuest.name);
    await expectNoHorizontalOverflow(door.page);
    await snap(door.page, 'event-check-in', 'phone');

    // The same ticket held up to the camera: Chromium's fake camera plays a video of its QR code.
    const video = join(folder, 'ticket.y4m');
    await writeQrVideo(code, video);
    const cameraBrowser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: fakeCameraArgs(video),
    });
    try {
      const context = await cameraBrowser.newContext({
        baseURL: globals.baseUrl,
        viewport: VIEWPORTS.phone,
        hasTouch: true,
        permissions: ['camera'],
        serviceWorkers: 'block',
      });
      await signInContext(context, DEMO.promoter.email, DEMO_PASSWORD);
      const camera = await context.newPage();
      await camera.goto(`/events/${eventId}/check-in`);
      await camera.getByRole('button', { name: 'Start camera' }).click();
      await expect(camera.getByRole('status', { name: 'Check-in result' })).toContainText(
        'Already checked in at',
        {
          timeout: 20_000,
        },
      );
    } finally {
      await cameraBrowser.close();
    }

    // She sees that she has arrived.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Your Ticket' })).toContainText('Checked in');

    // 2 AM: Freakoff opens (the harness moves the event's night to now). Tier 2 has no pass.
    await harnessControl('open-freakoff', { event_id: eventId });
    await page.reload();
    await expect(page.getByText('Enter Freakoff Mode?')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'event-freakoff-prompt', 'phone');
    await page.getByRole('button', { name: 'Enter Freakoff Mode' }).click();
    await expect(page.getByRole('link', { name: 'Get an After Dark Pass' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Stay in Regular Mode' }).click();
    await expect(page.getByText('Enter Freakoff Mode?')).toBeHidden();
    // The one refusal she met (no After Dark Pass) is the only error the browser logged.
    expect(guest.consoleErrors.filter((line) => !line.includes('status of 403'))).toEqual([]);
    expect(door.consoleErrors).toEqual([]);
  });

  test('a tier-1 member sees a tier-2+ event dimmed with Tier 2+ Required, and an unknown event says Event Not Found', async ({
    signedInPage,
  }) => {
    const { page } = await signedInPage('phone', DEMO.basic.email, DEMO_PASSWORD);
    await page.goto('/events');
    await expect(page.getByRole('heading', { name: 'Exclusive Events' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tier 2+ Required' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Event' })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await page.goto('/events/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Event Not Found' })).toBeVisible();
  });
});
