import type { AdminMemberDetail, AdminMemberRow } from '@royal/shared';
import { apiError, type MockRequest, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UsersTab } from './users-tab';

const ADA = '00000000-0000-4000-8000-0000000000a1';
const BEA = '00000000-0000-4000-8000-0000000000b2';

const row = (overrides: Partial<AdminMemberRow> = {}): AdminMemberRow => ({
  id: ADA,
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  tier_level: 2,
  tier_subscription_active: true,
  verified: false,
  suspended: false,
  roles: ['user'],
  view_count: 1234,
  like_count: 56,
  created_at: '2026-03-10T12:00:00.000Z',
  last_active: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  ...overrides,
});

const detail = (overrides: Partial<AdminMemberDetail> = {}): AdminMemberDetail => ({
  ...row(),
  tier_subscription_ends_at: '2026-12-31T00:00:00.000Z',
  is_sponsored: false,
  wallet_balance_cents: 123456,
  reports_against: { total: 3, by_status: { open: 2, reviewing: 0, resolved: 0, dismissed: 1 } },
  sessions: [
    {
      id: '00000000-0000-4000-8000-0000000000c3',
      device: 'Firefox on macOS',
      created_at: '2026-11-01T09:00:00.000Z',
      last_active: new Date(Date.now() - 60_000).toISOString(),
      second_factor_confirmed: true,
    },
  ],
  ...overrides,
});

const admin = makeMe({ roles: ['user', 'admin'] });
/** The detail dialog's enforcement panel reads the member's standing (its own test: features/admin-enforcement). */
const inGoodStanding = {
  [`GET /api/admin/members/${ADA}/enforcement`]: { body: { live: null, history: [] } },
};
const params = (request: MockRequest) => Object.fromEntries(new URLSearchParams(request.query));
const page = (items: AdminMemberRow[], next_cursor: string | null = null) => ({
  body: { items, next_cursor },
});

