import {
  DEPOSITS_START_TEXT,
  ROMANCE_SCAM_WARNING_TEXT,
  WALLET_EMAIL_UNCONFIRMED_TEXT,
  type Wallet,
  type WalletHistoryPage,
} from '@royal/shared';
import { apiError, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WalletDialog } from './wallet-dialog';

const WALLET: Wallet = {
  balance_cents: 12_345,
  held_cents: 0,
  tier_level: 2,
  min_escrow_cents: 25_000,
  max_escrow_cents: 75_000,
};
const EMPTY_HISTORY: WalletHistoryPage = { items: [], next_cursor: null };
const RECEIVER = '7d1c3f4e-1111-4222-8333-444455556666';

function renderWallet(routes: Parameters<typeof mockApi>[0] = {}, me = makeMe({ tier_level: 2 })) {
  const api = mockApi({
    'GET /api/wallet': { body: WALLET },
    'GET /api/wallet/transactions': { body: EMPTY_HISTORY },
    ...routes,
  });
  const view = renderSignedIn(<WalletDialog open onOpenChange={() => {}} />, { me });
  return { ...view, api };
}

/** The Idempotency-Key header of each recorded request to `path`. */
function keysSentTo(path: string): string[] {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([input]) => String(input).startsWith(path))
    .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'] as string);
}

afterEach(() => vi.unstubAllGlobals());

/** Radix tabs switch on mousedown. */
async function openTab(name: 'Transfer' | 'Withdraw') {
  // (A text query: role queries over the whole dialog are slow in jsdom.)
  const tab = await screen.findByText(name, { selector: '[role="tab"]' });
  fireEvent.mouseDown(tab, { button: 0 });
}

async function openTransferTab() {
  await openTab('Transfer');
  await screen.findByLabelText('Receiver user ID');
}

