import type { EventCard, MyRsvp } from '@royal/shared';
import { apiError, mockApi } from '@test/fetch-mock';
import { makeEventCard, makeMe } from '@test/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderEventRoute } from '../routes/test-render';

const rsvp = (overrides: Partial<MyRsvp> = {}): MyRsvp => ({
  status: 'going',
  waitlist_position: null,
  checked_in_at: null,
  freakoff_mode: null,
  ...overrides,
});

const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

function ticketFor(event: EventCard, status: 'going' | 'checked_in' = 'going') {
  return {
    event_id: event.id,
    code: `RC1.nonce.${event.id}`,
    qr_svg: QR,
    status,
    checked_in_at: status === 'checked_in' ? new Date().toISOString() : null,
  };
}

const guests = { items: [], hidden_count: 0 };

describe('event details', () => {
  it('shows the place with a map link, the guests and the RSVP, but no ticket and no guest list before an RSVP', async () => {
    const event = makeEventCard({ name: 'Midnight Masquerade', guests_count: 42, max_guests: 100 });
    mockApi({ [`GET /api/events/${event.id}`]: { body: event } });
    renderEventRoute(`/events/${event.id}`, makeMe());
    expect(await screen.findByRole('heading', { level: 1, name: 'Midnight Masquerade' })).toBeInTheDocument();
    expect(screen.getByText(event.description as string)).toBeInTheDocument();
    const map = screen.getByRole('link', { name: /Open in Maps/ });
    expect(map).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('The Skyline Room, 100 Sunset Blvd, Los Angeles, CA')}`,
    );
    expect(map).toHaveAttribute('target', '_blank');
    expect(screen.getByText('42/100')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Midnight Masquerade at The Skyline Room' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'RSVP Now' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Ticket' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Guest List' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Enter Freakoff Mode?' })).toBeNull();
  });

  it('shows the ticket QR as an image, its code, the calendar link and the guest list once going', async () => {
    const event = makeEventCard({ name: 'Midnight Masquerade', my_rsvp: rsvp() });
    mockApi({
      [`GET /api/events/${event.id}`]: { body: event },
      [`GET /api/events/${event.id}/ticket`]: { body: ticketFor(event) },
      [`GET /api/events/${event.id}/guests`]: {
        body: {
          items: [
            {
              id: '00000000-0000-4000-8000-0000000000c1',
              name: 'Sofia',
              avatar_url: null,
              tier: 2,
              verified: true,
              checked_in: false,
            },
          ],
          hidden_count: 2,
        },
      },
    });
    renderEventRoute(`/events/${event.id}`, makeMe());
    const qr = await screen.findByRole('img', { name: 'Ticket QR code for Midnight Masquerade' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(QR)}`);
    expect(screen.getByText(`RC1.nonce.${event.id}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      `/api/events/${event.id}/calendar.ics`,
    );
    const list = await screen.findByRole('region', { name: 'Guest List' });
    expect(await within(list).findByText('Sofia')).toBeInTheDocument();
    expect(within(list).getByText('+2 more')).toBeInTheDocument();
    expect(screen.getAllByText('Going ✓').length).toBeGreaterThan(0);
  });

  it('shows the photos, and gives managers Check-in and Edit Event', async () => {
    const event = makeEventCard({
      name: 'Gallery Night',
      can_manage: true,
      photos: ['/api/photos/a', '/api/photos/b', '/api/photos/c'],
    });
    mockApi({
      [`GET /api/events/${event.id}`]: { body: event },
      [`GET /api/events/${event.id}/guests`]: { body: guests },
    });
    renderEventRoute(`/events/${event.id}`, makeMe({ roles: ['user', 'admin'] }));
    expect(await screen.findByRole('img', { name: 'Gallery Night, photo 1 of 3' })).toHaveAttribute(
      'src',
      '/api/photos/a',
    );
    expect(screen.getByRole('img', { name: 'Gallery Night, photo 3 of 3' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check-in' })).toHaveAttribute(
      'href',
      `/events/${event.id}/check-in`,
    );
    expect(screen.getByRole('link', { name: 'Edit Event' })).toHaveAttribute('href', `/event/${event.id}`);
    // Managers see who is coming without a ticket of their own.
    expect(await screen.findByText('No other guests yet.')).toBeInTheDocument();
  });

  it('cancels an RSVP only after the member confirms', async () => {
    const event = makeEventCard({ name: 'Midnight Masquerade', my_rsvp: rsvp() });
    const api = mockApi({
      [`GET /api/events/${event.id}`]: { body: event },
      [`GET /api/events/${event.id}/ticket`]: { body: ticketFor(event) },
      [`GET /api/events/${event.id}/guests`]: { body: guests },
      [`DELETE /api/events/${event.id}/rsvp`]: { body: { event: { ...event, my_rsvp: null } } },
    });
    const { user } = renderEventRoute(`/events/${event.id}`, makeMe());
    await user.click(await screen.findByRole('button', { name: 'Cancel RSVP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel RSVP?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my place' }));
    expect(api.callsTo(`DELETE /api/events/${event.id}/rsvp`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel RSVP' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('RSVP cancelled')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/events/${event.id}/rsvp`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Your Ticket' })).toBeNull());
    expect(screen.getByRole('button', { name: 'RSVP Now' })).toBeInTheDocument();
  });

  it('shows no ticket to a member on the waiting list', async () => {
    const event = makeEventCard({ my_rsvp: rsvp({ status: 'waitlisted', waitlist_position: 2 }) });
    mockApi({ [`GET /api/events/${event.id}`]: { body: event } });
    renderEventRoute(`/events/${event.id}`, makeMe());
    expect(await screen.findByText(/You are #2 on the waiting list/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Ticket' })).toBeNull();
  });

  it('offers Freakoff only once it has opened and the member is checked in', async () => {
    const checkedIn = rsvp({ status: 'checked_in', checked_in_at: new Date().toISOString() });
    const notYet = makeEventCard({ name: 'Too Early', status: 'active', my_rsvp: checkedIn });
    const notIn = makeEventCard({ name: 'Not In', status: 'freakoff', my_rsvp: rsvp() });
    for (const event of [notYet, notIn]) {
      mockApi({
        [`GET /api/events/${event.id}`]: { body: event },
        [`GET /api/events/${event.id}/ticket`]: {
          body: ticketFor(event, event.my_rsvp?.status === 'checked_in' ? 'checked_in' : 'going'),
        },
        [`GET /api/events/${event.id}/guests`]: { body: guests },
      });
      const view = renderEventRoute(`/events/${event.id}`, makeMe());
      expect(await screen.findByRole('heading', { level: 1, name: event.name })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Enter Freakoff Mode?' })).toBeNull();
      view.unmount();
    }
  });

  it('enters Freakoff Mode and then shows the badge', async () => {
    const checkedIn = rsvp({ status: 'checked_in', checked_in_at: new Date().toISOString() });
    const event = makeEventCard({ name: 'After Hours', status: 'freakoff', my_rsvp: checkedIn });
    let chosen = false;
    const api = mockApi({
      [`GET /api/events/${event.id}`]: () => ({
        body: chosen ? { ...event, my_rsvp: { ...checkedIn, freakoff_mode: 'freakoff' } } : event,
      }),
      [`GET /api/events/${event.id}/ticket`]: { body: ticketFor(event, 'checked_in') },
      [`GET /api/events/${event.id}/guests`]: { body: guests },
      [`POST /api/events/${event.id}/freakoff`]: () => {
        chosen = true;
        return { body: { mode: 'freakoff', pass_used: false } };
      },
    });
    const { user } = renderEventRoute(`/events/${event.id}`, makeMe({ tier_level: 4 }));
    expect(await screen.findByRole('heading', { name: 'Enter Freakoff Mode?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enter Freakoff Mode' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Enter Freakoff Mode?' })).toBeNull());
    expect(screen.getAllByText('Freakoff Mode Active').length).toBeGreaterThan(0);
    expect(api.callsTo(`POST /api/events/${event.id}/freakoff`)[0]?.body).toEqual({ mode: 'freakoff' });
  });

  it('offers the After Dark Pass when Freakoff needs one', async () => {
    const checkedIn = rsvp({ status: 'checked_in', checked_in_at: new Date().toISOString() });
    const event = makeEventCard({ name: 'After Hours', status: 'freakoff', my_rsvp: checkedIn });
    mockApi({
      [`GET /api/events/${event.id}`]: { body: event },
      [`GET /api/events/${event.id}/ticket`]: { body: ticketFor(event, 'checked_in') },
      [`GET /api/events/${event.id}/guests`]: { body: guests },
      [`POST /api/events/${event.id}/freakoff`]: apiError(
        403,
        'AFTER_DARK_PASS_REQUIRED',
        'Freakoff Mode needs Tier 4 or an After Dark Pass',
      ),
    });
    const { user } = renderEventRoute(`/events/${event.id}`, makeMe({ tier_level: 2 }));
    await user.click(await screen.findByRole('button', { name: 'Enter Freakoff Mode' }));
    expect(await screen.findByText(/Freakoff Mode needs Tier 4 or an After Dark Pass/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get an After Dark Pass' })).toHaveAttribute(
      'href',
      '/subscription?tab=boosts',
    );
  });

  it("says 'Event Not Found' with a way back", async () => {
    const id = '00000000-0000-4000-8000-00000000dead';
    mockApi({
      [`GET /api/events/${id}`]: apiError(404, 'EVENT_NOT_FOUND', 'Event Not Found'),
      'GET /api/events': { body: { items: [], next_cursor: null } },
    });
    const { user } = renderEventRoute(`/events/${id}`, makeMe());
    expect(await screen.findByRole('heading', { level: 1, name: 'Event Not Found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Events' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/events');
  });

  it("says 'Event Not Found' for an address that names no event, without asking the server", async () => {
    mockApi({});
    renderEventRoute('/events/not-an-event', makeMe());
    expect(await screen.findByRole('heading', { name: 'Event Not Found' })).toBeInTheDocument();
  });

  it('shows a locked event as Tier N+ Required with the upgrade', async () => {
    const id = '00000000-0000-4000-8000-00000000beef';
    mockApi({ [`GET /api/events/${id}`]: apiError(403, 'TIER_REQUIRED', 'Tier 3+ Required') });
    renderEventRoute(`/events/${id}`, makeMe({ tier_level: 1 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tier 3+ Required' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription');
  });
});
