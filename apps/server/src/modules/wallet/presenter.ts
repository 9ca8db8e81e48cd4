import { TIERS, type TierLevel, type Wallet, type WalletHistoryItem } from '@royal/shared';
import type { peerTransfers, walletTransactions, withdrawals } from '../../db/schema';

export function presentWallet(row: { balanceCents: number; heldCents: number }, tier: TierLevel): Wallet {
  return {
    balance_cents: row.balanceCents,
    held_cents: row.heldCents,
    tier_level: tier,
    min_escrow_cents: TIERS[tier].minEscrowCents,
    max_escrow_cents: TIERS[tier].maxEscrowCents,
  };
}

export function presentWithdrawal(row: typeof withdrawals.$inferSelect) {
  return {
    id: row.id,
    amount_cents: row.amountCents,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentTransfer(
  row: Pick<
    typeof peerTransfers.$inferSelect,
    'id' | 'receiverId' | 'amountCents' | 'transferType' | 'status' | 'releaseAt'
  >,
) {
  return {
    id: row.id,
    receiver_id: row.receiverId,
    amount_cents: row.amountCents,
    transfer_type: row.transferType,
    status: row.status,
    release_at: row.releaseAt?.toISOString() ?? null,
  };
}

export function presentHistoryItem(
  row: typeof walletTransactions.$inferSelect & { counterpartyName: string | null },
): WalletHistoryItem {
  return {
    id: row.id,
    amount_cents: row.amountCents,
    transaction_type: row.transactionType,
    transfer_type: row.transferType,
    counterparty:
      row.counterpartyId === null
        ? null
        : { id: row.counterpartyId, name: row.counterpartyName ?? 'Former member' },
    message: row.message,
    status: row.status,
    transfer_id: row.transferId,
    created_at: row.createdAt.toISOString(),
  };
}
