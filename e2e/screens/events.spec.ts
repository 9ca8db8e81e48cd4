import type { EventCard, EventTicket } from '@royal/shared';
import { DEMO, DEMO_PASSWORD } from '../harness/demo';
import { expect, harnessControl, signInContext, test } from '../harness/fixtures';
import { capture, findings, type Shot, shotContext, THEMES, useTheme, WIDTHS } from './shot';

// Issue 36's screens: the events list, an event's details with the member's ticket, the event form,
// the door's check-in screen after a check-in, and the Freakoff prompt, at 390 and 1440 in both
// themes. Each run makes its own event through the API (the promoter creates it, Bianca RSVPs and is
// checked in), then the harness opens its Freakoff.

function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

for (const theme of THEMES) {
  for (const width of WIDTHS.filter((w) => w.name === '390' || w.name === '1440')) {
    test(`events at ${width.name} px, ${theme.name}`, async ({ browser, globals }) => {
      test.setTimeout(240_000);
      const headers = { origin: globals.baseUrl };
      const promoterContext = await shotContext(browser, globals.baseUrl, width);
      await signInContext(promoterContext, DEMO.promoter.email, DEMO_PASSWORD);
      await useTheme(promoterContext, globals.baseUrl, theme.darkMode);
      const guestContext = await shotContext(browser, globals.baseUrl, width);
      await signInContext(guestContext, globals.eventGuest.email, globals.journeyPassword);
      await useTheme(guestContext, globals.baseUrl, theme.darkMode);

      const created = await promoterContext.request.post('/api/events', {
        headers,
        data: {
          name: `Champagne & Constellations ${theme.name} ${width.name}`,
          description:
            'A rooftop evening under the stars: a string trio, vintage champagne and a telescope for two.',
          venue: 'The Aurelian Rooftop',
          address: '1 Ocean Drive',
          city: 'Miami, FL',
          date: daysAhead(3),
          time: '21:00',
          tiers_required: [2, 3, 4],
          dress_code: 'cocktail_attire',
          freakoff_enabled: true,
          max_guests: 60,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const event = (await created.json()) as EventCard;
      const rsvp = await guestContext.request.post(`/api/events/${event.id}/rsvp`, { headers });
      expect(rsvp.status(), await rsvp.text()).toBeLessThan(300);

      const guest = await guestContext.newPage();
      const guestShot: Shot = { page: guest, width, theme };
      await guest.goto('/events');
      await expect(guest.getByRole('heading', { name: 'Exclusive Events' })).toBeVisible();
      await expect(guest.getByRole('article', { name: event.name })).toBeVisible();
      await capture(guestShot, 'events-list');
      await guest.goto(`/events/${event.id}`);
      await expect(guest.getByRole('region', { name: 'Your Ticket' }).getByRole('img')).toBeVisible();
      await capture(guestShot, 'event-details');
      await guest.getByRole('region', { name: 'Your Ticket' }).scrollIntoViewIfNeeded();
      await capture(guestShot, 'event-ticket');

      const promoter = await promoterContext.newPage();
      const promoterShot: Shot = { page: promoter, width, theme };
      await promoter.goto('/events');
      await expect(promoter.getByRole('heading', { name: 'Party Management' })).toBeVisible();
      await capture(promoterShot, 'events-list-manager');
      await promoter.goto(`/event/${event.id}`);
      await expect(promoter.getByRole('heading', { name: 'Edit Event' })).toBeVisible();
      await capture(promoterShot, 'event-form');

      // The door: the guest's ticket typed in, then the screen as the promoter sees it.
      const ticket = (await (
        await guestContext.request.get(`/api/events/${event.id}/ticket`)
      ).json()) as EventTicket;
      await promoter.goto(`/events/${event.id}/check-in`);
      await promoter.getByLabel('Ticket code').fill(ticket.code);
      await promoter.getByRole('button', { name: 'Check In' }).click();
      await expect(promoter.getByRole('status', { name: 'Check-in result' })).toContainText('Checked in');
      await capture(promoterShot, 'event-check-in');

      await harnessControl('open-freakoff', { event_id: event.id });
      await guest.goto(`/events/${event.id}`);
      await expect(guest.getByText('Enter Freakoff Mode?')).toBeVisible();
      await capture(guestShot, 'event-freakoff');

      await promoterContext.close();
      await guestContext.close();
      expect(findings.splice(0), 'axe: serious or critical findings').toEqual([]);
    });
  }
}
