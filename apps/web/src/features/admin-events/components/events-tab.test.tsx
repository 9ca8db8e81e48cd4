import { capabilitiesOf, EVENT_DELETE_CONFIRM_TEXT, type EventCard, type Me } from '@royal/shared';
import { apiError, mockApi, never } from '@test/fetch-mock';
import { makeEventCard, makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventsTab } from './events-tab';

const page = (items: EventCard[], next_cursor: string | null = null) => ({ body: { items, next_cursor } });

function admin(): Me {
  const me = makeMe({ roles: ['user', 'admin'], email_confirmed: true });
  return { ...me, capabilities: capabilitiesOf(me) };
}

const rowOf = (name: string) =>
  screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr') as HTMLElement;

describe('EventsTab', () => {
  it('lists the events with status, date, city, attending of max and tiers, beside Party Management', async () => {
    mockApi({
      'GET /api/events': page([
        makeEventCard({
          name: 'Velvet Night',
          city: 'Miami, FL',
          time_zone: 'America/New_York',
          guests_count: 42,
          max_guests: 100,
          waitlist_count: 3,
          tiers_required: [2, 3],
          can_manage: true,
        }),
        makeEventCard({ name: 'Sunset Soirée', status: 'cancelled', can_manage: true }),
      ]),
    });
    renderSignedIn(<EventsTab />, { me: admin(), path: '/admin?tab=events' });
    await screen.findByRole('rowheader', { name: /Velvet Night/ });
    const table = screen.getByRole('table', { name: 'Events' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Event', 'Status', 'Date', 'City', 'Attending', 'Tiers', 'Actions']);
    const velvet = rowOf('Velvet Night');
    expect(within(velvet).getByText('Upcoming')).toBeInTheDocument();
    expect(within(velvet).getByText('Miami, FL')).toBeInTheDocument();
    expect(within(velvet).getByText('42 / 100')).toBeInTheDocument();
    expect(within(velvet).getByText('3 waiting')).toBeInTheDocument();
    expect(within(velvet).getByRole('list', { name: 'Tiers admitted' }).children).toHaveLength(2);
    expect(within(velvet).getByRole('link', { name: 'Edit Velvet Night' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/event\/[0-9a-f-]{36}$/),
    );
    expect(within(rowOf('Sunset Soirée')).getByText('Cancelled')).toBeInTheDocument();

    const widget = screen.getByRole('region', { name: 'Party Management' });
    for (const name of ['Bulk Invite', 'Check-in System']) {
      expect(within(widget).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(widget).getByRole('link', { name: 'Create New Party' })).toHaveAttribute(
      'href',
      '/event/new',
    );
    expect(screen.getByRole('link', { name: 'Add Event' })).toHaveAttribute('href', '/event/new');
  });

  it('deletes an event only after the confirmation, and stays on the tab', async () => {
    const event = makeEventCard({ name: 'Velvet Night', can_manage: true });
    const api = mockApi({
      'GET /api/events': page([event]),
      [`DELETE /api/events/${event.id}`]: { status: 204 },
    });
    const { user } = renderSignedIn(<EventsTab />, { me: admin(), path: '/admin?tab=events' });
    await screen.findByRole('rowheader', { name: /Velvet Night/ });
    await user.click(within(rowOf('Velvet Night')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Velvet Night?' });
    expect(dialog).toHaveTextContent(EVENT_DELETE_CONFIRM_TEXT);
    expect(api.callsTo(`DELETE /api/events/${event.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete Event' }));
    await waitFor(() => expect(api.callsTo(`DELETE /api/events/${event.id}`)).toHaveLength(1));
    // The admin stays on the tab, whose list is read again (the event's own page would go to /events).
    await waitFor(() => expect(api.callsTo('GET /api/events')).toHaveLength(2));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');
  });

  it('shows loading, then the empty state', async () => {
    mockApi({ 'GET /api/events': never });
    const { unmount } = renderSignedIn(<EventsTab />, { me: admin() });
    expect(await screen.findByText('Loading events...')).toBeInTheDocument();
    unmount();
    mockApi({ 'GET /api/events': page([]) });
    renderSignedIn(<EventsTab />, { me: admin() });
    expect(await screen.findByText('No upcoming events')).toBeInTheDocument();
  });

  it('shows the failure with a retry', async () => {
    let fail = true;
    mockApi({
      'GET /api/events': () =>
        fail
          ? apiError(500, 'INTERNAL', 'Something went wrong. Please try again.')
          : page([makeEventCard({ name: 'Velvet Night' })]),
    });
    const { user } = renderSignedIn(<EventsTab />, { me: admin() });
    expect(await screen.findByText('Failed to load events')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Try Again|Retry/ }));
    expect(await screen.findByRole('rowheader', { name: /Velvet Night/ })).toBeInTheDocument();
  });
});
