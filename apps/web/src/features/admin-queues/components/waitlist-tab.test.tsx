import type { WaitlistApplication } from '@royal/shared';
import { apiError, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WaitlistTab } from './waitlist-tab';

const ID = '77777777-7777-4777-8777-777777777777';
const CLAIM = `POST /api/admin/queues/waitlist/${ID}/claim`;
const admin = makeMe({ roles: ['user', 'admin'] });
const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
const application: WaitlistApplication = {
  id: ID,
  full_name: 'Amara Okafor',
  email: 'amara@example.test',
  city: 'Miami, FL',
  reason: 'Discreet and serious.',
  referral_code: 'RC-ABC',
  status: 'pending',
  created_at: new Date(Date.now() - 86_400_000).toISOString(),
  decided_at: null,
  decline_note: null,
};
const decided = (status: 'approved' | 'rejected', note: string | null = null) => ({
  body: { ...application, status, decided_at: new Date().toISOString(), decline_note: note },
});

function pendingList(items: () => WaitlistApplication[]) {
  return ({ query }: { query: string }) => {
    expect(new URLSearchParams(query).get('status')).toBe('pending');
    expect(new URLSearchParams(query).get('order')).toBe('oldest');
    return { body: { items: items(), next_cursor: null } };
  };
}

async function openApplication(user: ReturnType<typeof renderSignedIn>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Amara Okafor' }));
  const dialog = await screen.findByRole('dialog', { name: 'Amara Okafor' });
  return dialog;
}

describe('WaitlistTab', () => {
  it('shows the application’s fields and approves it: the invite is sent and the list read again', async () => {
    let pending = [application];
    const api = mockApi({
      'GET /api/admin/waitlist': pendingList(() => pending),
      [CLAIM]: { body: { queue: 'waitlist', item_id: ID, expires_at: expiresAt } },
      [`POST /api/admin/waitlist/${ID}/approve`]: () => {
        pending = [];
        return decided('approved');
      },
    });
    const { user } = renderSignedIn(<WaitlistTab />, { me: admin });
    const dialog = await openApplication(user);
    for (const text of ['amara@example.test', 'Miami, FL', 'Discreet and serious.', 'RC-ABC'])
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    await within(dialog).findByText(/Claimed by you until/);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Application approved')).toBeInTheDocument();
    expect(screen.getByText('An invite is on its way to amara@example.test')).toBeInTheDocument();
    expect(await screen.findByText('No pending applications')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/waitlist/${ID}/approve`)[0]?.body).toBeUndefined();
  });

  it('declines with the note the admin writes, or without one', async () => {
    const api = mockApi({
      'GET /api/admin/waitlist': pendingList(() => [application]),
      [CLAIM]: { body: { queue: 'waitlist', item_id: ID, expires_at: expiresAt } },
      [`POST /api/admin/waitlist/${ID}/decline`]: ({ body }) =>
        decided('rejected', (body as { note?: string }).note ?? null),
    });
    const { user } = renderSignedIn(<WaitlistTab />, { me: admin });
    let dialog = await openApplication(user);
    await within(dialog).findByText(/Claimed by you until/);
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await user.type(
      within(dialog).getByLabelText('Note for the team (optional, not e-mailed)'),
      '  Outside our cities.  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Application declined')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/waitlist/${ID}/decline`)[0]?.body).toEqual({
      note: 'Outside our cities.',
    });

    dialog = await openApplication(user);
    await within(dialog).findByText(/Claimed by you until/);
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await expect.poll(() => api.callsTo(`POST /api/admin/waitlist/${ID}/decline`).length).toBe(2);
    expect(api.callsTo(`POST /api/admin/waitlist/${ID}/decline`)[1]?.body).toEqual({});
  });

  it('keeps the decisions off while another admin holds the application, and says why a decision failed', async () => {
    let holder: 'other' | 'me' = 'other';
    mockApi({
      'GET /api/admin/waitlist': pendingList(() => [application]),
      [CLAIM]: () =>
        holder === 'other'
          ? apiError(409, 'CLAIMED_BY_OTHER', 'Another admin is working on this item')
          : { body: { queue: 'waitlist', item_id: ID, expires_at: expiresAt } },
      [`POST /api/admin/waitlist/${ID}/release`]: { status: 204 },
      [`POST /api/admin/waitlist/${ID}/approve`]: apiError(
        409,
        'CONFLICT',
        'This application was already approved',
      ),
    });
    const { user } = renderSignedIn(<WaitlistTab />, { me: admin });
    let dialog = await openApplication(user);
    expect(await within(dialog).findByText('Another admin is working on this item')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Decline' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    holder = 'me';
    dialog = await openApplication(user);
    await within(dialog).findByText(/Claimed by you until/);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Failed to approve application')).toBeInTheDocument();
    expect(screen.getByText('This application was already approved')).toBeInTheDocument();
  });

  it('says when no application is pending', async () => {
    mockApi({ 'GET /api/admin/waitlist': pendingList(() => []) });
    renderSignedIn(<WaitlistTab />, { me: admin });
    expect(await screen.findByText('No pending applications')).toBeInTheDocument();
  });
});