describe('UsersTab', () => {
  it('lists users newest first; the search box, filters and headers ask the server', async () => {
    const api = mockApi({
      ...inGoodStanding,
      'GET /api/admin/members': page([row(), row({ id: BEA, name: 'Bea Arthur', suspended: true })]),
    });
    const { user } = renderSignedIn(<UsersTab />, { me: admin, path: '/admin?tab=users' });

    const ada = (await screen.findByRole('button', { name: 'Ada Lovelace' })).closest('tr') as HTMLElement;
    expect(screen.getByRole('table', { name: 'Users' })).toContainElement(ada);
    expect(within(ada).getByText('ada@example.test')).toBeInTheDocument();
    expect(within(ada).getByText('Verified Viber')).toBeInTheDocument();
    expect(within(ada).getByText('Active')).toBeInTheDocument();
    expect(within(ada).getByText('2h ago')).toBeInTheDocument();
    expect(within(ada).getByText('1,234')).toBeInTheDocument();
    expect(within(ada).queryByText('Suspended')).toBeNull();
    expect(screen.getByRole('button', { name: 'Bea Arthur Suspended' })).toBeInTheDocument();
    expect(params(api.calls[0] as MockRequest)).toEqual({ sort: 'joined_desc' });
    expect(screen.getByRole('columnheader', { name: 'Joined' })).toHaveAttribute('aria-sort', 'descending');

    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'ada@');
    await waitFor(() => expect(params(api.calls.at(-1) as MockRequest)).toMatchObject({ q: 'ada@' }));
    // Typed in one go: the list waited for the pause instead of asking at every key.
    expect(api.callsTo('GET /api/admin/members')).toHaveLength(2);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Tier' }), 'Tier 3 · Chemistry Tier');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Verified' }), 'Verified');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Suspended' }), 'In good standing');
    await user.type(screen.getByLabelText('Joined from'), '2026-01-01');
    await user.type(screen.getByLabelText('Joined to'), '2026-06-30');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(params(api.calls.at(-1) as MockRequest)).toEqual({
        q: 'ada@',
        tier: '3',
        verified: 'true',
        suspended: 'false',
        joined_from: '2026-01-01',
        joined_to: '2026-06-30',
        sort: 'name_asc',
      }),
    );
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(params(api.calls.at(-1) as MockRequest)).toEqual({ sort: 'name_asc' }));
    expect(screen.getByRole('searchbox', { name: 'Search by name or email' })).toHaveValue('');
  });

  it('pages with Load More through the cursor, and says when nothing matched', async () => {
    const api = mockApi({
      ...inGoodStanding,
      'GET /api/admin/members': ({ query }) => {
        const p = new URLSearchParams(query);
        if (p.get('q') === 'nobody') return page([]);
        return p.get('cursor') === 'next'
          ? page([row({ id: BEA, name: 'Bea Arthur', email: 'bea@example.test' })])
          : page([row()], 'next');
      },
    });
    const { user } = renderSignedIn(<UsersTab />, { me: admin, path: '/admin?tab=users' });
    expect(await screen.findByText('Showing 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('button', { name: 'Bea Arthur' })).toBeInTheDocument();
    expect(screen.getByText('Showing 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(params(api.calls.at(-1) as MockRequest)).toEqual({ sort: 'joined_desc', cursor: 'next' });

    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'nobody');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('says when the list failed to load, and tries again', async () => {
    let fail = true;
    mockApi({
      ...inGoodStanding,
      'GET /api/admin/members': () =>
        fail ? apiError(500, 'INTERNAL', 'Something went wrong on our side') : page([row()]),
    });
    const { user } = renderSignedIn(<UsersTab />, { me: admin, path: '/admin?tab=users' });
    expect(await screen.findByRole('heading', { name: 'Failed to load users' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('opens a row’s detail at its own URL: e-mail, tier, wallet, counts, reports by status, sessions', async () => {
    mockApi({
      ...inGoodStanding,
      'GET /api/admin/members': page([row()]),
      [`GET /api/admin/members/${ADA}`]: { body: detail() },
    });
    const { user, router } = renderSignedIn(<UsersTab />, { me: admin, path: '/admin?tab=users' });
    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    expect(router.state.location.search).toBe(`?tab=users&member=${ADA}`);
    expect(dialog).toHaveAccessibleDescription('ada@example.test');
    expect(await within(dialog).findByText('$1,234.56')).toBeInTheDocument();
    expect(within(dialog).getByText('Verified Viber')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Reports against them (3)' })).toBeInTheDocument();
    const reports = within(dialog).getByRole('heading', { name: 'Reports against them (3)' })
      .parentElement as HTMLElement;
    expect(within(reports).getByText('Open').nextSibling).toHaveTextContent('2');
    expect(within(reports).getByText('Dismissed').nextSibling).toHaveTextContent('1');
    expect(within(dialog).getByText('Firefox on macOS')).toBeInTheDocument();
    expect(within(dialog).getByText('Two-factor confirmed')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Tier' })).toHaveValue('2');
    expect(within(dialog).getByRole('switch', { name: 'Verified' })).not.toBeChecked();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('?tab=users');
  });

  it('opens the detail from a link (?member=), and says when it cannot be read', async () => {
    mockApi({
      ...inGoodStanding,
      'GET /api/admin/members': page([row()]),
      [`GET /api/admin/members/${ADA}`]: apiError(404, 'NOT_FOUND', 'Member not found'),
    });
    renderSignedIn(<UsersTab />, { me: admin, path: `/admin?tab=users&member=${ADA}` });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Member not found')).toBeInTheDocument();
  });

  it('changes the tier with the spec’s toast, and reads the row and the detail again', async () => {
    let tier: AdminMemberRow['tier_level'] = 2;
    const api = mockApi({
      ...inGoodStanding,
      'GET /api/admin/members': () => page([row({ tier_level: tier })]),
      [`GET /api/admin/members/${ADA}`]: () => ({ body: detail({ tier_level: tier }) }),
      [`PATCH /api/admin/members/${ADA}`]: ({ body }) => {
        tier = (body as { tier_level: typeof tier }).tier_level;
        return { body: detail({ tier_level: tier }) };
      },
    });
    const { user } = renderSignedIn(<UsersTab />, { me: admin, path: `/admin?tab=users&member=${ADA}` });
    const dialog = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    const lists = () => api.callsTo('GET /api/admin/members').length;
    const before = lists();
    await user.selectOptions(
      await within(dialog).findByRole('combobox', { name: 'Tier' }),
      'Tier 3 · Chemistry Tier',
    );

    expect(await screen.findByText('Tier updated')).toBeInTheDocument();
    expect(screen.getByText('User tier updated to 3')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/admin/members/${ADA}`).map((c) => c.body)).toEqual([{ tier_level: 3 }]);
    expect(within(dialog).getByRole('combobox', { name: 'Tier' })).toHaveValue('3');
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
    await waitFor(() => expect(api.callsTo(`GET /api/admin/members/${ADA}`).length).toBeGreaterThan(1));
  });

  it('says when the tier change failed and shows the tier the member still has', async () => {
    mockApi({
      ...inGoodStanding,
      'GET /api/admin/members': page([row()]),
      [`GET /api/admin/members/${ADA}`]: { body: detail() },
      [`PATCH /api/admin/members/${ADA}`]: apiError(500, 'INTERNAL', 'Something went wrong on our side'),
    });
    const { user } = renderSignedIn(<UsersTab />, { me: admin, path: `/admin?tab=users&member=${ADA}` });
    const dialog = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    await user.selectOptions(
      await within(dialog).findByRole('combobox', { name: 'Tier' }),
      'Tier 4 · Vault Verified',
    );
    expect(await screen.findByText('Failed to update tier')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Tier' })).toHaveValue('2');
  });

  it('verifies and removes verification with the verify toggle, each with its toast, and says when it fails', async () => {
    let verified = false;
    let fail = false;
    const api = mockApi({
      ...inGoodStanding,
      'GET /api/admin/members': () => page([row({ verified })]),
      [`GET /api/admin/members/${ADA}`]: () => ({ body: detail({ verified }) }),
      [`PATCH /api/admin/members/${ADA}`]: ({ body }) => {
        if (fail) return apiError(500, 'INTERNAL', 'Something went wrong on our side');
        verified = (body as { verified: boolean }).verified;
        return { body: detail({ verified }) };
      },
    });
    const { user } = renderSignedIn(<UsersTab />, { me: admin, path: `/admin?tab=users&member=${ADA}` });
    const dialog = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    const toggle = await within(dialog).findByRole('switch', { name: 'Verified' });

    await user.click(toggle);
    expect(await screen.findByText('User verified')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());

    await user.click(toggle);
    expect(await screen.findByText('Verification removed')).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());

    fail = true;
    await user.click(toggle);
    expect(await screen.findByText('Failed to update verification')).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.callsTo(`PATCH /api/admin/members/${ADA}`).map((c) => c.body)).toEqual([
      { verified: true },
      { verified: false },
      { verified: true },
    ]);
  });
});
