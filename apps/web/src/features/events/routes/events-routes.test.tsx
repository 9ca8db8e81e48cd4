import { mockApi, SESSION, signedInAs } from '@test/fetch-mock';
import { makeEventCard, makeMe, makeSettings } from '@test/fixtures';
import { renderApp } from '@test/render';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

// The events screens in the whole app: their routes, lazy chunks and the loaders' data.

const frame = {
  'GET /api/notifications': { body: { items: [], unread_count: 0 } },
  'GET /api/me/settings': { body: makeSettings() },
};

describe('events routes', () => {
  it('/events opens Exclusive Events, reading the list its loader asked for once', async () => {
    const api = mockApi({
      [SESSION]: signedInAs(makeMe()),
      'GET /api/events': { body: { items: [makeEventCard({ name: 'Gala Night' })], next_cursor: null } },
      ...frame,
    });
    renderApp('/events');
    expect(await screen.findByRole('heading', { level: 1, name: 'Exclusive Events' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Gala Night' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/events')).toHaveLength(1);
  });

  it('/events/:id opens the event, and the View Details link of the list leads there', async () => {
    const event = makeEventCard({ name: 'Gala Night' });
    const api = mockApi({
      [SESSION]: signedInAs(makeMe()),
      'GET /api/events': { body: { items: [event], next_cursor: null } },
      [`GET /api/events/${event.id}`]: { body: event },
      ...frame,
    });
    const { user } = renderApp('/events');
    await user.click(await screen.findByRole('link', { name: 'View Details: Gala Night' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gala Night' })).toBeInTheDocument();
    expect(api.callsTo(`GET /api/events/${event.id}`)).toHaveLength(1);
  });

  it('/event/new is the event form', async () => {
    const me = makeMe({ roles: ['user', 'admin'] });
    mockApi({
      [SESSION]: signedInAs({ ...me, capabilities: { ...me.capabilities, can_create_parties: true } }),
      ...frame,
    });
    renderApp('/event/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Event' })).toBeInTheDocument();
  });
});