describe('WalletDialog', () => {
  describe('for a member whose e-mail is not confirmed (decision 056)', () => {
    const unconfirmed = () => makeMe({ tier_level: 2, email_confirmed: false });

    it('shows Deposit and Send Transfer disabled, saying why, and asks the server nothing', async () => {
      const { user, api } = renderWallet({}, unconfirmed());
      const deposit = await screen.findByRole('button', { name: 'Deposit' });
      expect(deposit).toBeDisabled();
      expect(deposit).toHaveAccessibleDescription(WALLET_EMAIL_UNCONFIRMED_TEXT);
      await user.type(screen.getByLabelText('Amount (USD)'), '25');
      await user.click(deposit);
      await user.keyboard('{Enter}');

      await openTransferTab();
      const send = screen.getByRole('button', { name: 'Send Transfer' });
      expect(send).toBeDisabled();
      expect(send).toHaveAccessibleDescription(WALLET_EMAIL_UNCONFIRMED_TEXT);
      expect(api.callsTo('POST /api/wallet/deposits')).toHaveLength(0);
      expect(api.callsTo('POST /api/wallet/transfers')).toHaveLength(0);
    });

    it('leaves Withdraw open: it pays out the member’s own money, as the server allows', async () => {
      renderWallet({}, unconfirmed());
      await openTab('Withdraw');
      const withdraw = await screen.findByRole('button', { name: 'Withdraw' });
      expect(withdraw).toBeEnabled();
      expect(screen.queryByText(WALLET_EMAIL_UNCONFIRMED_TEXT)).not.toBeInTheDocument();
    });

    it('shows nothing of it to a confirmed member', async () => {
      renderWallet();
      expect(await screen.findByRole('button', { name: 'Deposit' })).toBeEnabled();
      expect(screen.queryByText(WALLET_EMAIL_UNCONFIRMED_TEXT)).not.toBeInTheDocument();
    });
  });

  it('shows the balance and the tier’s escrow range', async () => {
    renderWallet();
    const dialog = await screen.findByRole('dialog', { name: 'Escrow Wallet' });
    expect(await within(dialog).findByTestId('wallet-balance')).toHaveTextContent('$123.45');
    expect(within(dialog).getByText('Your tier’s escrow range: $250 – $750')).toBeInTheDocument();
    expect(await within(dialog).findByText('No transactions yet.')).toBeInTheDocument();
  });

  it('tells an Observer before any form that deposits start at Basic Access, with Upgrade', async () => {
    mockApi({
      'GET /api/wallet': {
        body: { ...WALLET, balance_cents: 0, tier_level: 0, min_escrow_cents: 0, max_escrow_cents: 0 },
      },
      'GET /api/wallet/transactions': { body: EMPTY_HISTORY },
    });
    renderSignedIn(<WalletDialog open onOpenChange={() => {}} />, { me: makeMe({ tier_level: 0 }) });
    const dialog = await screen.findByRole('dialog', { name: 'Escrow Wallet' });
    const deposit = within(dialog).getByRole('tabpanel');
    expect(deposit).toHaveTextContent(DEPOSITS_START_TEXT);
    expect(DEPOSITS_START_TEXT).toMatch(/^Deposits start at Basic Access\./);
    expect(within(deposit).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription');
    expect(within(deposit).queryByLabelText('Amount (USD)')).toBeNull();
  });

  it('refuses an amount under $1.00 with the spec’s text, without asking the server', async () => {
    const { user, api } = renderWallet();
    await user.type(await screen.findByLabelText('Amount (USD)'), '0.5');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText('Minimum deposit is $1.00')).toBeInTheDocument();
    expect(screen.getByText('Invalid amount')).toBeInTheDocument();
    expect(api.callsTo('POST /api/wallet/deposits')).toEqual([]);
  });

  it('starts a deposit in cents with an Idempotency-Key and opens the checkout in a new tab', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const url = 'http://localhost/sandbox/checkout/0f6a2b1e-1111-4222-8333-444455556666';
    const { user, api } = renderWallet({
      'POST /api/wallet/deposits': { body: { checkout_id: '0f6a2b1e-1111-4222-8333-444455556666', url } },
    });
    await user.type(await screen.findByLabelText('Amount (USD)'), '150.25');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText('Redirecting to payment')).toBeInTheDocument();
    expect(screen.getByText('Complete your deposit in the new tab')).toBeInTheDocument();
    expect(api.callsTo('POST /api/wallet/deposits')[0]?.body).toEqual({ amount_cents: 15_025 });
    expect(keysSentTo('/api/wallet/deposits')[0]).toMatch(/^[\w-]{8,}$/);
    expect(tab.location.href).toBe(url);
    expect(tab.opener).toBeNull();
  });

  it('needs a receiver for a transfer', async () => {
    const { user, api } = renderWallet();
    await openTransferTab();
    await user.type(screen.getByLabelText('Amount (USD)'), '10');
    await user.click(screen.getByRole('button', { name: 'Send Transfer' }));
    expect(await screen.findByText('Receiver required')).toBeInTheDocument();
    expect(api.callsTo('POST /api/wallet/transfers')).toEqual([]);
  });

  // The server asks for a new match, and for a large amount (one transfer, or what was sent the same
  // member in 24 hours): the dialog shows its warning with the reason's own line first.
  it.each([
    ['new_match', 'You matched with this member less than 24 hours ago.'],
    ['large_amount', 'With this transfer you would send this member $500.00 or more within 24 hours.'],
  ])(
    'shows the romance-scam warning (%s) and why, and sends again, confirmed, under a new key',
    async (reason, why) => {
      let attempt = 0;
      const { user, api } = renderWallet({
        'POST /api/wallet/transfers': () =>
          ++attempt === 1
            ? {
                status: 409,
                body: {
                  error: {
                    code: 'CONFIRMATION_REQUIRED',
                    message: ROMANCE_SCAM_WARNING_TEXT,
                    details: { reason },
                  },
                },
              }
            : {
                body: {
                  transfer: {
                    id: '9a9a9a9a-1111-4222-8333-444455556666',
                    receiver_id: RECEIVER,
                    amount_cents: 2_500,
                    transfer_type: 'gift',
                    status: 'held',
                    release_at: new Date(Date.now() + 3_600_000).toISOString(),
                  },
                  new_balance_cents: 9_845,
                },
              },
      });
      await openTransferTab();
      await user.type(screen.getByLabelText('Receiver user ID'), RECEIVER);
      await user.type(screen.getByLabelText('Amount (USD)'), '25');
      await user.selectOptions(screen.getByLabelText('Transfer type'), 'gift');
      await user.click(screen.getByRole('button', { name: 'Send Transfer' }));

      const warning = await screen.findByRole('alert');
      expect(within(warning).getByText(why)).toBeInTheDocument();
      expect(warning).toHaveTextContent(ROMANCE_SCAM_WARNING_TEXT);
      await user.click(within(warning).getByRole('button', { name: 'I understand, send it' }));
      expect(await screen.findByText('Transfer sent')).toBeInTheDocument();

      const [first, second] = api.callsTo('POST /api/wallet/transfers');
      expect(first?.body).toEqual({ receiver_id: RECEIVER, amount_cents: 2_500, transfer_type: 'gift' });
      expect(second?.body).toEqual({
        receiver_id: RECEIVER,
        amount_cents: 2_500,
        transfer_type: 'gift',
        confirmed: true,
      });
      const [firstKey, secondKey] = keysSentTo('/api/wallet/transfers');
      expect(firstKey).not.toBe(secondKey);
    },
  );

  it('shows a failed transfer with the server’s message', async () => {
    const { user } = renderWallet({
      'POST /api/wallet/transfers': apiError(422, 'INSUFFICIENT_FUNDS', 'Insufficient funds'),
    });
    await openTransferTab();
    await user.type(screen.getByLabelText('Receiver user ID'), RECEIVER);
    await user.type(screen.getByLabelText('Amount (USD)'), '500');
    await user.click(screen.getByRole('button', { name: 'Send Transfer' }));
    expect(await screen.findByText('Transfer failed')).toBeInTheDocument();
    expect(screen.getByText('Insufficient funds')).toBeInTheDocument();
  });

  describe('the Idempotency-Key after a failure', () => {
    const INSUFFICIENT = apiError(422, 'INSUFFICIENT_FUNDS', 'Insufficient funds');
    const UNAVAILABLE = apiError(503, 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable.');

    /** Each money form: how to fill it in, its button, and the path its request goes to. */
    const FORMS = {
      deposit: { tab: 'Deposit', button: 'Deposit', path: '/api/wallet/deposits' },
      withdraw: { tab: 'Withdraw', button: 'Withdraw', path: '/api/wallet/withdrawals' },
      transfer: { tab: 'Transfer', button: 'Send Transfer', path: '/api/wallet/transfers' },
    } as const;

    /** Fills in `form`, then presses its button twice without an edit; returns the two keys sent. */
    async function pressTwice(form: keyof typeof FORMS, reply: ReturnType<typeof apiError>) {
      const { tab, button, path } = FORMS[form];
      // A deposit opens the payment tab during the click (closed again on the failure).
      vi.stubGlobal(
        'open',
        vi.fn(() => ({ opener: {}, location: { href: '' }, close: vi.fn() })),
      );
      const { user, api } = renderWallet({ [`POST ${path}`]: reply });
      fireEvent.mouseDown(await screen.findByText(tab, { selector: '[role="tab"]' }), { button: 0 });
      if (form === 'transfer') {
        await user.type(await screen.findByLabelText('Receiver user ID'), RECEIVER);
      }
      await user.type(screen.getByLabelText('Amount (USD)'), '50');
      for (const press of [1, 2]) {
        await user.click(screen.getByRole('button', { name: button }));
        await waitFor(() => expect(api.callsTo(`POST ${path}`)).toHaveLength(press));
        await waitFor(() => expect(screen.getByRole('button', { name: button })).toBeEnabled());
      }
      return keysSentTo(path);
    }

    // The server replays a stored refusal for its key: after a top-up the same key would still
    // answer 'Insufficient funds'.
    it.each(Object.keys(FORMS) as Array<keyof typeof FORMS>)(
      '%s: the press after a refusal (4xx) is a new attempt, under a new key',
      async (form) => {
        const [first, second] = await pressTwice(form, INSUFFICIENT);
        expect(first).toMatch(/^[\w-]{8,}$/);
        expect(second).toMatch(/^[\w-]{8,}$/);
        expect(second).not.toBe(first);
      },
    );

    it('keeps the key to retry the same attempt after a server failure (5xx)', async () => {
      const [first, second] = await pressTwice('withdraw', UNAVAILABLE);
      expect(first).toMatch(/^[\w-]{8,}$/);
      expect(second).toBe(first);
    });
  });

  it('strikes through a transfer that failed and came back, as a cancelled one, and says it came back', async () => {
    const row = (status: 'failed' | 'voided' | 'completed', name: string) => ({
      id: crypto.randomUUID(),
      amount_cents: -2_500,
      transaction_type: 'transfer' as const,
      transfer_type: 'gift' as const,
      counterparty: { id: RECEIVER, name },
      message: null,
      status,
      transfer_id: crypto.randomUUID(),
      created_at: new Date().toISOString(),
    });
    const failedWithdrawal = {
      ...row('failed', ''),
      transaction_type: 'withdrawal' as const,
      transfer_type: null,
      counterparty: null,
      transfer_id: null,
    };
    renderWallet({
      'GET /api/wallet/transactions': {
        body: {
          items: [
            row('failed', 'Ginevra'),
            row('voided', 'Cancelled'),
            row('completed', 'Sent'),
            failedWithdrawal,
          ],
          next_cursor: null,
        },
      },
    });
    const [returned, cancelled, sent, withdrawal] = (await screen.findAllByTestId(
      'wallet-history-row',
    )) as HTMLElement[];
    // A held transfer that could not be delivered went back to the balance (decision 027).
    expect(returned).toHaveTextContent('· Returned');
    expect(returned).not.toHaveTextContent('Failed');
    expect(within(returned as HTMLElement).getByText('−$25.00')).toHaveClass('line-through');
    expect(within(cancelled as HTMLElement).getByText('−$25.00')).toHaveClass('line-through');
    expect(within(sent as HTMLElement).getByText('−$25.00')).not.toHaveClass('line-through');
    expect(withdrawal).toHaveTextContent('· Failed');
  });

  it('lists the history and cancels a held transfer', async () => {
    const transferId = '5b5b5b5b-1111-4222-8333-444455556666';
    const history: WalletHistoryPage = {
      items: [
        {
          id: '1c1c1c1c-1111-4222-8333-444455556666',
          amount_cents: -2_500,
          transaction_type: 'transfer',
          transfer_type: 'gift',
          counterparty: { id: RECEIVER, name: 'Giulia' },
          message: null,
          status: 'pending',
          transfer_id: transferId,
          created_at: new Date().toISOString(),
        },
        {
          id: '2d2d2d2d-1111-4222-8333-444455556666',
          amount_cents: 10_000,
          transaction_type: 'deposit',
          transfer_type: null,
          counterparty: null,
          message: null,
          status: 'completed',
          transfer_id: null,
          created_at: new Date().toISOString(),
        },
      ],
      next_cursor: null,
    };
    const { user, api } = renderWallet({
      'GET /api/wallet/transactions': { body: history },
      [`POST /api/wallet/transfers/${transferId}/cancel`]: {
        body: {
          transfer: {
            id: transferId,
            receiver_id: RECEIVER,
            amount_cents: 2_500,
            transfer_type: 'gift',
            status: 'cancelled',
            release_at: null,
          },
          new_balance_cents: 12_345,
        },
      },
    });
    const rows = await screen.findAllByTestId('wallet-history-row');
    expect(rows[0]).toHaveTextContent('Gift to Giulia');
    expect(rows[0]).toHaveTextContent('−$25.00');
    expect(rows[1]).toHaveTextContent('Deposit');
    expect(rows[1]).toHaveTextContent('+$100.00');
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(api.callsTo(`POST /api/wallet/transfers/${transferId}/cancel`)).toHaveLength(1),
    );
    expect(await screen.findByText('Transfer cancelled')).toBeInTheDocument();
  });
});
