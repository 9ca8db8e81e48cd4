import type { AdminVerificationItem } from '@royal/shared';
import { apiError, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VerificationTab } from './verification-tab';

const ID = '22222222-2222-4222-8222-222222222222';
const item = (overrides: Partial<AdminVerificationItem> = {}): AdminVerificationItem => ({
  id: ID,
  verification_type: 'selfie',
  status: 'pending',
  id_type: 'drivers_license',
  created_at: new Date(Date.now() - 3_600_000).toISOString(),
  reviewed_at: null,
  rejection_reason: null,
  member: {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Amara',
    age: 29,
    city: 'Miami',
    state: 'FL',
    tier_level: 1,
  },
  has_selfie: true,
  has_id: true,
  ...overrides,
});
const links = {
  selfie_url: `/api/verification/documents/${ID}/selfie?expires=1&signature=s`,
  id_url: `/api/verification/documents/${ID}/id?expires=1&signature=i`,
  expires_at: new Date(Date.now() + 300_000).toISOString(),
};
const admin = makeMe({ roles: ['user', 'admin'] });

describe('VerificationTab', () => {
  it('lists pending requests with the member, the images through their links, and approves', async () => {
    let pending = [item()];
    const api = mockApi({
      'GET /api/admin/verification-requests': ({ query }) => ({
        body: { items: query === 'status=pending' ? pending : [] },
      }),
      [`POST /api/verification/requests/${ID}/links`]: { body: links },
      [`POST /api/admin/verification-requests/${ID}/approve`]: () => {
        pending = [];
        return { body: { ...item(), status: 'approved' } };
      },
    });
    const { user } = renderSignedIn(<VerificationTab />, { me: admin });
    expect(screen.getByRole('tab', { name: 'Pending Review' })).toHaveAttribute('aria-selected', 'true');
    const card = (await screen.findByRole('heading', { name: 'Amara, 29' })).closest(
      'article',
    ) as HTMLElement;
    expect(within(card).getByText('Miami, FL')).toBeInTheDocument();
    expect(within(card).getByText("Selfie and ID · Driver's License")).toBeInTheDocument();
    expect(await within(card).findByRole('img', { name: 'ID of Amara' })).toHaveAttribute(
      'src',
      links.id_url,
    );
    expect(within(card).getByRole('img', { name: 'Selfie of Amara' })).toHaveAttribute(
      'src',
      links.selfie_url,
    );

    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Verification approved successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No pending review requests' })).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/verification-requests/${ID}/approve`)).toHaveLength(1);
  });

  it('rejects with the reason the admin writes, and says when it fails', async () => {
    const api = mockApi({
      'GET /api/admin/verification-requests': {
        body: { items: [item({ has_selfie: false, has_id: false })] },
      },
      [`POST /api/admin/verification-requests/${ID}/reject`]: apiError(
        409,
        'CONFLICT',
        'This verification was already reviewed',
      ),
    });
    const { user } = renderSignedIn(<VerificationTab />, { me: admin });
    const card = (await screen.findByRole('heading', { name: 'Amara, 29' })).closest(
      'article',
    ) as HTMLElement;
    // Images already deleted: no link is asked for.
    expect(within(card).getAllByText('Deleted after review')).toHaveLength(2);
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    await user.type(within(card).getByLabelText('Rejection reason'), 'Selfie too dark');
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Failed to reject verification')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/verification-requests/${ID}/reject`)[0]?.body).toEqual({
      reason: 'Selfie too dark',
    });
    expect(api.callsTo(`POST /api/verification/requests/${ID}/links`)).toHaveLength(0);
  });

  it('says when a request expired while the admin looked at it, and reads the list again', async () => {
    let pending = [item()];
    const api = mockApi({
      'GET /api/admin/verification-requests': ({ query }) => ({
        body: { items: query === 'status=pending' ? pending : [] },
      }),
      [`POST /api/verification/requests/${ID}/links`]: { body: links },
      [`POST /api/admin/verification-requests/${ID}/approve`]: () => {
        pending = [];
        return apiError(409, 'CONFLICT', 'This verification request expired before it was reviewed');
      },
    });
    const { user } = renderSignedIn(<VerificationTab />, { me: admin });
    const card = (await screen.findByRole('heading', { name: 'Amara, 29' })).closest(
      'article',
    ) as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Failed to approve verification')).toBeInTheDocument();
    expect(screen.getByText('This verification request expired before it was reviewed')).toBeInTheDocument();
    // The request is no longer pending: the list is read again and its card goes.
    expect(await screen.findByRole('heading', { name: 'No pending review requests' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/verification-requests')).toHaveLength(2);
  });

  it('lists expired requests without decisions, their images deleted by the expiry', async () => {
    let expired: AdminVerificationItem[] = [];
    const api = mockApi({
      'GET /api/admin/verification-requests': ({ query }) => ({
        body: { items: query === 'status=expired' ? expired : [] },
      }),
    });
    const { user } = renderSignedIn(<VerificationTab />, { me: admin });
    await user.click(screen.getByRole('tab', { name: 'Expired' }));
    expect(await screen.findByRole('heading', { name: 'No expired requests' })).toBeInTheDocument();
    expect(screen.getByText('Requests nobody reviewed within 30 days appear here.')).toBeInTheDocument();

    expired = [item({ status: 'expired', has_selfie: false, has_id: false })];
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const card = (await screen.findByRole('heading', { name: 'Amara, 29' })).closest(
      'article',
    ) as HTMLElement;
    expect(within(card).getAllByText('Deleted: expired before review')).toHaveLength(2);
    expect(within(card).queryByText('Deleted after review')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(api.callsTo(`POST /api/verification/requests/${ID}/links`)).toHaveLength(0);
  });

  it('says what each empty list holds', async () => {
    mockApi({ 'GET /api/admin/verification-requests': { body: { items: [] } } });
    const { user } = renderSignedIn(<VerificationTab />, { me: admin });
    expect(await screen.findByText('New submissions appear here.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    expect(await screen.findByText('Approved requests appear here.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    expect(await screen.findByText('Rejected requests appear here.')).toBeInTheDocument();
  });

  it('shows decided requests with the reason and reviewed time under their tab', async () => {
    mockApi({
      'GET /api/admin/verification-requests': ({ query }) => ({
        body: {
          items:
            query === 'status=rejected'
              ? [
                  item({
                    status: 'rejected',
                    rejection_reason: 'Does not meet verification standards',
                    reviewed_at: new Date().toISOString(),
                    has_id: false,
                    has_selfie: false,
                  }),
                ]
              : [],
        },
      }),
    });
    const { user } = renderSignedIn(<VerificationTab />, { me: admin });
    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    expect(await screen.findByText('Does not meet verification standards')).toBeInTheDocument();
    expect(screen.getByText(/^Reviewed /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});
