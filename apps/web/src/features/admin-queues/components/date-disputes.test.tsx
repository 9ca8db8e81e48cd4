import type { DatePlanDispute } from '@royal/shared';
import { apiError, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateDisputes, settlementText } from './date-disputes';

const ID = '11111111-1111-4111-8111-111111111111';
const ANA = '22222222-2222-4222-8222-222222222222';
const BEN = '33333333-3333-4333-8333-333333333333';
const LIST = 'GET /api/admin/date-plans/disputes';
const DECIDE = `POST /api/admin/date-plans/${ID}/decide`;
const admin = makeMe({ roles: ['user', 'admin'] });
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

const dispute = (overrides: Partial<DatePlanDispute> = {}): DatePlanDispute => ({
  id: ID,
  starts_at: hoursAgo(6),
  place: { name: 'Café Royale', address: '1 Main St', verified: true },
  claimant: {
    id: ANA,
    name: 'Ana',
    deposit_cents: 2000,
    checked_in_at: hoursAgo(5.9),
    check_in_band: 'within_100m',
  },
  disputer: {
    id: BEN,
    name: 'Ben',
    deposit_cents: 1500,
    checked_in_at: null,
    check_in_band: null,
    statement: 'I was there at the bar; my phone had no signal.',
  },
  claimed_at: hoursAgo(3),
  disputed_at: hoursAgo(2),
  ...overrides,
});

async function openDispute(user: ReturnType<typeof renderSignedIn>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Ana' }));
  return screen.findByRole('dialog', { name: 'Ana’s no-show claim against Ben' });
}

describe('DateDisputes', () => {
  it('lists each dispute with both sides: deposits, check-ins, the place and the statement', async () => {
    mockApi({ [LIST]: { body: { items: [dispute()] } } });
    renderSignedIn(<DateDisputes />, { me: admin });
    const row = (await screen.findByRole('rowheader', { name: 'Ana' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Ben')).toBeInTheDocument();
    expect(within(row).getByText('Deposit $20.00')).toBeInTheDocument();
    expect(within(row).getByText(/^Checked in within 100 m · /)).toBeInTheDocument();
    expect(within(row).getByText('Deposit $15.00')).toBeInTheDocument();
    expect(within(row).getByText('Did not check in')).toBeInTheDocument();
    expect(within(row).getByText('Café Royale')).toBeInTheDocument();
    expect(within(row).getByText('I was there at the bar; my phone had no signal.')).toBeInTheDocument();
  });

  it('says when no dispute is open', async () => {
    mockApi({ [LIST]: { body: { items: [] } } });
    renderSignedIn(<DateDisputes />, { me: admin });
    expect(await screen.findByText('No open date disputes')).toBeInTheDocument();
    expect(
      screen.getByText('When a member disputes a no-show claim, it appears here with both sides.'),
    ).toBeInTheDocument();
  });

  it('upholds a claim after a confirm step that says where the money goes, then reads the list again', async () => {
    let open = [dispute()];
    const api = mockApi({
      [LIST]: () => ({ body: { items: open } }),
      [DECIDE]: () => {
        open = [];
        return { body: { id: ID, status: 'settled', outcome: 'uphold' } };
      },
    });
    const { user } = renderSignedIn(<DateDisputes />, { me: admin });
    const dialog = await openDispute(user);
    expect(within(dialog).getByText('I was there at the bar; my phone had no signal.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open Ben in Users' })).toHaveAttribute(
      'href',
      `/admin?tab=users&member=${BEN}`,
    );

    await user.type(
      within(dialog).getByLabelText('Note for the audit log (optional)'),
      ' Venue log checked. ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Uphold claim' }));
    // Nothing is sent before the admin confirms, and the confirm step takes the focus.
    const confirm = within(dialog).getByRole('region', { name: 'Uphold the no-show claim?' });
    expect(confirm).toHaveFocus();
    expect(confirm).toHaveTextContent(
      'Ana’s $20.00 deposit returns to Ana. Ben’s $15.00 deposit goes to Ana.',
    );
    expect(api.callsTo(DECIDE)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Uphold and settle' }));
    expect(await screen.findByText('No-show claim upheld')).toBeInTheDocument();
    expect(api.callsTo(DECIDE)[0]?.body).toEqual({ outcome: 'uphold', note: 'Venue log checked.' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('No open date disputes')).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(2);
  });

  it('says why a second decision was refused (409), keeps the dialog open and reads the list again', async () => {
    const api = mockApi({
      [LIST]: { body: { items: [dispute()] } },
      [DECIDE]: apiError(409, 'CONFLICT', 'This date plan has no open dispute'),
    });
    const { user } = renderSignedIn(<DateDisputes />, { me: admin });
    const dialog = await openDispute(user);
    await user.click(within(dialog).getByRole('button', { name: 'Reject claim' }));
    expect(within(dialog).getByRole('region', { name: 'Reject the no-show claim?' })).toHaveTextContent(
      'Ana’s $20.00 deposit returns to Ana. Ben’s $15.00 deposit returns to Ben.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject and settle' }));
    expect(await screen.findByText('Failed to decide dispute')).toBeInTheDocument();
    expect(screen.getByText('This date plan has no open dispute')).toBeInTheDocument();
    expect(api.callsTo(DECIDE)[0]?.body).toEqual({ outcome: 'reject' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // Decided elsewhere: the list is read again.
    await expect.poll(() => api.callsTo(LIST).length).toBe(2);
  });

  it('goes back from the confirm step without deciding', async () => {
    const api = mockApi({ [LIST]: { body: { items: [dispute()] } } });
    const { user } = renderSignedIn(<DateDisputes />, { me: admin });
    const dialog = await openDispute(user);
    await user.click(within(dialog).getByRole('button', { name: 'Uphold claim' }));
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(
      within(dialog).queryByRole('region', { name: 'Uphold the no-show claim?' }),
    ).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reject claim' })).toBeInTheDocument();
    expect(api.callsTo(DECIDE)).toHaveLength(0);
  });
});

describe('settlementText', () => {
  it('names only the deposits that were put down', () => {
    const none = (side: DatePlanDispute['claimant']) => ({ ...side, deposit_cents: 0 });
    const base = dispute();
    expect(settlementText({ ...base, claimant: none(base.claimant) }, 'uphold')).toBe(
      'Ben’s $15.00 deposit goes to Ana.',
    );
    expect(settlementText({ ...base, disputer: { ...base.disputer, deposit_cents: 0 } }, 'reject')).toBe(
      'Ana’s $20.00 deposit returns to Ana.',
    );
    expect(
      settlementText(
        { ...base, claimant: none(base.claimant), disputer: { ...base.disputer, deposit_cents: 0 } },
        'uphold',
      ),
    ).toBe('Neither of them put down a deposit, so no money moves.');
  });
});
