import { PEER_TRANSFER_STATUSES, TRANSACTION_TYPES, TRANSFER_TYPES } from '@royal/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { cents, createdAt, idPk, tstz, updatedAt } from './columns';

// Money (DESIGN.md "Money"): integer cents, a double-entry ledger of append-only entries whose lines
// sum to zero (enforced at commit by the trigger in the `ledger_guards` migration), and per-member
// wallet rows that carry the spendable balance and are locked (FOR UPDATE, in user-id order) by every
// operation that moves money. The ledger and the member-visible history deliberately have no foreign
// key to users: financial records are kept for 7 years, beyond an account's deletion.

export const ledgerAccountKind = pgEnum('ledger_account_kind', [
  'user_wallet',
  'user_hold',
  'platform_cash',
  'platform_revenue',
  'provider_clearing',
]);
export const transactionType = pgEnum('transaction_type', TRANSACTION_TYPES);
export const transferType = pgEnum('transfer_type', TRANSFER_TYPES);
export const walletTransactionStatus = pgEnum('wallet_transaction_status', [
  'pending',
  'completed',
  'failed',
  'voided',
]);

/**
 * The spec's escrow wallet. `current_balance_cents` is spendable; `held_cents` is reserved by pending
 * withdrawals. Both mirror the member's ledger accounts and can never go negative.
 */
export const escrowWallets = pgTable(
  'escrow_wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    currentBalanceCents: cents('current_balance_cents').notNull().default(0),
    heldCents: cents('held_cents').notNull().default(0),
    /** The member's two ledger accounts, read with the lock so a posting needs no further lookup. */
    walletAccountId: uuid('wallet_account_id')
      .notNull()
      .references((): AnyPgColumn => ledgerAccounts.id),
    holdAccountId: uuid('hold_account_id')
      .notNull()
      .references((): AnyPgColumn => ledgerAccounts.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('escrow_wallets_balance_non_negative', sql`${t.currentBalanceCents} >= 0`),
    check('escrow_wallets_held_non_negative', sql`${t.heldCents} >= 0`),
  ],
);

/** Member accounts carry a user id; platform accounts have none and exist once per kind. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: idPk(),
    kind: ledgerAccountKind('kind').notNull(),
    userId: uuid('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // NULLS NOT DISTINCT: without it every platform account (user_id null) could be created twice.
    unique('ledger_accounts_kind_user_key').on(t.kind, t.userId).nullsNotDistinct(),
    check(
      'ledger_accounts_owner_matches_kind',
      sql`(${t.kind} in ('user_wallet', 'user_hold')) = (${t.userId} is not null)`,
    ),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: idPk(),
    transactionType: transactionType('transaction_type').notNull(),
    description: text('description'),
    /** The client's Idempotency-Key (scoped by the service, e.g. `<userId>:<key>`): a retry finds the entry. */
    idempotencyKey: text('idempotency_key').unique(),
    /** The payment provider's event id: a webhook delivered twice posts once. */
    providerEventId: text('provider_event_id').unique(),
    /** Member or admin who caused the entry; null for provider webhooks and jobs. */
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  // The retention job's scan for entries past seven years (modules/wallet/retention.ts): entries are
  // appended in time order, so a BRIN index serves the range at a fraction of a btree's size.
  (t) => [index('ledger_entries_created_brin_idx').using('brin', t.createdAt)],
);

export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: idPk(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Positive debits the account (money in), negative credits it (money out). */
    amountCents: cents('amount_cents').notNull(),
  },
  (t) => [
    check('ledger_lines_amount_non_zero', sql`${t.amountCents} <> 0`),
    index('ledger_lines_entry_idx').on(t.entryId),
    index('ledger_lines_account_idx').on(t.accountId),
  ],
);

