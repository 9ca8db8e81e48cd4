import { APPEAL_LIFTED_TOAST, type EnforcementAppeal, NO_OPEN_APPEALS_TEXT } from '@royal/shared';
import { apiError, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EnforcementAppealsTab } from './enforcement-appeals-tab';

const admin = makeMe({ roles: ['user', 'admin'] });
const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
const actionId = '99999999-9999-4999-8999-999999999999';
const appeal: EnforcementAppeal = {
  action: {
    id: actionId,
    member_id: '77777777-7777-4777-8777-777777777777',
    kind: 'suspend',
    reason_code: 'spam',
    note: 'Links in every first message.',
    until: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    created_at: new Date(Date.now() - 86_400_000).toISOString(),
    created_by: 'Ada Admin',
    live: true,
    lifted_at: null,
    lift_note: null,
    appeal_text: 'Those were my own event pages.',
    appealed_at: new Date().toISOString(),
    appeal_decision: null,
    decided_at: null,
    decision_note: null,
  },
  member: { id: '77777777-7777-4777-8777-777777777777', name: 'Zora', email: 'zora@example.test' },
  claimed_by: null,
  claimed_by_me: false,
};
const CLAIM = `POST /api/admin/queues/enforcement-appeals/${actionId}/claim`;
const DECIDE = `POST /api/admin/enforcement-appeals/${actionId}/decide`;

describe('EnforcementAppealsTab', () => {
  it('lists appeals; one opens claimed, is read and lifted with a note', async () => {
    let open = [appeal];
    const api = mockApi({
      'GET /api/admin/enforcement-appeals': () => ({ body: { items: open } }),
      [CLAIM]: { body: { queue: 'enforcement-appeals', item_id: actionId, expires_at: expiresAt } },
      [DECIDE]: () => {
        open = [];
        return { body: { ...appeal.action, appeal_decision: 'lifted', live: false } };
      },
      'GET /api/admin/queues': { body: { queues: [] } },
    });
    const { user } = renderSignedIn(<EnforcementAppealsTab />, { me: admin });
    await user.click(await screen.findByRole('button', { name: 'Zora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal from Zora' });
    expect(within(dialog).getByText('Those were my own event pages.')).toBeInTheDocument();
    expect(await within(dialog).findByText(/Claimed by you until/)).toBeInTheDocument();

    // A decision needs a note.
    await user.click(within(dialog).getByRole('button', { name: 'Lift' }));
    expect(await within(dialog).findByText('Please add a note')).toBeInTheDocument();
    expect(api.callsTo(DECIDE)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Note for the team'), 'Event pages, not spam.');
    await user.click(within(dialog).getByRole('button', { name: 'Lift' }));
    expect(await screen.findByText(APPEAL_LIFTED_TOAST)).toBeInTheDocument();
    expect(api.callsTo(DECIDE)[0]?.body).toEqual({ outcome: 'lifted', note: 'Event pages, not spam.' });
    expect(await screen.findByText(NO_OPEN_APPEALS_TEXT)).toBeInTheDocument();
  });

  it('keeps Uphold and Lift off while another admin holds the appeal', async () => {
    mockApi({
      'GET /api/admin/enforcement-appeals': { body: { items: [{ ...appeal, claimed_by: 'Bea Admin' }] } },
      [CLAIM]: apiError(409, 'CLAIMED_BY_OTHER', 'Another admin is working on this item'),
    });
    const { user } = renderSignedIn(<EnforcementAppealsTab />, { me: admin });
    expect(await screen.findByRole('cell', { name: 'Bea Admin' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zora' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Another admin is working on this item')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Uphold' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Lift' })).toBeDisabled();
  });
});
