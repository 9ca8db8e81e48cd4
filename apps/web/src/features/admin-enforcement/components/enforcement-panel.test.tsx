import {
  ENFORCEMENT_FAILED_TEXT,
  type EnforcementAction,
  MEMBER_SUSPENDED_TOAST,
  type MemberEnforcement,
  RESTRICTION_LIFTED_TOAST,
} from '@royal/shared';
import { apiError, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EnforcementPanel } from './enforcement-panel';

const admin = makeMe({ roles: ['user', 'admin'] });
const memberId = '77777777-7777-4777-8777-777777777777';
const member = { id: memberId, name: 'Zora', roles: ['user'] };
const ENFORCEMENT = `GET /api/admin/members/${memberId}/enforcement`;
const until = new Date(Date.now() + 7 * 86_400_000).toISOString();

const action = (over: Partial<EnforcementAction> = {}): EnforcementAction => ({
  id: '88888888-8888-4888-8888-888888888888',
  member_id: memberId,
  kind: 'suspend',
  reason_code: 'harassment',
  note: 'Three reports this week.',
  until,
  created_at: new Date().toISOString(),
  created_by: 'Ada Admin',
  live: true,
  lifted_at: null,
  lift_note: null,
  appeal_text: null,
  appealed_at: null,
  appeal_decision: null,
  decided_at: null,
  decision_note: null,
  ...over,
});

describe('EnforcementPanel', () => {
  it('suspends a member with a reason from the list, a period and a note; the panel then shows it', async () => {
    let state: MemberEnforcement = { live: null, history: [] };
    const api = mockApi({
      [ENFORCEMENT]: () => ({ body: state }),
      [`POST /api/admin/members/${memberId}/suspend`]: ({ body }) => {
        state = { live: action(), history: [action()] };
        return { body: { ...action(), ...(body as object) } };
      },
    });
    const { user } = renderSignedIn(<EnforcementPanel member={member} />, { me: admin });
    expect(await screen.findByText('Not suspended or banned')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Zora' });

    // Nothing chosen: the form says what is missing and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('Choose a reason from the list')).toBeInTheDocument();
    expect(within(dialog).getByText('Please add a note')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/members/${memberId}/suspend`)).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Harassment');
    await user.selectOptions(within(dialog).getByLabelText('Period'), '30 days');
    await user.type(within(dialog).getByLabelText(/Note for the team/), '  Three reports this week. ');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText(MEMBER_SUSPENDED_TOAST)).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/members/${memberId}/suspend`)[0]?.body).toEqual({
      reason_code: 'harassment',
      days: 30,
      note: 'Three reports this week.',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText(/^Suspended until/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lift' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ban' })).not.toBeInTheDocument();
  });

  it('lifts a live ban with a note; a refusal is a toast with the server’s reason', async () => {
    let lifts = 0;
    mockApi({
      [ENFORCEMENT]: () => ({
        body:
          lifts > 1
            ? { live: null, history: [action({ kind: 'ban', until: null, live: false })] }
            : {
                live: action({ kind: 'ban', until: null }),
                history: [action({ kind: 'ban', until: null })],
              },
      }),
      [`POST /api/admin/members/${memberId}/lift`]: () => {
        lifts += 1;
        return lifts === 1
          ? apiError(409, 'CONFLICT', 'This member is not suspended or banned')
          : { body: action({ kind: 'ban', until: null, live: false }) };
      },
    });
    const { user } = renderSignedIn(<EnforcementPanel member={member} />, { me: admin });
    expect(await screen.findByText('Banned')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift Zora’s restriction' });
    expect(within(dialog).queryByLabelText('Reason')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Note for the team/), 'Spoke with them.');
    await user.click(within(dialog).getByRole('button', { name: 'Lift' }));
    expect(await screen.findByText(ENFORCEMENT_FAILED_TEXT)).toBeInTheDocument();
    expect(screen.getByText('This member is not suspended or banned')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Lift' }));
    expect(await screen.findByText(RESTRICTION_LIFTED_TOAST)).toBeInTheDocument();
    expect(await screen.findByText('Not suspended or banned')).toBeInTheDocument();
    expect(screen.getByText('Earlier actions (1)')).toBeInTheDocument();
  });

  it('offers no action on an admin', async () => {
    mockApi({ [ENFORCEMENT]: { body: { live: null, history: [] } } });
    renderSignedIn(<EnforcementPanel member={{ ...member, roles: ['user', 'admin'] }} />, { me: admin });
    expect(await screen.findByText('Admins cannot be suspended or banned.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
  });
});
