import { capabilitiesOf, type EventCard, type Me } from '@royal/shared';
import { apiError, mockApi, never } from '@test/fetch-mock';
import { makeEventCard, makeMe } from '@test/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderEventRoute } from '../routes/test-render';

const page = (items: EventCard[], next_cursor: string | null = null) => ({ body: { items, next_cursor } });

function promoter(): Me {
  const me = makeMe({ roles: ['user', 'promoter'] });
  return { ...me, capabilities: capabilitiesOf(me) };
}

const card = (name: string) => screen.getByRole('article', { name });

describe('Exclusive Events', () => {
  it('shows each event with its status, place, attendance, dress code, tiers and the Freakoff note', async () => {
    mockApi({
      'GET /api/events': page([
        makeEventCard({
          name: 'Midnight Masquerade',
          guests_count: 42,
          max_guests: 100,
          tiers_required: [2, 3],
        }),
        makeEventCard({
          name: 'Sunset Soirée',
          freakoff_enabled: false,
          freakoff_start_time: null,
          dress_code: 'elegant',
        }),
      ]),
    });
    renderEventRoute('/events', makeMe({ tier_level: 2 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Exclusive Events' })).toBeInTheDocument();
    const masquerade = await screen.findByRole('article', { name: 'Midnight Masquerade' });
    expect(within(masquerade).getByText('Upcoming')).toBeInTheDocument();
    expect(within(masquerade).getByText('The Skyline Room · Los Angeles, CA')).toBeInTheDocument();
    expect(within(masquerade).getByText('42/100')).toBeInTheDocument();
    expect(within(masquerade).getByText('Black Tie')).toBeInTheDocument();
    expect(
      within(masquerade).getByText('After 2:00 AM - Exclusive after-hours experience'),
    ).toBeInTheDocument();
    expect(within(masquerade).getByRole('list', { name: 'Tiers admitted' }).children).toHaveLength(2);
    // The event's zone is named; a member elsewhere (the test runs in UTC) also sees their own time.
    expect(within(masquerade).getByText(/Your time:/)).toBeInTheDocument();
    expect(within(masquerade).getByRole('button', { name: 'RSVP Now' })).toBeInTheDocument();
    expect(within(masquerade).getByRole('link', { name: /View Details/ })).toBeInTheDocument();

    const soiree = card('Sunset Soirée');
    expect(within(soiree).getByText('Elegant')).toBeInTheDocument();
    expect(within(soiree).queryByText(/Exclusive after-hours/)).toBeNull();
  });

  it('dims a locked event and offers the upgrade instead of the RSVP', async () => {
    mockApi({
      'GET /api/events': page([
        makeEventCard({
          name: 'Vault Gala',
          locked: true,
          description: null,
          address: null,
          tiers_required: [3, 4],
          lowest_tier: 3,
        }),
      ]),
    });
    const { user } = renderEventRoute('/events', makeMe({ tier_level: 1 }));
    const gala = await screen.findByRole('article', { name: 'Vault Gala' });
    expect(gala).toHaveAttribute('data-locked', 'true');
    expect(within(gala).queryByRole('button', { name: 'RSVP Now' })).toBeNull();
    expect(within(gala).queryByRole('link', { name: /View Details/ })).toBeNull();
    await user.click(within(gala).getByRole('link', { name: 'Tier 3+ Required' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/subscription');
  });

  it('RSVPs from the card: the card says Going ✓ and a toast confirms the seat', async () => {
    const event = makeEventCard({ name: 'Midnight Masquerade', guests_count: 42 });
    const api = mockApi({
      'GET /api/events': page([event]),
      [`POST /api/events/${event.id}/rsvp`]: {
        body: {
          event: {
            ...event,
            guests_count: 43,
            my_rsvp: { status: 'going', waitlist_position: null, checked_in_at: null, freakoff_mode: null },
          },
        },
      },
    });
    const { user } = renderEventRoute('/events', makeMe());
    const masquerade = await screen.findByRole('article', { name: 'Midnight Masquerade' });
    await user.click(within(masquerade).getByRole('button', { name: 'RSVP Now' }));
    expect(await screen.findByText("You're going!")).toBeInTheDocument();
    expect(within(masquerade).getByText('Going ✓')).toBeInTheDocument();
    expect(within(masquerade).getByText('43/100')).toBeInTheDocument();
    expect(within(masquerade).queryByRole('button', { name: 'RSVP Now' })).toBeNull();
    expect(api.callsTo(`POST /api/events/${event.id}/rsvp`)).toHaveLength(1);
  });

  it('tells the member their place when a full event puts them on the waiting list', async () => {
    const event = makeEventCard({ name: 'Full House', guests_count: 100, max_guests: 100 });
    mockApi({
      'GET /api/events': page([event]),
      [`POST /api/events/${event.id}/rsvp`]: {
        body: {
          event: {
            ...event,
            waitlist_count: 3,
            my_rsvp: { status: 'waitlisted', waitlist_position: 3, checked_in_at: null, freakoff_mode: null },
          },
        },
      },
    });
    const { user } = renderEventRoute('/events', makeMe());
    const full = await screen.findByRole('article', { name: 'Full House' });
    await user.click(within(full).getByRole('button', { name: 'RSVP Now' }));
    expect(await screen.findByText("You're on the waiting list (#3)")).toBeInTheDocument();
    expect(within(full).getByText('Waitlisted #3')).toBeInTheDocument();
  });

  it('says why an RSVP was refused', async () => {
    const event = makeEventCard({ name: 'Closed Door' });
    mockApi({
      'GET /api/events': page([event]),
      [`POST /api/events/${event.id}/rsvp`]: apiError(409, 'EVENT_CLOSED', 'This event is closed'),
    });
    const { user } = renderEventRoute('/events', makeMe());
    const closed = await screen.findByRole('article', { name: 'Closed Door' });
    await user.click(within(closed).getByRole('button', { name: 'RSVP Now' }));
    expect(await screen.findByText('Failed to RSVP')).toBeInTheDocument();
    expect(screen.getByText('This event is closed')).toBeInTheDocument();
  });

  it('shows a checked-in guest as such', async () => {
    mockApi({
      'GET /api/events': page([
        makeEventCard({
          name: 'In Progress',
          status: 'active',
          my_rsvp: {
            status: 'checked_in',
            waitlist_position: null,
            checked_in_at: new Date().toISOString(),
            freakoff_mode: null,
          },
        }),
      ]),
    });
    renderEventRoute('/events', makeMe());
    const event = await screen.findByRole('article', { name: 'In Progress' });
    expect(within(event).getByText('Checked in')).toBeInTheDocument();
    expect(within(event).getByText('Active')).toBeInTheDocument();
  });

  it('offers Freakoff on the card of a checked-in guest once it opens, and shows the badge once entered', async () => {
    const checkedIn = {
      status: 'checked_in' as const,
      waitlist_position: null,
      checked_in_at: new Date().toISOString(),
    };
    const open = makeEventCard({
      name: 'After Hours',
      status: 'freakoff',
      my_rsvp: { ...checkedIn, freakoff_mode: null },
    });
    mockApi({
      'GET /api/events': page([
        open,
        makeEventCard({
          name: 'Inside',
          status: 'freakoff',
          my_rsvp: { ...checkedIn, freakoff_mode: 'freakoff' },
        }),
      ]),
    });
    renderEventRoute('/events', makeMe({ tier_level: 4 }));
    const offer = await screen.findByRole('article', { name: 'After Hours' });
    expect(within(offer).getByRole('link', { name: 'Enter Freakoff Mode?' })).toHaveAttribute(
      'href',
      `/events/${open.id}`,
    );
    const inside = card('Inside');
    expect(within(inside).getByText('Freakoff Mode Active')).toBeInTheDocument();
    expect(within(inside).queryByRole('link', { name: 'Enter Freakoff Mode?' })).toBeNull();
  });

  it('hides Add Event and the edit icon from members', async () => {
    mockApi({ 'GET /api/events': page([makeEventCard({ name: 'Members Night' })]) });
    renderEventRoute('/events', makeMe());
    const event = await screen.findByRole('article', { name: 'Members Night' });
    expect(screen.queryByRole('link', { name: 'Add Event' })).toBeNull();
    expect(within(event).queryByRole('link', { name: 'Edit Members Night' })).toBeNull();
  });

  it('gives admins and promoters Add Event and the edit icon', async () => {
    const event = makeEventCard({ name: 'Promoters Night', can_manage: true });
    mockApi({
      'GET /api/events': page([event]),
      [`GET /api/events/${event.id}`]: { body: event },
      // The edit form lists the event's photos.
      [`GET /api/events/${event.id}/photos`]: { body: { photos: [] } },
    });
    const { user } = renderEventRoute('/events', promoter());
    const shown = await screen.findByRole('article', { name: 'Promoters Night' });
    expect(screen.getByRole('link', { name: 'Add Event' })).toHaveAttribute('href', '/event/new');
    await user.click(within(shown).getByRole('link', { name: 'Edit Promoters Night' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/event/${event.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Event' })).toBeInTheDocument();
  });

  it('says when there is nothing coming up', async () => {
    mockApi({ 'GET /api/events': page([]) });
    renderEventRoute('/events', makeMe());
    expect(await screen.findByRole('heading', { name: 'No upcoming events' })).toBeInTheDocument();
  });

  it('offers Try Again when the list fails, and shows it once it loads', async () => {
    let fail = true;
    mockApi({
      'GET /api/events': () =>
        fail
          ? apiError(503, 'SERVICE_UNAVAILABLE', 'Service unavailable')
          : page([makeEventCard({ name: 'Back Again' })]),
    });
    const { user } = renderEventRoute('/events', makeMe());
    expect(await screen.findByRole('heading', { name: 'Failed to load events' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Back Again' })).toBeInTheDocument();
  });

  it('loads the next page with Load more', async () => {
    const api = mockApi({
      'GET /api/events': ({ query }) =>
        query === ''
          ? page([makeEventCard({ name: 'First Night' })], 'cursor-2')
          : page([makeEventCard({ name: 'Second Night' })]),
    });
    const { user } = renderEventRoute('/events', makeMe());
    await screen.findByRole('article', { name: 'First Night' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Second Night' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/events')[1]?.query).toBe('cursor=cursor-2');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('shows a placeholder while the list loads', async () => {
    mockApi({ 'GET /api/events': never });
    renderEventRoute('/events', makeMe());
    expect(await screen.findByText('Loading events...')).toBeInTheDocument();
  });
});
