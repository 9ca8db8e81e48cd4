import { apiError, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BlockedMembers } from './blocked-members';
import { MemberSafetyActions } from './member-safety-actions';
import { SafeLocations } from './safe-locations';

const SOFIA = { id: '00000000-0000-4000-8000-0000000000b1', name: 'Sofia' };

function renderActions(routes: Parameters<typeof mockApi>[0] = {}) {
  const onBlocked = vi.fn();
  const api = mockApi(routes);
  renderSignedIn(<MemberSafetyActions member={SOFIA} onBlocked={onBlocked} />, { me: makeMe() });
  return { api, onBlocked };
}

describe('report and block', () => {
  it('asks what happened before it files a report, then sends the category, the words and the block', async () => {
    const user = userEvent.setup();
    const { api, onBlocked } = renderActions({
      'POST /api/reports': { status: 201, body: { id: crypto.randomUUID(), status: 'open', blocked: true } },
    });
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Sofia' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(within(dialog).getByText('Choose what happened')).toBeInTheDocument();
    expect(within(dialog).getByText('Tell us what happened')).toBeInTheDocument();
    expect(api.callsTo('POST /api/reports')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Scam or fraud' }));
    await user.type(within(dialog).getByLabelText('Details'), 'Asked for money first');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also block Sofia' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    await waitFor(() => expect(onBlocked).toHaveBeenCalled());
    expect(api.callsTo('POST /api/reports')[0]?.body).toEqual({
      member_id: SOFIA.id,
      reason: 'scam',
      details: 'Asked for money first',
      block: true,
    });
    expect(screen.queryByRole('dialog', { name: 'Report Sofia' })).toBeNull();
  }, 15_000);

  it('says so when the member was already reported, and keeps the dialog to close', async () => {
    const user = userEvent.setup();
    renderActions({
      'POST /api/reports': apiError(
        409,
        'CONFLICT',
        'You have already reported this member. Our team is reviewing it.',
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Sofia' });
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    await user.type(within(dialog).getByLabelText('Details'), 'Rude');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(
      await screen.findByText('You have already reported this member. Our team is reviewing it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Report Sofia' })).toBeInTheDocument();
  });

  it('blocks with an optional reason and leaves the screen that showed the member', async () => {
    const user = userEvent.setup();
    const { api, onBlocked } = renderActions({
      'POST /api/blocks': { status: 201, body: { id: crypto.randomUUID() } },
    });
    await user.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Sofia?' });
    await user.type(within(dialog).getByLabelText('Reason (optional, only you see it)'), 'Too pushy');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(onBlocked).toHaveBeenCalled());
    expect(api.callsTo('POST /api/blocks')[0]?.body).toEqual({ member_id: SOFIA.id, reason: 'Too pushy' });
  });
});

describe('blocked members', () => {
  it('lists blocks newest first and unblocks one', async () => {
    const user = userEvent.setup();
    const id = '00000000-0000-4000-8000-0000000000c1';
    let items = [
      { id, member_id: SOFIA.id, name: 'Sofia', reason: 'Spam', created_at: '2026-11-20T10:00:00.000Z' },
    ];
    const api = mockApi({
      'GET /api/blocks': () => ({ body: { items } }),
      [`DELETE /api/blocks/${id}`]: () => {
        items = [];
        return { status: 204, body: null };
      },
    });
    renderSignedIn(<BlockedMembers />, { me: makeMe() });
    const list = await screen.findByRole('list', { name: 'Blocked members' });
    expect(within(list).getByText('Sofia')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Unblock Sofia' }));
    expect(await screen.findByText('No one blocked')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/blocks/${id}`)).toHaveLength(1);
  });
});

describe('safe locations', () => {
  it('shows each place with its rating, hours, three amenities and the rest counted, and a maps link', async () => {
    mockApi({
      'GET /api/safe-locations': {
        body: {
          city: 'Miami, FL',
          items: [
            {
              id: '00000000-0000-4000-8000-0000000000d1',
              name: 'Café Lirio',
              address: '2450 Collins Ave',
              city: 'Miami',
              state: 'FL',
              type: 'cafe',
              rating: 4.4,
              amenities: ['Outdoor seating', 'Wi-Fi', 'Well lit', 'Ocean view', 'Valet parking'],
              hours_today: '7:00 AM - 8:00 PM',
              open_now: true,
              maps_url: 'https://www.google.com/maps/search/?api=1&query=Caf%C3%A9%20Lirio',
            },
          ],
        },
      },
    });
    renderSignedIn(<SafeLocations />, { me: makeMe() });
    expect(
      await screen.findByRole('heading', { name: 'Safe places to meet in Miami, FL' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Open now')).toBeInTheDocument();
    expect(screen.getByText(/Today 7:00 AM - 8:00 PM/)).toBeInTheDocument();
    const amenities = screen.getByRole('list', { name: 'Amenities' });
    expect(
      within(amenities)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Outdoor seating', 'Wi-Fi', 'Well lit', '+2 more']);
    expect(screen.getByRole('link', { name: /View in Maps/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Caf%C3%A9%20Lirio',
    );
  });

  it('says when the member’s city has no verified places yet', async () => {
    mockApi({ 'GET /api/safe-locations': { body: { city: 'Boise, ID', items: [] } } });
    renderSignedIn(<SafeLocations />, { me: makeMe() });
    expect(await screen.findByText('No safe locations yet')).toBeInTheDocument();
  });
});
