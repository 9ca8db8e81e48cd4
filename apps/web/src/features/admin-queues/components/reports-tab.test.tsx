import type { QueuedReport, ReportHistory } from '@royal/shared';
import { apiError, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { claimUntilTime } from './queue-item-dialog';
import { ReportsTab } from './reports-tab';

const ID = '11111111-1111-4111-8111-111111111111';
const REPORTED = '22222222-2222-4222-8222-222222222222';
const CLAIM = `POST /api/admin/queues/reports/${ID}/claim`;
const RELEASE = `POST /api/admin/queues/reports/${ID}/release`;
const DECIDE = `POST /api/admin/reports/${ID}/decide`;
const admin = makeMe({ roles: ['user', 'admin'] });
// The tab's other queue (date-disputes.test.tsx covers it): empty here.
const NO_DISPUTES = { 'GET /api/admin/date-plans/disputes': { body: { items: [] } } };
const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();

const report = (overrides: Partial<QueuedReport> = {}): QueuedReport => ({
  id: ID,
  reason: 'harassment',
  details: 'Kept messaging after I said no.',
  status: 'open',
  created_at: new Date(Date.now() - 3_600_000).toISOString(),
  reported: { id: REPORTED, name: 'Rex' },
  reporter: { id: '33333333-3333-4333-8333-333333333333', name: 'Rita' },
  open_reports_against: 2,
  ...overrides,
});
const history: ReportHistory = {
  reported: { id: REPORTED, name: 'Rex' },
  earlier: [
    {
      id: '44444444-4444-4444-8444-444444444444',
      reason: 'scam',
      status: 'dismissed',
      created_at: new Date(Date.now() - 86_400_000 * 30).toISOString(),
      resolved_at: new Date(Date.now() - 86_400_000 * 29).toISOString(),
    },
  ],
};

async function openReport(user: ReturnType<typeof renderSignedIn>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Rex' }));
  return screen.findByRole('dialog', { name: 'Report against Rex' });
}

describe('ReportsTab', () => {
  it('lists open reports; one opens claimed, beside the member’s history, and is actioned with a note', async () => {
    let open = [report()];
    const api = mockApi({
      ...NO_DISPUTES,
      'GET /api/admin/reports': ({ query }) => {
        expect(query).toBe('status=open');
        return { body: { items: open } };
      },
      [CLAIM]: { body: { queue: 'reports', item_id: ID, expires_at: expiresAt } },
      [`GET /api/admin/reports/${ID}/history`]: { body: history },
      [DECIDE]: () => {
        open = [];
        return {
          body: { id: ID, status: 'resolved', outcome: 'actioned', resolved_at: new Date().toISOString() },
        };
      },
    });
    const { user } = renderSignedIn(<ReportsTab />, { me: admin });
    const row = (await screen.findByRole('rowheader', { name: 'Rex' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Harassment')).toBeInTheDocument();
    expect(within(row).getByText('Rita')).toBeInTheDocument();

    const dialog = await openReport(user);
    expect(
      await within(dialog).findByText(`Claimed by you until ${claimUntilTime(expiresAt)}`),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Kept messaging after I said no.')).toBeInTheDocument();
    // The history beside it: the earlier report and how it ended.
    const earlier = (await within(dialog).findByText('Scam or fraud')).closest('li') as HTMLElement;
    expect(earlier).toHaveTextContent('Dismissed');
    expect(within(dialog).getByRole('link', { name: 'Open Rex in Users' })).toHaveAttribute(
      'href',
      `/admin?tab=users&member=${REPORTED}`,
    );

    await user.type(within(dialog).getByLabelText('Note for the audit log (optional)'), 'Warned.');
    await user.click(within(dialog).getByRole('button', { name: 'Actioned' }));
    expect(await screen.findByText('Report actioned')).toBeInTheDocument();
    expect(api.callsTo(DECIDE)[0]?.body).toEqual({ outcome: 'actioned', note: 'Warned.' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The list is read again; the decision took the claim with it, so nothing is released.
    expect(await screen.findByText('No open reports')).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/reports')).toHaveLength(2);
    expect(api.callsTo(RELEASE)).toHaveLength(0);
  });

  it('says when another admin holds the report, and keeps its decisions off', async () => {
    const api = mockApi({
      ...NO_DISPUTES,
      'GET /api/admin/reports': { body: { items: [report()] } },
      [CLAIM]: apiError(409, 'CLAIMED_BY_OTHER', 'Another admin is working on this item'),
      [`GET /api/admin/reports/${ID}/history`]: { body: { ...history, earlier: [] } },
    });
    const { user } = renderSignedIn(<ReportsTab />, { me: admin });
    const dialog = await openReport(user);
    expect(await within(dialog).findByText('Another admin is working on this item')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Actioned' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Dismissed' })).toBeDisabled();
    expect(await within(dialog).findByText('No earlier reports')).toBeInTheDocument();
    // Not this admin's claim: closing lets go of nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(RELEASE)).toHaveLength(0);
  });

  it('says why a decision was refused, keeps the report open, and releases the claim when closed undecided', async () => {
    const api = mockApi({
      ...NO_DISPUTES,
      'GET /api/admin/reports': { body: { items: [report()] } },
      [CLAIM]: { body: { queue: 'reports', item_id: ID, expires_at: expiresAt } },
      [RELEASE]: { status: 204 },
      [`GET /api/admin/reports/${ID}/history`]: { body: history },
      [DECIDE]: apiError(409, 'CONFLICT', 'This report was already decided'),
    });
    const { user } = renderSignedIn(<ReportsTab />, { me: admin });
    const dialog = await openReport(user);
    await within(dialog).findByText(/Claimed by you until/);
    await user.click(within(dialog).getByRole('button', { name: 'Dismissed' }));
    expect(await screen.findByText('Failed to decide report')).toBeInTheDocument();
    expect(screen.getByText('This report was already decided')).toBeInTheDocument();
    expect(api.callsTo(DECIDE)[0]?.body).toEqual({ outcome: 'dismissed' });
    // Decided elsewhere: the list is read again.
    await expect.poll(() => api.callsTo('GET /api/admin/reports').length).toBe(2);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await expect.poll(() => api.callsTo(RELEASE).length).toBe(1);
  });

  it('says when no report is open', async () => {
    mockApi({ ...NO_DISPUTES, 'GET /api/admin/reports': { body: { items: [] } } });
    renderSignedIn(<ReportsTab />, { me: admin });
    expect(await screen.findByText('No open reports')).toBeInTheDocument();
    expect(screen.getByText('Reports members file appear here.')).toBeInTheDocument();
  });

  it('holds the members’ reports and the date disputes, each under its heading', async () => {
    mockApi({ ...NO_DISPUTES, 'GET /api/admin/reports': { body: { items: [report()] } } });
    renderSignedIn(<ReportsTab />, { me: admin });
    const reports = screen.getByRole('region', { name: 'Member reports' });
    expect(await within(reports).findByRole('rowheader', { name: 'Rex' })).toBeInTheDocument();
    const disputes = screen.getByRole('region', { name: 'Date disputes' });
    expect(await within(disputes).findByText('No open date disputes')).toBeInTheDocument();
  });
});
