import { ERROR_MESSAGES } from '@royal/shared';
import { apiError, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BULK_INVITE_EVENT_REQUIRED_TEXT, tiersText } from './bulk-invite-dialog';
import { makeDoorEvent, makeManager } from './check-in-test-fixtures';
import { PartyManagement } from './party-management';

const upcoming = makeDoorEvent({ name: 'Midnight Masquerade', tiers_required: [2, 3] });
const tonight = makeDoorEvent({ name: 'Velvet Night', status: 'active' });
const notMine = makeDoorEvent({ name: 'Someone Else’s Soirée', can_manage: false });

function renderWidget(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/events': { body: { items: [upcoming, tonight, notMine], next_cursor: null } },
    ...routes,
  });
  const view = renderSignedIn(<PartyManagement />, { me: makeManager(), path: '/events' });
  return { ...view, api };
}

describe('PartyManagement', () => {
  it('is not shown to members, and asks the API nothing', () => {
    renderSignedIn(<PartyManagement />, { me: makeMe({ tier_level: 4 }), path: '/events' });
    expect(screen.queryByRole('heading', { name: 'Party Management' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bulk Invite' })).toBeNull();
  });

  it('links Create New Party to the event form', () => {
    renderWidget();
    expect(screen.getByRole('heading', { name: 'Party Management' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Party' })).toHaveAttribute('href', '/event/new');
  });

  it('opens the check-in screen of the event the manager picks', async () => {
    const { user } = renderWidget();
    await user.click(screen.getByRole('button', { name: 'Check-in System' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check-in System' });
    // Running events too (that is when the door is busy); never another manager's.
    expect(await within(dialog).findByRole('link', { name: /Velvet Night/ })).toBeInTheDocument();
    expect(within(dialog).queryByText('Someone Else’s Soirée')).toBeNull();
    await user.click(within(dialog).getByRole('link', { name: /Midnight Masquerade/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/events/${upcoming.id}/check-in`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('BulkInviteDialog', () => {
  it('says what is missing before it sends anything', async () => {
    const { user, api } = renderWidget();
    await user.click(screen.getByRole('button', { name: 'Bulk Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Invite' });
    await user.click(await within(dialog).findByRole('button', { name: 'Send Invitations' }));
    expect(within(dialog).getByText(BULK_INVITE_EVENT_REQUIRED_TEXT)).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one tier')).toBeInTheDocument();
    expect(within(dialog).getByText('Write a message for the invitation')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('invites the chosen tiers to an upcoming event and says what was queued', async () => {
    const { user, api } = renderWidget({
      [`POST /api/events/${upcoming.id}/bulk-invite`]: {
        status: 202,
        body: { id: '40000000-0000-4000-8000-000000000001', status: 'queued', recipients: null },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Bulk Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Invite' });
    const picker = await within(dialog).findByLabelText('Event');
    // Invitations are for parties still to come: a running event is not offered.
    expect(within(picker).queryByRole('option', { name: /Velvet Night/ })).toBeNull();
    await user.selectOptions(picker, within(picker).getByRole('option', { name: /Midnight Masquerade/ }));
    // The event's own tiers start ticked; the manager adds Tier 4.
    expect(within(dialog).getByRole('checkbox', { name: /Tier 2/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Tier 3/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Tier 1/ })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: /Tier 4/ }));
    await user.type(within(dialog).getByLabelText('Message'), 'Masks on, phones away.');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitations' }));

    expect(await screen.findByText('Invitations queued')).toBeInTheDocument();
    expect(
      screen.getByText(/Tiers 2, 3 and 4 members will be invited to Midnight Masquerade/),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST /api/events/${upcoming.id}/bulk-invite`)[0]?.body).toEqual({
      tiers: [2, 3, 4],
      message: 'Masks on, phones away.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s refusal and keeps the form', async () => {
    const { user } = renderWidget({
      [`POST /api/events/${upcoming.id}/bulk-invite`]: apiError(
        422,
        'EVENT_CLOSED',
        ERROR_MESSAGES.EVENT_CLOSED,
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Bulk Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Invite' });
    await user.selectOptions(await within(dialog).findByLabelText('Event'), upcoming.id);
    await user.type(within(dialog).getByLabelText('Message'), 'Join us.');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitations' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.EVENT_CLOSED);
    expect(within(dialog).getByLabelText('Message')).toHaveValue('Join us.');
  });
});

describe('tiersText', () => {
  it('names one tier or a list of them', () => {
    expect(tiersText([2])).toBe('Tier 2');
    expect(tiersText([1, 4])).toBe('Tiers 1 and 4');
    expect(tiersText([1, 2, 3])).toBe('Tiers 1, 2 and 3');
  });
});
