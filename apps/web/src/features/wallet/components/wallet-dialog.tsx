import {
  AppError,
  DEPOSITS_START_TEXT,
  dollarsToCents,
  escrowRangeLabel,
  formatCents,
  MIN_DEPOSIT_TEXT,
  MIN_MONEY_CENTS,
  MIN_TRANSFER_TEXT,
  MIN_WITHDRAWAL_TEXT,
  RECEIVER_HINT_TEXT,
  TRANSFER_TYPE_LABELS,
  TRANSFER_TYPES,
  type TransferType,
  tierCanDeposit,
  WALLET_EMAIL_UNCONFIRMED_TEXT,
  WALLET_TOASTS,
} from '@royal/shared';
import { Dialog, Tabs } from 'radix-ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ModalContent, ModalHeader } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentMember, usePaymentButton } from '@/features/auth';
import { errorMessage } from '@/lib/api';
import { openPendingTab } from '@/lib/new-tab';
import { paths } from '@/lib/paths';
import { usePaymentWatch } from '@/lib/payment-watch';
import { queryKeys } from '@/lib/query-keys';
import { useDeposit, useTransfer, useWallet, useWithdraw } from '../api/wallet';

import { useAttemptKey } from '../use-attempt-key';
import { guardReasonText, ScamWarning } from './scam-warning';
import { WalletHistory } from './wallet-history';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

const ACTIONS = [
  ['deposit', 'Deposit'],
  ['withdraw', 'Withdraw'],
  ['transfer', 'Transfer'],
] as const;

/** Part 2 §2: the Escrow Wallet dialog — balance, deposit, withdraw, transfer, and the history. */
export function WalletDialog({ open, onOpenChange }: Props) {
  const me = useCurrentMember();
  const wallet = useWallet(open);
  const watch = usePaymentWatch([queryKeys.wallet]);
  const balance = wallet.data?.balance_cents;
  const seenBalance = useRef(balance);
  // A new balance is the deposit's webhook having landed (or any other movement): stop watching.
  useEffect(() => {
    if (balance !== seenBalance.current) watch.settle();
    seenBalance.current = balance;
  }, [balance, watch.settle]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <ModalContent className="w-[min(32rem,calc(100vw-1.5rem))] text-left">
        <ModalHeader
          title="Escrow Wallet"
          description="Funds held safely in escrow for your dates and gifts."
        />

        <section
          aria-label="Balance"
          className="mt-4 rounded-2xl bg-gradient-to-br from-royal-700 via-royal-900 to-royal-950 p-4 sm:p-5 text-white shadow-lg ring-1 ring-gold-400/40"
        >
          <p className="font-semibold text-gold-200/90 text-xs uppercase tracking-[0.18em]">
            Available balance
          </p>
          {wallet.isSuccess ? (
            <>
              <p className="mt-1 font-display text-4xl text-gold-200" data-testid="wallet-balance">
                {formatCents(wallet.data.balance_cents)}
              </p>
              {watch.awaiting && (
                <div className="mt-1 flex items-center gap-2 text-sm text-white/80" role="status">
                  <Spinner className="size-4 text-gold-300" /> Waiting for your payment…
                </div>
              )}
              {wallet.data.held_cents > 0 && (
                <p className="mt-1 text-sm text-white/80">{formatCents(wallet.data.held_cents)} on hold</p>
              )}
              <p className="mt-2 text-white/70 text-xs">
                Your tier’s escrow range: {escrowRangeLabel(wallet.data.tier_level)}
              </p>
            </>
          ) : wallet.isError ? (
            <p className="mt-2 text-sm">{errorMessage(wallet.error)}</p>
          ) : (
            <Spinner className="mt-3 text-gold-300" />
          )}
        </section>

        <Tabs.Root defaultValue="deposit" className="mt-4 flex flex-col gap-4">
          <Tabs.List
            aria-label="Wallet actions"
            className="grid grid-cols-3 gap-1 rounded-2xl border border-border bg-surface-muted p-1"
          >
            {ACTIONS.map(([tab, label]) => (
              <Tabs.Trigger
                key={tab}
                value={tab}
                className="min-h-11 cursor-pointer rounded-xl px-2 font-semibold text-muted-foreground text-sm transition hover:text-foreground data-[state=active]:bg-surface data-[state=active]:text-foreground data-[state=active]:shadow-sm"
              >
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="deposit">
            {tierCanDeposit(me.tier_level) ? (
              <DepositForm onStarted={watch.start} />
            ) : (
              <DepositsStartAtBasic />
            )}
          </Tabs.Content>
          <Tabs.Content value="withdraw">
            <WithdrawForm />
          </Tabs.Content>
          <Tabs.Content value="transfer">
            <TransferForm />
          </Tabs.Content>
        </Tabs.Root>

        <WalletHistory enabled={open} />
      </ModalContent>
    </Dialog.Root>
  );
}

/** The amount field: dollars, min 1, step 0.01 (the spec's input). */
function AmountField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-semibold text-foreground text-sm">
        Amount (USD)
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={1}
        step={0.01}
        placeholder="0.00"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-11 rounded-xl border border-border bg-surface px-3 text-foreground"
      />
    </div>
  );
}

/** The amount in cents, or a toast with the spec's text and null. */
function readAmount(text: string, minimumText: string): number | null {
  const cents = dollarsToCents(text);
  if (cents === null) {
    toast.error('Invalid amount', { description: 'Please enter an amount in dollars, e.g. 25.00' });
    return null;
  }
  if (cents < MIN_MONEY_CENTS) {
    toast.error('Invalid amount', { description: minimumText });
    return null;
  }
  return cents;
}

/** An Observer learns before typing an amount that deposits need a plan, and where to get one. */
function DepositsStartAtBasic() {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-gold-400/40 bg-surface-muted p-4">
      <p className="text-foreground text-sm">{DEPOSITS_START_TEXT}</p>
      <Button asChild variant="gold">
        <Link to={paths.subscription}>Upgrade</Link>
      </Button>
    </div>
  );
}