/**
 * The member-visible history (one row per member per movement, signed from that member's point of
 * view) and the source of admin revenue figures (sum of completed deposits).
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: idPk(),
    userId: uuid('user_id').notNull(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    amountCents: cents('amount_cents').notNull(),
    transactionType: transactionType('transaction_type').notNull(),
    counterpartyId: uuid('counterparty_id'),
    transferType: transferType('transfer_type'),
    message: text('message'),
    /** The peer transfer a transfer row belongs to (a held one can be cancelled by its id). */
    transferId: uuid('transfer_id'),
    status: walletTransactionStatus('status').notNull().default('completed'),
    createdAt: createdAt(),
    /** A pending withdrawal becomes completed or voided later. */
    updatedAt: updatedAt(),
  },
  (t) => [
    index('wallet_transactions_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('wallet_transactions_type_idx').on(t.transactionType),
    // Deleting an entry past retention checks and deletes its history rows by entry (without this,
    // each deleted entry's foreign-key check reads the whole table).
    index('wallet_transactions_entry_idx').on(t.entryId),
    // A transfer's rows (cancel, release, and the retention job asking whether any is left).
    index('wallet_transactions_transfer_idx').on(t.transferId).where(sql`${t.transferId} is not null`),
  ],
);

/**
 * One row per (member, Idempotency-Key) on every money route, written in the same transaction as the
 * operation: a concurrent duplicate blocks on the primary key until the first commits, then reads the
 * stored reply. `request_hash` refuses the same key reused for a different request.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code'),
    reply: jsonb('reply'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export const withdrawalStatus = pgEnum('withdrawal_status', ['pending', 'paid', 'failed']);

/**
 * A two-phase withdrawal: the amount is held at once; the payout's result posts it (paid) or releases
 * it (failed). Our id is the provider's idempotency key, so asking twice pays once.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: idPk(),
    userId: uuid('user_id').notNull(),
    amountCents: cents('amount_cents').notNull(),
    status: withdrawalStatus('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    holdEntryId: uuid('hold_entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    providerPayoutId: text('provider_payout_id'),
    /** Set once the provider accepted the payout request; a pending row without it is asked again. */
    payoutRequestedAt: tstz('payout_requested_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('withdrawals_amount_positive', sql`${t.amountCents} > 0`),
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    // The foreign-key check when the retention job deletes a hold entry.
    index('withdrawals_hold_entry_idx').on(t.holdEntryId),
  ],
);

export const peerTransferStatus = pgEnum('peer_transfer_status', PEER_TRANSFER_STATUSES);

/**
 * A member-to-member transfer. A guarded one (a new match, a large amount) is `held` in the sender's
 * hold account until `release_at`; the sender may cancel it until then. Released, it is `completed`
 * if every rule of a transfer still holds, else `returned` to the sender.
 */
export const peerTransfers = pgTable(
  'peer_transfers',
  {
    id: idPk(),
    senderId: uuid('sender_id').notNull(),
    receiverId: uuid('receiver_id').notNull(),
    amountCents: cents('amount_cents').notNull(),
    transferType: transferType('transfer_type').notNull(),
    message: text('message'),
    status: peerTransferStatus('status').notNull(),
    releaseAt: tstz('release_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('peer_transfers_amount_positive', sql`${t.amountCents} > 0`),
    check('peer_transfers_not_to_self', sql`${t.senderId} <> ${t.receiverId}`),
    // What a sender sent one member in the last 24 hours (the large-amount guard): one range.
    index('peer_transfers_pair_idx').on(t.senderId, t.receiverId, t.createdAt),
    index('peer_transfers_due_idx').on(t.status, t.releaseAt),
    // Transfers held by the scam guardrails that their sender then cancelled, by receiver: the
    // Auto-block setting's second sign of a suspect (modules/safety/auto-block.ts). Only a held
    // transfer can be cancelled.
    index('peer_transfers_cancelled_receiver_idx').on(t.receiverId).where(sql`${t.status} = 'cancelled'`),
  ],
);
