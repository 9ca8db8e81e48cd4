import {
  formatCents,
  TRANSACTION_TYPE_LABELS,
  TRANSFER_TYPE_LABELS,
  WALLET_TOASTS,
  type WalletHistoryItem,
} from '@royal/shared';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useCancelTransfer, useWalletHistory } from '../api/wallet';

const STATUS_LABELS: Record<WalletHistoryItem['status'], string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  voided: 'Cancelled',
};

/** The member's wallet movements, newest first, with "Load more" and Cancel on a held transfer. */
export function WalletHistory({ enabled }: { enabled: boolean }) {
  const history = useWalletHistory(enabled);
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="wallet-history" className="mt-5">
      <h3 id="wallet-history" className="font-semibold text-foreground">
        History
      </h3>
      {history.isPending ? (
        <Spinner className="mt-3" />
      ) : history.isError ? (
        <p className="mt-2 text-muted-foreground text-sm">{errorMessage(history.error)}</p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-muted-foreground text-sm">No transactions yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-border rounded-2xl border border-border">
          {items.map((item) => (
            <HistoryRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      {history.hasNextPage && (
        <Button
          variant="ghost"
          className="mt-2 w-full"
          onClick={() => void history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
        >
          Load more
        </Button>
      )}
    </section>
  );
}

/** A cancelled movement, or a transfer that failed and came back: the amount did not move. */
const movedNothing = (item: WalletHistoryItem) => item.status === 'voided' || item.status === 'failed';

/**
 * The row's status in words. A transfer fails only one way: held, it could not be delivered and went
 * back to the sender's balance (decision 027), which 'Failed' would leave the member to wonder about.
 */
function statusLabel(item: WalletHistoryItem): string {
  if (item.status === 'failed' && item.transfer_id !== null) return 'Returned';
  return STATUS_LABELS[item.status];
}

function HistoryRow({ item }: { item: WalletHistoryItem }) {
  const cancel = useCancelTransfer();
  const incoming = item.amount_cents > 0;
  const what = item.transfer_type
    ? `${TRANSFER_TYPE_LABELS[item.transfer_type]} ${incoming ? 'from' : 'to'} ${item.counterparty?.name ?? 'a member'}`
    : TRANSACTION_TYPE_LABELS[item.transaction_type];
  const cancellable = item.transfer_id !== null && item.status === 'pending' && !incoming;
  return (
    <li className="flex items-center gap-3 px-3 py-2.5" data-testid="wallet-history-row">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-foreground text-sm">{what}</p>
        <p className="truncate text-muted-foreground text-xs">
          {new Date(item.created_at).toLocaleString()} · {statusLabel(item)}
          {item.message ? ` · “${item.message}”` : ''}
        </p>
      </div>
      <p
        className={cn(
          'shrink-0 font-semibold text-sm tabular-nums',
          movedNothing(item)
            ? 'text-muted-foreground line-through'
            : incoming
              ? 'text-emerald-700 dark:text-emerald-400'
              : 'text-foreground',
        )}
      >
        {incoming ? '+' : '−'}
        {formatCents(Math.abs(item.amount_cents))}
      </p>
      {cancellable && (
        <Button
          variant="outline"
          className="min-h-9 px-3 text-xs"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(item.transfer_id as string, {
              onSuccess: () =>
                toast.success(WALLET_TOASTS.walletUpdated, { description: 'Transfer cancelled' }),
              onError: (error) =>
                toast.error(WALLET_TOASTS.transferFailed, { description: errorMessage(error) }),
            })
          }
        >
          Cancel
        </Button>
      )}
    </li>
  );
}