function DepositForm({ onStarted }: { onStarted: (checkoutId: string) => void }) {
  const [amount, setAmount] = useState('');
  const attempt = useAttemptKey();
  const deposit = useDeposit();
  // A payment: held back while the e-mail is unconfirmed (decision 056), as the server does.
  const payment = usePaymentButton(WALLET_EMAIL_UNCONFIRMED_TEXT);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = readAmount(amount, MIN_DEPOSIT_TEXT);
    if (cents === null) return;
    const tab = openPendingTab();
    deposit.mutate(
      { key: attempt.key, body: { amount_cents: cents } },
      {
        onSuccess: ({ url, checkout_id }) => {
          toast.success(WALLET_TOASTS.depositRedirect, {
            description: WALLET_TOASTS.depositRedirectDescription,
          });
          tab.go(url);
          onStarted(checkout_id);
          setAmount('');
          attempt.renew();
        },
        onError: (error) => {
          tab.close();
          attempt.afterFailure(error);
          toast.error(WALLET_TOASTS.depositFailed, { description: errorMessage(error) });
        },
      },
    );
  };
  return (
    // noValidate: the spec's own texts (toasts) say what is wrong, not the browser's bubble.
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <AmountField
        value={amount}
        onChange={(v) => {
          setAmount(v);
          attempt.renew();
        }}
      />
      <Button
        type="submit"
        variant="gold"
        disabled={deposit.isPending || payment.blocked}
        aria-describedby={payment.describedBy}
      >
        {deposit.isPending ? 'Starting…' : 'Deposit'}
      </Button>
      {payment.note}
      <p className="text-muted-foreground text-xs">
        You pay on the payment page; your balance updates once the payment is confirmed.
      </p>
    </form>
  );
}

