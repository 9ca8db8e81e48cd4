import type { QueuedSupportRequest } from '@royal/shared';
import { apiError, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { claimUntilTime } from './queue-item-dialog';
import { SupportTab } from './support-tab';

const admin = makeMe({ roles: ['user', 'admin'] });
const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
const id = (n: number) => `5555555${n}-5555-4555-8555-555555555555`;
const supportRequest = (n: number, name: string): QueuedSupportRequest => ({
  id: id(n),
  topic: 'wallet',
  status: 'open',
  message: `My deposit ${n} has not arrived.\nIt has been two days.`,
  created_at: new Date(Date.now() - 3_600_000 * (10 - n)).toISOString(),
  member: { id: `6666666${n}-6666-4666-8666-666666666666`, name },
});
const claimed = (n: number) => ({
  body: { queue: 'support-requests', item_id: id(n), expires_at: expiresAt },
});

describe('SupportTab', () => {
  it('lists open requests oldest first, page by page; one opens claimed, is read and closed', async () => {
    // The server's queue, a request a page.
    let open = [supportRequest(1, 'Giulia'), supportRequest(2, 'Hana')];
    const api = mockApi({
      'GET /api/admin/support-requests': ({ query }) => {
        const params = new URLSearchParams(query);
        expect(params.get('status')).toBe('open');
        expect(params.get('order')).toBe('oldest');
        const at = params.get('cursor') === 'page-2' ? 1 : 0;
        return {
          body: { items: open.slice(at, at + 1), next_cursor: open.length > at + 1 ? 'page-2' : null },
        };
      },
      [`POST /api/admin/queues/support-requests/${id(1)}/claim`]: claimed(1),
      [`POST /api/admin/support-requests/${id(1)}/close`]: () => {
        open = open.slice(1);
        return { body: { id: id(1), topic: 'wallet', status: 'closed', created_at: expiresAt } };
      },
    });
    const { user } = renderSignedIn(<SupportTab />, { me: admin });
    expect(await screen.findByRole('rowheader', { name: 'Giulia' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('rowheader', { name: 'Hana' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Giulia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Escrow wallet from Giulia' });
    expect(
      await within(dialog).findByText(`Claimed by you until ${claimUntilTime(expiresAt)}`),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/It has been two days\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close Request' }));
    expect(await screen.findByText('Support request closed')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/support-requests/${id(1)}/close`)).toHaveLength(1);
    expect(await screen.findByRole('rowheader', { name: 'Hana' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Giulia' })).not.toBeInTheDocument();
  });

  it('keeps Close Request off while another admin holds the request', async () => {
    mockApi({
      'GET /api/admin/support-requests': {
        body: { items: [supportRequest(1, 'Giulia')], next_cursor: null },
      },
      [`POST /api/admin/queues/support-requests/${id(1)}/claim`]: apiError(
        409,
        'CLAIMED_BY_OTHER',
        'Another admin is working on this item',
      ),
    });
    const { user } = renderSignedIn(<SupportTab />, { me: admin });
    await user.click(await screen.findByRole('button', { name: 'Giulia' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Another admin is working on this item')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close Request' })).toBeDisabled();
  });

  it('says why closing failed', async () => {
    mockApi({
      'GET /api/admin/support-requests': {
        body: { items: [supportRequest(1, 'Giulia')], next_cursor: null },
      },
      [`POST /api/admin/queues/support-requests/${id(1)}/claim`]: claimed(1),
      [`POST /api/admin/support-requests/${id(1)}/close`]: apiError(
        409,
        'CLAIMED_BY_OTHER',
        'Another admin is working on this item',
      ),
    });
    const { user } = renderSignedIn(<SupportTab />, { me: admin });
    await user.click(await screen.findByRole('button', { name: 'Giulia' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/Claimed by you until/);
    await user.click(within(dialog).getByRole('button', { name: 'Close Request' }));
    expect(await screen.findByText('Failed to close support request')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says when no request is open, and when the list failed', async () => {
    let fail = true;
    mockApi({
      'GET /api/admin/support-requests': () =>
        fail ? apiError(500, 'INTERNAL', 'Something went wrong') : { body: { items: [], next_cursor: null } },
    });
    const { user } = renderSignedIn(<SupportTab />, { me: admin });
    expect(await screen.findByText('Failed to load support requests')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No open support requests')).toBeInTheDocument();
  });
});
