import { capabilitiesOf, type Me } from '@royal/shared';
import { apiError, mockApi } from '@test/fetch-mock';
import { makeEventCard, makeMe } from '@test/fixtures';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderEventRoute } from '../routes/test-render';

function promoter(): Me {
  const me = makeMe({ roles: ['user', 'promoter'] });
  return { ...me, capabilities: capabilitiesOf(me) };
}

const save = () => screen.getByRole('button', { name: 'Save' });

describe('event form', () => {
  it('keeps Save disabled until the event has a name and a venue', async () => {
    mockApi({});
    const { user } = renderEventRoute('/event/new', promoter());
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Event' })).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await user.type(screen.getByLabelText(/Event Name/), 'Midnight Masquerade');
    expect(save()).toBeDisabled();
    await user.type(screen.getByLabelText(/Venue/), '   ');
    expect(save()).toBeDisabled();
    await user.clear(screen.getByLabelText(/Venue/));
    await user.type(screen.getByLabelText(/Venue/), 'The Skyline Room');
    expect(save()).toBeEnabled();
  });

  it('starts from the spec defaults: Elegant, Freakoff on at 2:00 AM, 100 guests', async () => {
    mockApi({});
    renderEventRoute('/event/new', promoter());
    const dress = (await screen.findByLabelText('Dress Code')) as HTMLSelectElement;
    expect(dress.value).toBe('elegant');
    expect(within(dress).getByRole('option', { name: 'Elegant' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Freakoff Enabled' })).toBeChecked();
    expect(screen.getByLabelText('Freakoff Start')).toHaveValue('02:00');
    expect(screen.getByLabelText('Max Guests')).toHaveValue(100);
    // The member's own launch city, as "Name, ST".
    expect(screen.getByLabelText(/City/)).toHaveValue('Los Angeles, CA');
    // Cancelled is for an existing event only.
    expect(screen.queryByRole('switch', { name: 'Cancelled' })).toBeNull();
  });

  it("checks the form with the API's schema before sending it", async () => {
    const api = mockApi({});
    const { user } = renderEventRoute('/event/new', promoter());
    await user.type(await screen.findByLabelText(/Event Name/), 'Midnight Masquerade');
    await user.type(screen.getByLabelText(/Venue/), 'The Skyline Room');
    await user.clear(screen.getByLabelText('Max Guests'));
    await user.type(screen.getByLabelText('Max Guests'), '0');
    await user.click(save());
    expect(await screen.findByText('Choose the date')).toBeInTheDocument();
    expect(screen.getByText('Choose the time')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one tier')).toBeInTheDocument();
    expect(screen.getByText('Max guests must be a whole number from 1 to 5,000')).toBeInTheDocument();
    expect(screen.getByLabelText(/Date/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
  });

  it('creates an event and opens its page', async () => {
    const created = makeEventCard({ name: 'Midnight Masquerade', can_manage: true });
    const api = mockApi({
      'POST /api/events': { status: 201, body: created },
      // The new event's page, where a manager sees the guest list.
      [`GET /api/events/${created.id}/guests`]: { body: { items: [], hidden_count: 0 } },
    });
    const { user } = renderEventRoute('/event/new', promoter());
    await user.type(await screen.findByLabelText(/Event Name/), 'Midnight Masquerade');
    await user.type(screen.getByLabelText(/Venue/), 'The Skyline Room');
    await user.selectOptions(screen.getByLabelText(/City/), 'Miami, FL');
    fireEvent.change(screen.getByLabelText(/Date/), { target: { value: '2026-03-07' } });
    fireEvent.change(screen.getByLabelText(/^Time/), { target: { value: '21:00' } });
    await user.click(screen.getByRole('checkbox', { name: /Tier 3/ }));
    await user.click(screen.getByRole('checkbox', { name: /Tier 2/ }));
    await user.click(save());
    expect(await screen.findByText('Event Created')).toBeInTheDocument();
    expect(api.callsTo('POST /api/events')[0]?.body).toEqual({
      name: 'Midnight Masquerade',
      description: '',
      venue: 'The Skyline Room',
      address: '',
      city: 'Miami, FL',
      date: '2026-03-07',
      time: '21:00',
      tiers_required: [2, 3],
      dress_code: 'elegant',
      freakoff_enabled: true,
      freakoff_time: '02:00',
      max_guests: 100,
      cancelled: false,
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/events/${created.id}`));
  });

  it("edits an event with its times read back on the city's clock, and says 'Event Updated'", async () => {
    const event = makeEventCard({
      name: 'Midnight Masquerade',
      can_manage: true,
      // 9 PM on February 7 in Los Angeles (PST), Freakoff at 2 AM local.
      date_time: '2026-02-08T05:00:00.000Z',
      freakoff_start_time: '2026-02-08T10:00:00.000Z',
      tiers_required: [2, 3],
      lowest_tier: 2,
    });
    const api = mockApi({
      [`GET /api/events/${event.id}`]: { body: event },
      [`GET /api/events/${event.id}/photos`]: { body: { photos: [] } },
      [`PATCH /api/events/${event.id}`]: { body: { ...event, max_guests: 120 } },
      [`GET /api/events/${event.id}/guests`]: { body: { items: [], hidden_count: 0 } },
    });
    const { user } = renderEventRoute(`/event/${event.id}`, promoter());
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Event' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Date/)).toHaveValue('2026-02-07');
    expect(screen.getByLabelText(/^Time/)).toHaveValue('21:00');
    expect(screen.getByLabelText('Freakoff Start')).toHaveValue('02:00');
    expect(screen.getByRole('checkbox', { name: /Tier 2/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Tier 1/ })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Cancelled' })).not.toBeChecked();
    await user.clear(screen.getByLabelText('Max Guests'));
    await user.type(screen.getByLabelText('Max Guests'), '120');
    await user.click(save());
    expect(await screen.findByText('Event Updated')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/events/${event.id}`)[0]?.body).toMatchObject({
      date: '2026-02-07',
      time: '21:00',
      max_guests: 120,
      city: 'Los Angeles, CA',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/events/${event.id}`));
  });

  it('shows a refusal to seat fewer guests than are going on the max guests field', async () => {
    const event = makeEventCard({ can_manage: true, guests_count: 80 });
    mockApi({
      [`GET /api/events/${event.id}`]: { body: event },
      [`GET /api/events/${event.id}/photos`]: { body: { photos: [] } },
      [`PATCH /api/events/${event.id}`]: apiError(
        409,
        'EVENT_OVER_CAPACITY',
        'More guests are going than that',
      ),
    });
    const { user } = renderEventRoute(`/event/${event.id}`, promoter());
    await user.clear(await screen.findByLabelText('Max Guests'));
    await user.type(screen.getByLabelText('Max Guests'), '10');
    await user.click(save());
    expect(await screen.findByText('More guests are going than that')).toBeInTheDocument();
    expect(screen.getByLabelText('Max Guests')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server’s field problems on their fields', async () => {
    const event = makeEventCard({ can_manage: true });
    mockApi({
      [`GET /api/events/${event.id}`]: { body: event },
      [`GET /api/events/${event.id}/photos`]: { body: { photos: [] } },
      [`PATCH /api/events/${event.id}`]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the form',
            details: [{ path: 'venue', message: 'That venue is closed for renovation' }],
          },
        },
      },
    });
    const { user } = renderEventRoute(`/event/${event.id}`, promoter());
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That venue is closed for renovation')).toBeInTheDocument();
    expect(screen.getByLabelText(/Venue/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('deletes only after the spec’s confirmation, then goes back to the list', async () => {
    const event = makeEventCard({ name: 'Midnight Masquerade', can_manage: true });
    const api = mockApi({
      [`GET /api/events/${event.id}`]: { body: event },
      [`GET /api/events/${event.id}/photos`]: { body: { photos: [] } },
      [`DELETE /api/events/${event.id}`]: { status: 204 },
      'GET /api/events': { body: { items: [], next_cursor: null } },
    });
    const { user } = renderEventRoute(`/event/${event.id}`, promoter());
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure you want to delete this event? This action cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`DELETE /api/events/${event.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Event' }));
    expect(await screen.findByText('Event Deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/events$/));
    expect(api.callsTo(`DELETE /api/events/${event.id}`)).toHaveLength(1);
  });

  it("says 'Event Not Found' when the event to edit does not exist", async () => {
    const id = '00000000-0000-4000-8000-00000000dead';
    mockApi({ [`GET /api/events/${id}`]: apiError(404, 'EVENT_NOT_FOUND', 'Event Not Found') });
    renderEventRoute(`/event/${id}`, promoter());
    expect(await screen.findByRole('heading', { level: 1, name: 'Event Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Events' })).toHaveAttribute('href', '/events');
  });

  it('refuses members who are not admins or promoters', async () => {
    mockApi({});
    renderEventRoute('/event/new', makeMe());
    expect(await screen.findByRole('heading', { name: 'Admins and promoters only' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
