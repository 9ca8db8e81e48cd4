import { formatCents, TRANSFER_TYPE_LABELS } from '@royal/shared';
import { type peerTransfers, walletTransactions } from '../../db/schema';
import type { Work } from '../../db/transaction';
import { type NewNotification, notify } from '../notifications';

// The receiver's side of an arrived transfer, whichever way the money arrived: a held one released
// after its cool-off (release.ts, here) or one sent at once (record_transfer, which writes the same
// history row and this notice in its statement).

type ArrivedTransfer = Pick<
  typeof peerTransfers.$inferSelect,
  'id' | 'senderId' | 'receiverId' | 'amountCents' | 'transferType'
>;

/** What the receiver of an arrived transfer is told. */
export function receivedNotice(transfer: ArrivedTransfer, senderName: string): NewNotification {
  return {
    userId: transfer.receiverId,
    type: 'system',
    title: 'Transfer received',
    message: `${senderName} sent you ${formatCents(transfer.amountCents)} (${TRANSFER_TYPE_LABELS[transfer.transferType]})`,
    actorId: transfer.senderId,
    link: '/more?wallet=open',
    dedupeKey: `transfer:${transfer.id}`,
  };
}

/** The history row and the notice of a held transfer that arrived. */
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
  await notify(work, [receivedNotice(transfer, senderName)]);
}
