import type { AuditEntry } from '@royal/shared';
import { mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditLogTab } from './audit-log-tab';

const ADA = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const VERA = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const admin = makeMe({ roles: ['user', 'admin'] });

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: String(id),
  actor: { id: ADA, name: 'Ada Admin' },
  action: 'member_tier_change',
  target: { type: 'user', id: VERA, name: 'Vera' },
  member_id: VERA,
  before: { tier_level: 1 },
  after: { tier_level: 2, tier_subscription_active: true },
  reason: 'admin_set',
  data: {},
  ip: '203.0.113.7',
  created_at: new Date(Date.now() - id * 60_000).toISOString(),
  ...overrides,
});

describe('AuditLogTab', () => {
  it('shows who did what to whom, before → after, why and from where, a page at a time', async () => {
    const api = mockApi({
      'GET /api/admin/audit': ({ query }) =>
        new URLSearchParams(query).get('cursor') === 'next'
          ? {
              body: {
                items: [
                  entry(3, {
                    actor: null,
                    action: 'photo.held',
                    target: { type: 'photo', id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', name: 'Vera' },
                    before: undefined,
                    after: undefined,
                    reason: 'ai_not_confident',
                    ip: null,
                  }),
                ],
                next_cursor: null,
              },
            }
          : {
              body: {
                items: [
                  entry(1),
                  entry(2, {
                    action: 'report.dismissed',
                    before: 'open',
                    after: 'dismissed',
                    reason: 'Unfounded',
                  }),
                ],
                next_cursor: 'next',
              },
            },
    });
    const { user } = renderSignedIn(<AuditLogTab />, { me: admin });
    const table = await screen.findByRole('table', { name: 'Audit log, newest first' });
    const first = (await within(table).findByText('Tier change')).closest('tr') as HTMLElement;
    expect(first).toHaveTextContent('Ada Admin');
    expect(first).toHaveTextContent('Vera');
    expect(first).toHaveTextContent('tier level: 1 → tier level: 2, tier subscription active: true');
    expect(first).toHaveTextContent('admin_set');
    expect(first).toHaveTextContent('203.0.113.7');
    const second = within(table).getByText('Report dismissed').closest('tr') as HTMLElement;
    expect(second).toHaveTextContent('open → dismissed');
    expect(second).toHaveTextContent('Unfounded');
    expect(api.callsTo('GET /api/admin/audit')[0]?.query).toBe('');

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    const system = (await within(table).findByText('Photo held for review')).closest('tr') as HTMLElement;
    expect(system).toHaveTextContent('System');
    expect(system).toHaveTextContent('photo');
    expect(api.callsTo('GET /api/admin/audit')[1]?.query).toBe('cursor=next');
    expect(screen.getByText('Showing 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('sends the filters the admin sets: action, admin and member, from the form or a name in the log', async () => {
    const api = mockApi({ 'GET /api/admin/audit': { body: { items: [entry(1)], next_cursor: null } } });
    const { user } = renderSignedIn(<AuditLogTab />, { me: admin });
    await screen.findByText('Tier change', { selector: 'td' });
    const queries = () => api.callsTo('GET /api/admin/audit').map((call) => call.query);

    await user.selectOptions(screen.getByLabelText('Action'), 'Report actioned');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await expect.poll(queries).toContain('action=report.actioned');

    // A name in the log filters by that admin, keeping the other filters.
    await user.click(await screen.findByRole('button', { name: 'Show only actions by Ada Admin' }));
    await expect.poll(queries).toContain(`actor_id=${ADA}&action=report.actioned`);
    expect(screen.getByLabelText('Admin id')).toHaveValue(ADA);

    await user.type(screen.getByLabelText('Member id'), 'not-an-id');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an id as the Users tab shows it');
    const sent = queries().length;
    await user.clear(screen.getByLabelText('Member id'));
    await user.type(screen.getByLabelText('Member id'), ` ${VERA} `);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await expect.poll(queries).toContain(`actor_id=${ADA}&member_id=${VERA}&action=report.actioned`);
    expect(queries().length).toBe(sent + 1);

    // Clear: back to the whole log (read at first, so shown again from the cache).
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('Admin id')).toHaveValue('');
    expect(screen.getByLabelText('Member id')).toHaveValue('');
    expect(screen.getByLabelText('Item id')).toHaveValue('');
    expect(screen.getByLabelText('Action')).toHaveValue('');
    expect(await screen.findByText('Tier change', { selector: 'td' })).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    mockApi({ 'GET /api/admin/audit': { body: { items: [], next_cursor: null } } });
    renderSignedIn(<AuditLogTab />, { me: admin });
    expect(await screen.findByText('No audit entries')).toBeInTheDocument();
  });
});
