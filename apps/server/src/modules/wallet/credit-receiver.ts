import { formatCents, TRANSFER_TYPE_LABELS } from '@royal/shared';
import { type peerTransfers, walletTransactions } from '../../db/schema';
import type { Work } from '../../db/transaction';
import { notify } from '../notifications';

// Shared by a transfer sent at once (transfer.ts) and a held one released after its cool-off
// (release.ts): the same history row and notice, whichever way the money arrived.

/** The receiver's side of an arrived transfer: the history row and a notification. */
export async function creditReceiver(
  work: Work,
  transfer: typeof peerTransfers.$inferSelect,
  entryId: string,
  senderName: string,
) {
  await work.tx.insert(walletTransactions).values({
    userId: transfer.receiverId,
    entryId,
    amountCents: transfer.amountCents,
    transactionType: 'transfer',
    counterpartyId: transfer.senderId,
    transferType: transfer.transferType,
    message: transfer.message,
    transferId: transfer.id,
  });
  await notify(work, [
    {
      userId: transfer.receiverId,
      type: 'system',
      title: 'Transfer received',
      message: `${senderName} sent you ${formatCents(transfer.amountCents)} (${TRANSFER_TYPE_LABELS[transfer.transferType]})`,
      actorId: transfer.senderId,
      link: '/more?wallet=open',
      dedupeKey: `transfer:${transfer.id}`,
    },
  ]);
}