function WithdrawForm() {
  const [amount, setAmount] = useState('');
  const attempt = useAttemptKey();
  const withdraw = useWithdraw();
  // No payment block here: a withdrawal pays out the member's own money, so the server takes it
  // from an unconfirmed member too (decision 056).
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = readAmount(amount, MIN_WITHDRAWAL_TEXT);
    if (cents === null) return;
    withdraw.mutate(
      { key: attempt.key, body: { amount_cents: cents } },
      {
        onSuccess: (reply) => {
          toast.success(WALLET_TOASTS.withdrawalProcessed, {
            description: `New balance: ${formatCents(reply.new_balance_cents)}`,
          });
          setAmount('');
          attempt.renew();
        },
        onError: (error) => {
          attempt.afterFailure(error);
          toast.error(WALLET_TOASTS.withdrawalFailed, { description: errorMessage(error) });
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <AmountField
        value={amount}
        onChange={(v) => {
          setAmount(v);
          attempt.renew();
        }}
      />
      <Button type="submit" disabled={withdraw.isPending}>
        {withdraw.isPending ? 'Withdrawing…' : 'Withdraw'}
      </Button>
    </form>
  );
}

function TransferForm() {
  const ids = { receiver: useId(), type: useId(), message: useId() };
  const [receiver, setReceiver] = useState('');
  const [amount, setAmount] = useState('');
  const [type, setType] = useState<TransferType>('general');
  const [message, setMessage] = useState('');
  const attempt = useAttemptKey();
  const [warning, setWarning] = useState<{ reason: string | null; message: string } | null>(null);
  const transfer = useTransfer();
  const payment = usePaymentButton(WALLET_EMAIL_UNCONFIRMED_TEXT);
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      attempt.renew();
      setWarning(null);
    };

  const send = (confirmed: boolean) => {
    if (receiver.trim() === '') {
      toast.error('Receiver required', { description: RECEIVER_HINT_TEXT });
      return;
    }
    const cents = readAmount(amount, MIN_TRANSFER_TEXT);
    if (cents === null) return;
    // Confirming is a new request (it says more): the refusal that asked for it renewed the key.
    transfer.mutate(
      {
        key: attempt.key,
        body: {
          receiver_id: receiver.trim(),
          amount_cents: cents,
          transfer_type: type,
          ...(message.trim() ? { message: message.trim() } : {}),
          ...(confirmed ? { confirmed: true } : {}),
        },
      },
      {
        onSuccess: (reply) => {
          const held = reply.transfer.status === 'held';
          toast.success(WALLET_TOASTS.transferSent, {
            description: held
              ? 'It is on hold until the cool-off ends; you can cancel it in your history until then.'
              : `New balance: ${formatCents(reply.new_balance_cents)}`,
          });
          setReceiver('');
          setAmount('');
          setMessage('');
          setWarning(null);
          attempt.renew();
        },
        onError: (error) => {
          attempt.afterFailure(error);
          if (error instanceof AppError && error.code === 'CONFIRMATION_REQUIRED') {
            setWarning({ reason: guardReasonText(error.details), message: error.message });
            return;
          }
          toast.error(WALLET_TOASTS.transferFailed, { description: errorMessage(error) });
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send(false);
      }}
      className="flex flex-col gap-3"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.receiver} className="font-semibold text-foreground text-sm">
          Receiver user ID
        </label>
        <input
          id={ids.receiver}
          value={receiver}
          onChange={(event) => edit(setReceiver)(event.target.value)}
          placeholder={RECEIVER_HINT_TEXT}
          autoComplete="off"
          className="min-h-11 rounded-xl border border-border bg-surface px-3 text-foreground"
        />
      </div>
      <AmountField value={amount} onChange={edit(setAmount)} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.type} className="font-semibold text-foreground text-sm">
          Transfer type
        </label>
        <select
          id={ids.type}
          value={type}
          onChange={(event) => edit(setType)(event.target.value as TransferType)}
          className="min-h-11 rounded-xl border border-border bg-surface px-3 text-foreground"
        >
          {TRANSFER_TYPES.map((t) => (
            <option key={t} value={t}>
              {TRANSFER_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.message} className="font-semibold text-foreground text-sm">
          Message (optional)
        </label>
        <textarea
          id={ids.message}
          value={message}
          maxLength={200}
          rows={2}
          onChange={(event) => edit(setMessage)(event.target.value)}
          className="rounded-xl border border-border bg-surface px-3 py-2 text-foreground"
        />
      </div>
      {warning ? (
        <ScamWarning
          reason={warning.reason}
          message={warning.message}
          pending={transfer.isPending}
          onConfirm={() => send(true)}
          onDismiss={() => {
            // Dismissing drops the confirmed attempt: a later send is a new one.
            setWarning(null);
            attempt.renew();
          }}
        />
      ) : (
        <>
          <Button
            type="submit"
            variant="gold"
            disabled={transfer.isPending || payment.blocked}
            aria-describedby={payment.describedBy}
          >
            {transfer.isPending ? 'Sending…' : 'Send Transfer'}
          </Button>
          {payment.note}
        </>
      )}
    </form>
  );
}
