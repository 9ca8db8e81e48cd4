import { apiError, mockApi, never, SESSION, signedInAs } from '@test/fetch-mock';
import { makeMe, makeSettings } from '@test/fixtures';
import { renderApp } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

const frame = {
  'GET /api/notifications': { body: { items: [], unread_count: 0 } },
  'GET /api/me/settings': { body: makeSettings() },
  // Two-factor on and this session confirmed with it (decision 057).
  'GET /api/auth/two-factor': {
    body: { enabled: true, backup_codes_left: 10, required: true, session_confirmed: true },
  },
  // The summary cards above the tabs (their own test: features/admin-summary).
  'GET /api/admin/summary': never,
  // The queues' counts on the tab labels (their own test: features/admin-queues).
  'GET /api/admin/queues': never,
};

const ID = '00000000-0000-4000-8000-00000000000a';
const item = (overrides: Record<string, unknown> = {}) => ({
  id: ID,
  url: `/api/photos/${ID}?size=large`,
  thumb_url: `/api/photos/${ID}?size=small`,
  status: 'pending',
  rejection_reason: null,
  appeal_status: 'none',
  appeal_reason: null,
  appeal_submitted_at: null,
  moderated_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  ai_confidence_score: 0.9734,
  member: {
    id: '00000000-0000-4000-8000-0000000000b1',
    name: 'Sofia',
    age: 29,
    city: 'Miami',
    state: 'FL',
    tier_level: 2,
  },
  ...overrides,
});

describe('/admin', () => {
  it('shows a non-admin a refusal and asks the server for nothing of the admin’s', async () => {
    const api = mockApi({ [SESSION]: signedInAs(makeMe()), ...frame });
    renderApp('/admin');
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/api/admin'))).toBe(false);
  });

  it('opens on the Users tab, with every tab of the dashboard in the tab row', async () => {
    mockApi({
      [SESSION]: signedInAs(makeMe({ roles: ['user', 'admin'] })),
      ...frame,
      'GET /api/admin/members': { body: { items: [], next_cursor: null } },
    });
    renderApp('/admin');
    expect(await screen.findByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    const tabs = within(screen.getByRole('tablist', { name: 'Admin sections' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Users',
      'Events',
      'Photo Moderation',
      'Verification',
      'Analytics',
      'Reports',
      'Support',
      'Waitlist',
      'Appeals',
      'Audit Log',
      'Mailbox',
    ]);
  });

  it('shows a promoter only the Events tab, without the admins’ cards, counts or second factor', async () => {
    const api = mockApi({
      [SESSION]: signedInAs(makeMe({ roles: ['user', 'promoter'] })),
      'GET /api/notifications': frame['GET /api/notifications'],
      'GET /api/me/settings': frame['GET /api/me/settings'],
      'GET /api/events': { body: { items: [], next_cursor: null } },
    });
    renderApp('/admin?tab=users');
    expect(await screen.findByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tablist', { name: 'Admin sections' })).getAllByRole('tab')).toHaveLength(
      1,
    );
    expect(await screen.findByRole('heading', { name: 'Events', level: 2 })).toBeInTheDocument();
    expect(screen.queryByText('Total Users')).not.toBeInTheDocument();
    expect(
      api.calls.some((c) => c.path.startsWith('/api/admin') || c.path.startsWith('/api/auth/two-factor')),
    ).toBe(false);
  });

  it('shows the Photo Moderation tab: pending cards with the AI confidence to one decimal', async () => {
    mockApi({
      [SESSION]: signedInAs(makeMe({ roles: ['user', 'admin'] })),
      ...frame,
      'GET /api/admin/photos': ({ query }) => ({
        body: {
          items: query.includes('pending')
            ? [item(), item({ id: crypto.randomUUID(), ai_confidence_score: 0.42 })]
            : [],
          next_cursor: null,
        },
      }),
    });
    renderApp('/admin?tab=photos');
    expect(await screen.findByRole('tab', { name: 'Photo Moderation' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const list = await screen.findByRole('list', { name: 'Pending Review' });
    const cards = within(list).getAllByRole('listitem');
    expect(within(cards[0] as HTMLElement).getByText('97.3%')).toHaveClass('text-emerald-700');
    expect(within(cards[1] as HTMLElement).getByText('42.0%')).toHaveClass('text-amber-700');
    expect(screen.getByRole('button', { name: /Refresh/ })).toBeInTheDocument();
  });

  it('rejects only with a reason, then approves with the spec’s toasts', async () => {
    const api = mockApi({
      [SESSION]: signedInAs(makeMe({ roles: ['user', 'admin'] })),
      ...frame,
      'GET /api/admin/photos': { body: { items: [item()], next_cursor: null } },
      [`POST /api/admin/photos/${ID}/decision`]: ({ body }) => ({
        body: item({ status: (body as { action: string }).action === 'approve' ? 'approved' : 'rejected' }),
      }),
    });
    const { user } = renderApp('/admin?tab=photos');
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please provide a rejection reason')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/photos/${ID}/decision`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Rejection reason'), 'Face not visible');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Photo rejected successfully')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/photos/${ID}/decision`)[0]?.body).toEqual({
      action: 'reject',
      rejection_reason: 'Face not visible',
    });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Photo approved successfully')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(`POST /api/admin/photos/${ID}/decision`)).toHaveLength(2));
  });

  it('keeps the typed reason when a rejection fails, and starts empty after one succeeds', async () => {
    let attempt = 0;
    const api = mockApi({
      [SESSION]: signedInAs(makeMe({ roles: ['user', 'admin'] })),
      ...frame,
      'GET /api/admin/photos': { body: { items: [item()], next_cursor: null } },
      [`POST /api/admin/photos/${ID}/decision`]: () =>
        ++attempt === 1
          ? apiError(503, 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable.')
          : { body: item({ status: 'rejected' }) },
    });
    const { user } = renderApp('/admin?tab=photos');
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Rejection reason'), 'Face not visible');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('Failed to reject photo')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Rejection reason')).toHaveValue('Face not visible');

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Photo rejected successfully')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/photos/${ID}/decision`)[1]?.body).toEqual({
      action: 'reject',
      rejection_reason: 'Face not visible',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The next photo's dialog does not show the last one's reason.
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText('Rejection reason')).toHaveValue('');
  });

  it('sends an admin without two-factor to set it up, and asks for no admin data', async () => {
    const api = mockApi({
      [SESSION]: signedInAs(makeMe({ roles: ['user', 'admin'] })),
      ...frame,
      'GET /api/auth/two-factor': {
        body: { enabled: false, backup_codes_left: 0, required: true, session_confirmed: false },
      },
    });
    renderApp('/admin');
    expect(await screen.findByText('Turn on two-factor authentication')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set Up Two-Factor' })).toHaveAttribute(
      'href',
      '/settings#security',
    );
    expect(api.calls.some((c) => c.path.startsWith('/api/admin'))).toBe(false);
  });

  it('asks an admin whose session was not confirmed with two-factor to sign in again', async () => {
    mockApi({
      [SESSION]: signedInAs(makeMe({ roles: ['user', 'admin'] })),
      ...frame,
      'GET /api/auth/two-factor': {
        body: { enabled: true, backup_codes_left: 10, required: true, session_confirmed: false },
      },
    });
    renderApp('/admin');
    expect(await screen.findByText('Confirm it’s you')).toBeInTheDocument();
  });
});
