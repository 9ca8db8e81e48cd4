import { TRANSACTION_TYPES, TRANSFER_TYPES } from '@royal/shared';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgEnum, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idPk, updatedAt } from './columns';

// Money (DESIGN.md "Money"): integer cents, a double-entry ledger of append-only entries whose lines
// sum to zero (enforced at commit by the trigger in the `ledger_guards` migration), and per-member
// wallet rows that carry the spendable balance and are locked (FOR UPDATE, in user-id order) by every
// operation that moves money. The ledger and the member-visible history deliberately have no foreign
// key to users: financial records are kept for 7 years, beyond an account's deletion.

const cents = (name: string) => bigint(name, { mode: 'number' });

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

export const ledgerEntries = pgTable('ledger_entries', {
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
});

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
    status: walletTransactionStatus('status').notNull().default('completed'),
    createdAt: createdAt(),
    /** A pending withdrawal becomes completed or voided later. */
    updatedAt: updatedAt(),
  },
  (t) => [
    index('wallet_transactions_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('wallet_transactions_type_idx').on(t.transactionType),
  ],
);
